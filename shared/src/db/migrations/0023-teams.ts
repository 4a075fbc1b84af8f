import {
  BLOCKABLE_REQUEST_TYPES,
  DECISION_EMAIL_PREFERENCES,
  DEFAULT_DECISION_EMAIL_PREFERENCE,
} from '../../contracts';
import type { Migration } from '../migrator';
import { APP_ROLE } from '../roles';

const TENANT_TABLES = ['teams', 'team_approvers', 'blackouts'];
const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Teams and approvers (issue 30): teams with an optional cap, their approvers (employees), each
 * employee in at most one team, blackout periods (company-wide or one team's), and each user's
 * choice of decision e-mails. Row-level security as on every tenant table.
 */
export const teams: Migration = {
  name: '0023-teams',
  async up({ context: sequelize }) {
    await sequelize.transaction((transaction) =>
      sequelize.query(
        `
      CREATE TABLE teams (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        name text NOT NULL,
        max_absent integer CHECK (max_absent >= 1),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX teams_company_idx ON teams (company_id, name);

      -- position keeps the admin's order of approver_ids.
      CREATE TABLE team_approvers (
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        employee_id integer NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
        position integer NOT NULL,
        PRIMARY KEY (team_id, employee_id)
      );
      CREATE INDEX team_approvers_employee_idx ON team_approvers (employee_id);

      ALTER TABLE employees ADD COLUMN team_id integer REFERENCES teams (id) ON DELETE SET NULL;
      CREATE INDEX employees_team_idx ON employees (company_id, team_id);

      CREATE TABLE blackouts (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        team_id integer REFERENCES teams (id) ON DELETE CASCADE,
        start_date date NOT NULL,
        end_date date NOT NULL CHECK (end_date >= start_date),
        reason text NOT NULL,
        request_types text[] NOT NULL
          CHECK (cardinality(request_types) > 0 AND request_types <@ ARRAY[${quoted(BLOCKABLE_REQUEST_TYPES)}]::text[]),
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX blackouts_company_dates_idx ON blackouts (company_id, end_date, start_date);

      ALTER TABLE users ADD COLUMN decision_emails text NOT NULL DEFAULT '${DEFAULT_DECISION_EMAIL_PREFERENCE}'
        CHECK (decision_emails IN (${quoted(DECISION_EMAIL_PREFERENCES)}));

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
      GRANT USAGE, SELECT ON SEQUENCE teams_id_seq, blackouts_id_seq TO ${APP_ROLE};
    `,
        { transaction },
      ),
    );
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE users DROP COLUMN decision_emails;
      DROP TABLE blackouts;
      ALTER TABLE employees DROP COLUMN team_id;
      DROP TABLE team_approvers;
      DROP TABLE teams;
    `);
  },
};
