import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  DEFAULT_LEAVE_POLICY,
  LEDGER_BALANCES,
  LEDGER_FIGURES,
  RECORDED_ENTRY_KINDS,
  type EmployeeBalancesInput,
} from '../../contracts';
import { openingOfFigures, sixFiguresOfInput } from '../../rules';
import type { Migration } from '../migrator';
import { APP_ROLE } from '../roles';

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

const TENANT_TABLES = ['leave_policies', 'employee_work_patterns', 'balance_entries', 'balance_year_closings'];

/** Employees opened per statement: each is a few adjustment entries. */
const OPENING_BATCH = 2_000;

/** The stored figures, numerics read as text. */
type StoredFigureColumns = Record<keyof EmployeeBalancesInput, string>;

interface FiguresRow extends StoredFigureColumns {
  id: number;
  company_id: number;
  hire_date: string;
  today: string;
}

/**
 * Every employee's figures before the ledger become the opening of their current leave year
 * (openingOfFigures: their totals become their own allowances, the rest adjustment entries on the
 * year's first day), so the six figures read the same after as before. No company has a policy yet:
 * the default one (January year) applies.
 */
async function openLedgers(sequelize: Sequelize, transaction: Transaction): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await sequelize.query<FiguresRow>(
      `SELECT e.id, e.company_id, e.hire_date::text AS hire_date, (now() AT TIME ZONE c.time_zone)::date::text AS today,
              e.vacation_days_total, e.vacation_days_used, e.sick_days_total, e.sick_days_used,
              e.bank_hours_total, e.bank_hours_used
         FROM employees e JOIN companies c ON c.id = e.company_id
        WHERE e.id > :after AND e.ledger_from_year IS NULL
        ORDER BY e.id LIMIT :batch`,
      { replacements: { after, batch: OPENING_BATCH }, type: QueryTypes.SELECT, transaction },
    );
    if (rows.length === 0) return;
    const openings = rows.map((row) => ({
      row,
      opening: openingOfFigures(
        DEFAULT_LEAVE_POLICY,
        { hireDate: row.hire_date, endDate: null },
        sixFiguresOfInput(row),
        row.today,
      ),
    }));
    const entries = openings.flatMap(({ row, opening }) =>
      opening.entries.map((entry) => ({
        company_id: row.company_id,
        employee_id: row.id,
        leave_year: opening.year,
        balance: entry.balance,
        kind: entry.kind,
        figure: entry.figure,
        entry_date: entry.date,
        amount: entry.amount,
        note: entry.note,
      })),
    );
    const employees = openings.map(({ row, opening }) => ({
      id: row.id,
      ledger_from_year: opening.year,
      vacation_days_allowance: opening.vacationDays,
      sick_days_allowance: opening.sickDays,
      valid_until: opening.validUntil,
    }));
    await sequelize.query(
      `INSERT INTO balance_entries (company_id, employee_id, leave_year, balance, kind, figure, entry_date, amount, note)
       SELECT company_id, employee_id, leave_year, balance, kind, figure, entry_date, amount, note
         FROM jsonb_to_recordset(:entries::jsonb) AS x(company_id integer, employee_id integer, leave_year integer,
              balance text, kind text, figure text, entry_date date, amount numeric, note text)`,
      { replacements: { entries: JSON.stringify(entries) }, transaction },
    );
    await sequelize.query(
      `UPDATE employees e
          SET ledger_from_year = x.ledger_from_year, vacation_days_allowance = x.vacation_days_allowance,
              sick_days_allowance = x.sick_days_allowance, balance_figures_valid_until = x.valid_until
         FROM jsonb_to_recordset(:employees::jsonb) AS x(id integer, ledger_from_year integer,
              vacation_days_allowance numeric, sick_days_allowance numeric, valid_until date)
        WHERE e.id = x.id`,
      { replacements: { employees: JSON.stringify(employees) }, transaction },
    );
    after = rows.at(-1)!.id;
  }
}

/**
 * Leave years (issue 29): balances become a ledger. Stored are the company's policy versions, each
 * person's pattern history, the RECORDED entries (adjustments, leave taken and returned, time credits)
 * and the kept closing of each finished year; allowance, accrual, carry-over and expiry are derived
 * by the rules on read. The figures on `employees` stay, as a cache of the current year's ledger valid
 * through balance_figures_valid_until (services/src/balances/balances.repository.ts keeps it).
 * Row-level security as on every tenant table.
 */
export const leaveYears: Migration = {
  name: '0021-leave-years',
  async up({ context: sequelize }) {
    await sequelize.transaction(async (transaction) => {
      await sequelize.query(
        `
      CREATE TABLE leave_policies (
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        applies_from_year integer NOT NULL,
        policy jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, applies_from_year)
      );

      ALTER TABLE employees
        ADD COLUMN end_date date,
        -- The person's own pattern as last set (null: the company's); its history is employee_work_patterns.
        ADD COLUMN work_pattern jsonb,
        -- The person's annual allowances; null: the policy's.
        ADD COLUMN vacation_days_allowance numeric(6, 1) CHECK (vacation_days_allowance >= 0),
        ADD COLUMN sick_days_allowance numeric(6, 1) CHECK (sick_days_allowance >= 0),
        -- The first leave year of the person's ledger (the year before has no closing).
        ADD COLUMN ledger_from_year integer,
        ADD COLUMN vacation_days_carried numeric(6, 1) NOT NULL DEFAULT 0,
        ADD COLUMN vacation_days_expiring numeric(6, 1) NOT NULL DEFAULT 0,
        ADD COLUMN vacation_days_expiring_on date,
        -- The last day the stored figures hold; null: not worked out by the ledger yet.
        ADD COLUMN balance_figures_valid_until date,
        -- Totals are the ledger's: hours owed carried into a year, or an admin's adjustment below what
        -- has accrued so far, make one negative.
        DROP CONSTRAINT employees_vacation_days_total_check,
        DROP CONSTRAINT employees_sick_days_total_check,
        DROP CONSTRAINT employees_bank_hours_total_check;
      CREATE INDEX employees_figures_valid_until_idx ON employees (company_id, balance_figures_valid_until)
        WHERE deleted_at IS NULL;

      CREATE TABLE employee_work_patterns (
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        employee_id integer NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
        effective_from date NOT NULL,
        -- Null: the company's pattern again from that day.
        pattern jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (employee_id, effective_from)
      );
      CREATE INDEX employee_work_patterns_company_idx ON employee_work_patterns (company_id);

      CREATE TABLE balance_entries (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        employee_id integer NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
        leave_year integer NOT NULL,
        balance text NOT NULL CHECK (balance IN (${quoted(LEDGER_BALANCES)})),
        kind text NOT NULL CHECK (kind IN (${quoted(RECORDED_ENTRY_KINDS)})),
        figure text NOT NULL CHECK (figure IN (${quoted(LEDGER_FIGURES)})),
        entry_date date NOT NULL,
        amount numeric(7, 1) NOT NULL,
        note text,
        -- No foreign keys: the request or credit an entry came from may be erased, the entry stays.
        leave_request_id integer,
        time_credit_id integer,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX balance_entries_year_idx ON balance_entries (company_id, employee_id, leave_year);
      CREATE INDEX balance_entries_leave_request_idx ON balance_entries (leave_request_id)
        WHERE leave_request_id IS NOT NULL;

      CREATE TABLE balance_year_closings (
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        employee_id integer NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
        year integer NOT NULL,
        closing jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (employee_id, year)
      );
      CREATE INDEX balance_year_closings_company_idx ON balance_year_closings (company_id);

      DO $$
      DECLARE
        tenant_table text;
      BEGIN
        FOREACH tenant_table IN ARRAY ARRAY[${quoted(TENANT_TABLES)}] LOOP
          EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY', tenant_table);
          EXECUTE format('CREATE POLICY schema_owner ON %I TO %I USING (true) WITH CHECK (true)', tenant_table, current_user);
          EXECUTE format(
            'CREATE POLICY company_rows ON %I USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id())',
            tenant_table
          );
        END LOOP;
      END $$;
      GRANT SELECT, INSERT, UPDATE, DELETE ON ${TENANT_TABLES.join(', ')} TO ${APP_ROLE};
      GRANT USAGE, SELECT ON SEQUENCE balance_entries_id_seq TO ${APP_ROLE};
    `,
        { transaction },
      );
      await openLedgers(sequelize, transaction);
    });
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TABLE balance_year_closings, balance_entries, employee_work_patterns, leave_policies;
      DROP INDEX employees_figures_valid_until_idx;
      ALTER TABLE employees
        DROP COLUMN end_date, DROP COLUMN work_pattern, DROP COLUMN vacation_days_allowance,
        DROP COLUMN sick_days_allowance, DROP COLUMN ledger_from_year, DROP COLUMN vacation_days_carried,
        DROP COLUMN vacation_days_expiring, DROP COLUMN vacation_days_expiring_on,
        DROP COLUMN balance_figures_valid_until,
        ADD CONSTRAINT employees_vacation_days_total_check CHECK (vacation_days_total >= 0),
        ADD CONSTRAINT employees_sick_days_total_check CHECK (sick_days_total >= 0),
        ADD CONSTRAINT employees_bank_hours_total_check CHECK (bank_hours_total >= 0);
    `);
  },
};
