import { Client } from 'pg';
import { Sequelize } from 'sequelize';
import { backfillLeaveDays, createMigrator } from '@teamfolk/shared';
import { createTestDatabase, type TestDatabase } from '@teamfolk/shared/testing';

let db: TestDatabase;
let owner: Client;
let schemaOwner: Sequelize;

async function rows<Row extends object>(sql: string, values: unknown[] = []): Promise<Row[]> {
  return (await owner.query<Row>(sql, values)).rows;
}

beforeAll(async () => {
  db = await createTestDatabase();
  owner = new Client({ connectionString: db.url });
  await owner.connect();
  schemaOwner = new Sequelize(db.url, { dialect: 'postgres', logging: false });
});
afterAll(async () => {
  await owner?.end();
  await schemaOwner?.close();
  await db?.drop();
});

describe('migration 0025: leave days', () => {
  it('counts the approved requests there were by patterns, holidays and partial days', async () => {
    await createMigrator(schemaOwner).down({ to: '0025-leave-days' });
    const [company] = await rows<{ id: number }>(
      `INSERT INTO companies (name, country) VALUES ('Backfilled', 'GB') RETURNING id`,
    );
    const employee = async (name: string) =>
      (
        await rows<{ id: number }>(`INSERT INTO employees (company_id, name, email) VALUES ($1, $2, $3) RETURNING id`, [
          company!.id,
          name,
          `${name}@example.com`,
        ])
      )[0]!.id;
    const fullTime = await employee('full');
    const partTime = await employee('part');
    await owner.query(
      `INSERT INTO employee_work_patterns (company_id, employee_id, effective_from, pattern)
       VALUES ($1, $2, '2020-01-01', '{"mon":8,"tue":8,"wed":8,"thu":0,"fri":0,"sat":0,"sun":0}')`,
      [company!.id, partTime],
    );
    const request = async (
      employeeId: number,
      status: string,
      [start, end]: [string, string],
      times: [string, string] | null = null,
    ) =>
      owner.query(
        `INSERT INTO leave_requests (company_id, employee_id, employee_name, request_type, leave_type, start_date,
                                     end_date, start_time, end_time, days_count, hours_count, status)
         VALUES ($1, $2, 'x', 'vacation', $3, $4, $5, $6, $7, 1, 8, $8)`,
        [company!.id, employeeId, times ? 'partial_day' : 'full_day', start, end, times?.[0], times?.[1], status],
      );
    // Thu 24 – Tue 29 December 2026: Christmas, the weekend and the substitute Boxing Day off.
    await request(fullTime, 'approved', ['2026-12-24', '2026-12-29']);
    await request(fullTime, 'approved', ['2026-12-30', '2026-12-30'], ['09:00', '11:00']);
    await request(fullTime, 'pending', ['2026-12-31', '2026-12-31']);
    // Mon 7 – Fri 11 December for someone who works Monday to Wednesday.
    await request(partTime, 'approved', ['2026-12-07', '2026-12-11']);

    await createMigrator(schemaOwner).up();
    await backfillLeaveDays(schemaOwner);

    const days = await rows<{ employee_id: number; date: string; days: string; hours: string }>(
      `SELECT employee_id, date::text AS date, days, hours FROM leave_days ORDER BY employee_id, date`,
    );
    expect(days.map((day) => [day.employee_id, day.date, Number(day.days), Number(day.hours)])).toEqual([
      [fullTime, '2026-12-24', 1, 8],
      [fullTime, '2026-12-29', 1, 8],
      [fullTime, '2026-12-30', 0.3, 2],
      [partTime, '2026-12-07', 1, 8],
      [partTime, '2026-12-08', 1, 8],
      [partTime, '2026-12-09', 1, 8],
    ]);
  });
});
