import { Client } from 'pg';
import { Sequelize } from 'sequelize';
import {
  buildYearLedger,
  createMigrator,
  DEFAULT_LEAVE_POLICY,
  sixFiguresOf,
  sixFiguresOfInput,
  type BalanceEntry,
  type EmployeeBalancesInput,
} from '@teamfolk/shared';
import { createTestDatabase, type TestDatabase } from '@teamfolk/shared/testing';
import { seedScale } from './seed-scale';

const SEEDING_MS = 180_000;

let db: TestDatabase;
let owner: Client;
let schemaOwner: Sequelize;

/** The stored figures, numerics read as text. */
type StoredFigureColumns = Record<keyof EmployeeBalancesInput, string>;

interface EmployeeFigures extends StoredFigureColumns {
  id: number;
}

async function rows<Row extends object>(sql: string): Promise<Row[]> {
  return (await owner.query<Row>(sql)).rows;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await seedScale({ databaseUrl: db.url, companies: 12, employees: 600, years: 1, seed: 11 });
  owner = new Client({ connectionString: db.url });
  await owner.connect();
  schemaOwner = new Sequelize(db.url, { dialect: 'postgres', logging: false });
}, SEEDING_MS);
afterAll(async () => {
  await owner?.end();
  await schemaOwner?.close();
  await db?.drop();
});

describe('migration 0021: leave years', () => {
  it(
    "opens every employee's current leave year at the six figures they had, across many companies",
    async () => {
      const migrator = createMigrator(schemaOwner);
      await migrator.down({ to: '0021-leave-years' });
      // Varied figures, as years of admins' edits leave them, with the bank in use.
      await owner.query(`UPDATE employees SET vacation_days_total = 20 + id % 11, vacation_days_used = id % 7,
                              sick_days_used = id % 3 * 0.5, bank_hours_total = id % 13 * 1.5, bank_hours_used = id % 4`);
      const before = await rows<EmployeeFigures>('SELECT * FROM employees ORDER BY id');
      expect(before.length).toBe(600);

      await migrator.up();

      const after = await rows<
        EmployeeFigures & {
          hire_date: string;
          today: string;
          ledger_from_year: number;
          vacation_days_allowance: string;
          sick_days_allowance: string;
          entries: Array<BalanceEntry & { entry_date: string; leave_year: number }>;
        }
      >(
        `SELECT e.*, e.hire_date::text AS hire_date, (now() AT TIME ZONE c.time_zone)::date::text AS today,
              coalesce((SELECT json_agg(b) FROM balance_entries b WHERE b.employee_id = e.id), '[]') AS entries
         FROM employees e JOIN companies c ON c.id = e.company_id ORDER BY e.id`,
      );
      expect(after.map(sixFiguresOfInput)).toEqual(before.map(sixFiguresOfInput));
      for (const [index, row] of after.entries()) {
        const ledger = buildYearLedger({
          policy: DEFAULT_LEAVE_POLICY,
          person: {
            hireDate: row.hire_date,
            endDate: null,
            vacationDays: Number(row.vacation_days_allowance),
            sickDays: Number(row.sick_days_allowance),
          },
          year: row.ledger_from_year,
          previous: null,
          entries: row.entries.map((entry) => ({
            date: entry.entry_date,
            balance: entry.balance,
            kind: entry.kind,
            figure: entry.figure,
            amount: Number(entry.amount),
            note: entry.note,
            leave_request_id: null,
            time_credit_id: null,
          })),
          today: row.today,
        });
        expect(sixFiguresOf(ledger)).toEqual(sixFiguresOfInput(before[index]!));
      }
    },
    SEEDING_MS,
  );
});
