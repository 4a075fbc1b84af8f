import { MAX_TIME_CREDIT_HOURS, MIN_TIME_CREDIT_HOURS, TIME_CREDIT_STATUSES } from '../../contracts';
import type { Migration } from '../migrator';
import { APP_ROLE } from '../roles';

const statuses = TIME_CREDIT_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * Time in lieu (issue 29): extra hours a person logs, pending until an admin decides; an approval
 * records a `time_credit` balance entry (balance_entries.time_credit_id). Row-level security as on
 * every tenant table.
 */
export const timeCredits: Migration = {
  name: '0022-time-credits',
  async up({ context: sequelize }) {
    await sequelize.transaction((transaction) =>
      sequelize.query(
        `
      CREATE TABLE time_credits (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        employee_id integer NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        date date NOT NULL,
        hours numeric(4, 1) NOT NULL CHECK (hours BETWEEN ${MIN_TIME_CREDIT_HOURS} AND ${MAX_TIME_CREDIT_HOURS}),
        reason text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN (${statuses})),
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz,
        decided_by integer REFERENCES users (id) ON DELETE SET NULL
      );
      -- The company's list, newest first; a person's own list filters it by employee.
      CREATE INDEX time_credits_company_idx ON time_credits (company_id, created_at DESC, id DESC);
      CREATE INDEX time_credits_employee_idx ON time_credits (employee_id);

      ALTER TABLE time_credits ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
      DO $$ BEGIN
        EXECUTE format('CREATE POLICY schema_owner ON time_credits TO %I USING (true) WITH CHECK (true)', current_user);
      END $$;
      CREATE POLICY company_rows ON time_credits
        USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
      GRANT SELECT, INSERT, UPDATE, DELETE ON time_credits TO ${APP_ROLE};
      GRANT USAGE, SELECT ON SEQUENCE time_credits_id_seq TO ${APP_ROLE};
    `,
        { transaction },
      ),
    );
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE time_credits');
  },
};
