import type { Migration } from '../migrator';

const timestamps = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

export const accountsAndOutbox: Migration = {
  name: '0001-accounts-and-outbox',
  async up({ context: sequelize }) {
    await sequelize.query(`
      -- Business rows use integer ids (Sequelize returns int8 as strings); the append-only logs use bigint.
      CREATE TABLE companies (
        id serial PRIMARY KEY,
        name text NOT NULL,${timestamps}
      );

      CREATE TABLE users (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        email text NOT NULL,
        password_hash text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'employee')),
        name text NOT NULL,
        email_verified_at timestamptz,
        token_version integer NOT NULL DEFAULT 0,
        disabled_at timestamptz,
        last_login_at timestamptz,${timestamps}
      );
      CREATE UNIQUE INDEX users_email_key ON users (lower(email));
      CREATE INDEX users_company_id_idx ON users (company_id);

      CREATE TABLE employees (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        user_id integer UNIQUE REFERENCES users (id) ON DELETE SET NULL,
        name text NOT NULL,
        email text NOT NULL,
        job_role text NOT NULL DEFAULT '',
        hire_date date NOT NULL DEFAULT CURRENT_DATE,
        birthday date,
        vacation_days_total numeric(6, 1) NOT NULL DEFAULT 25 CHECK (vacation_days_total >= 0),
        vacation_days_used numeric(6, 1) NOT NULL DEFAULT 0 CHECK (vacation_days_used >= 0),
        sick_days_total numeric(6, 1) NOT NULL DEFAULT 10 CHECK (sick_days_total >= 0),
        sick_days_used numeric(6, 1) NOT NULL DEFAULT 0 CHECK (sick_days_used >= 0),
        bank_hours_total numeric(7, 1) NOT NULL DEFAULT 0 CHECK (bank_hours_total >= 0),
        bank_hours_used numeric(7, 1) NOT NULL DEFAULT 0 CHECK (bank_hours_used >= 0),
        deleted_at timestamptz,${timestamps}
      );
      CREATE UNIQUE INDEX employees_company_email_key ON employees (company_id, lower(email)) WHERE deleted_at IS NULL;

      CREATE TABLE invitations (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        employee_id integer NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
        email text NOT NULL,
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        revoked_at timestamptz,${timestamps}
      );
      CREATE INDEX invitations_employee_id_idx ON invitations (employee_id);

      CREATE TABLE email_verification_tokens (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,${timestamps}
      );
      CREATE INDEX email_verification_tokens_user_id_idx ON email_verification_tokens (user_id);

      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        company_id integer REFERENCES companies (id) ON DELETE CASCADE,
        queue text NOT NULL,
        job_name text NOT NULL,
        payload jsonb NOT NULL,
        request_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        dispatched_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      );
      CREATE INDEX outbox_undispatched_idx ON outbox (id) WHERE dispatched_at IS NULL;

      -- The relay listens, so an event leaves within milliseconds instead of at the next poll.
      CREATE FUNCTION notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('outbox', '');
        RETURN NULL;
      END $$;
      CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox();

      CREATE TABLE sent_emails (
        id bigserial PRIMARY KEY,
        company_id integer REFERENCES companies (id) ON DELETE CASCADE,
        idempotency_key text NOT NULL UNIQUE,
        recipient text NOT NULL,
        template text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        actor_user_id integer REFERENCES users (id) ON DELETE SET NULL,
        action text NOT NULL,
        entity text NOT NULL,
        entity_id text,
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX audit_log_company_created_idx ON audit_log (company_id, created_at DESC);
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TABLE audit_log, sent_emails, outbox, email_verification_tokens, invitations, employees, users, companies;
      DROP FUNCTION notify_outbox();
    `);
  },
};
