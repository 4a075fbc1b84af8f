import { Client } from 'pg';
import { runAsCompany, type Employee } from '@teamfolk/shared';
import { createTestDatabase, type TestDatabase } from '@teamfolk/shared/testing';
import { createCompanyWithAdmin, createEmployees, type CompanyWithAdmin } from '../testing/factories';
import { CalendarReplies } from './calendar-replies';

let db: TestDatabase;
let first: CompanyWithAdmin;
let second: CompanyWithAdmin;
let firstPerson: Employee;
let secondPerson: Employee;

beforeAll(async () => {
  db = await createTestDatabase();
  first = await createCompanyWithAdmin();
  second = await createCompanyWithAdmin();
  firstPerson = (await createEmployees(first.company, 1))[0]!;
  secondPerson = (await createEmployees(second.company, 1))[0]!;
});

afterAll(async () => {
  await db.drop();
});

/** A day off for `person`, written as the schema owner, with `client` when given (its transaction). */
function addLeave(person: Employee, day: string, client?: Client) {
  const sql = `INSERT INTO leave_requests (company_id, employee_id, user_id, employee_name, request_type, leave_type,
                                           start_date, end_date, days_count, hours_count, status)
               VALUES ($1, $2, NULL, $3, 'vacation', 'full_day', $4, $4, 1, 8, 'approved')`;
  const values = [person.companyId, person.id, person.name, day];
  return client ? client.query(sql, values) : db.sequelize.query(sql, { bind: values });
}

/** A cache whose replies count how often each company's was made. */
function countingReplies() {
  const replies = new CalendarReplies(db.sequelize);
  const made = new Map<number, number>();
  const ask = (companyId: number) =>
    runAsCompany(companyId, () =>
      replies.reply(companyId, 'month', async () => {
        made.set(companyId, (made.get(companyId) ?? 0) + 1);
        return { madeFor: companyId };
      }),
    );
  return { ask, made: (companyId: number) => made.get(companyId) ?? 0 };
}

describe("a company's kept calendar replies", () => {
  it("are made again after a change to the company's leave, however it was made, and only then", async () => {
    const { ask, made } = countingReplies();
    const [firstId, secondId] = [first.company.id, second.company.id];
    expect(JSON.parse((await ask(firstId)).body.toString())).toEqual({ madeFor: firstId });
    await ask(firstId);
    await ask(secondId);
    expect([made(firstId), made(secondId)]).toEqual([1, 1]);

    await addLeave(firstPerson, '2031-03-03');
    await ask(firstId);
    await ask(secondId);
    expect([made(firstId), made(secondId)]).toEqual([2, 1]);

    // Many rows in one transaction, and a transaction that rolls back.
    await db.sequelize.query("UPDATE leave_requests SET reason = 'Moved' WHERE company_id = :companyId", {
      replacements: { companyId: firstId },
    });
    await ask(firstId);
    await db.sequelize
      .transaction(async (transaction) => {
        await db.sequelize.query('DELETE FROM leave_requests', { transaction });
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    await ask(firstId);
    expect(made(firstId)).toBe(3);

    await addLeave(secondPerson, '2031-03-04');
    await db.sequelize.query('TRUNCATE leave_requests');
    await ask(firstId);
    await ask(secondId);
    expect([made(firstId), made(secondId)]).toEqual([4, 2]);
  });

  it('hang on a version the application may read, never set', async () => {
    const refused = (sql: string) =>
      runAsCompany(first.company.id, () => db.sequelize.query(sql)).then(
        () => 'accepted',
        (error: Error) => error.message,
      );
    expect(await refused('UPDATE calendar_versions SET version = 1')).toMatch(/permission denied/);
    expect(await refused(`INSERT INTO calendar_versions (company_id) VALUES (${first.company.id})`)).toMatch(
      /permission denied/,
    );
  });
});

describe('leave writes of one company', () => {
  it('do not wait for each other to commit: the version changes at the commit', async () => {
    const open = new Client({ connectionString: db.url });
    const other = new Client({ connectionString: db.url });
    await Promise.all([open.connect(), other.connect()]);
    try {
      await open.query('BEGIN');
      await addLeave(firstPerson, '2031-04-01', open);
      // Written and committed while the first transaction holds its row, which it has not committed.
      await other.query("SET statement_timeout = '2s'");
      await addLeave(firstPerson, '2031-04-02', other);
      await open.query('COMMIT');
      const { rows } = await other.query(
        "SELECT count(*)::int AS count FROM leave_requests WHERE start_date IN ('2031-04-01', '2031-04-02')",
      );
      expect(rows[0]).toEqual({ count: 2 });
    } finally {
      await Promise.all([open.end(), other.end()]);
    }
  });
});
