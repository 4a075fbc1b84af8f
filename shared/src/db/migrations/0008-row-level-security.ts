import type { Migration } from '../migrator';
import { APP_ROLE, RLS_EXEMPT_TABLES } from '../roles';

/**
 * Row-level security under the application's own scoping. Every table with a company_id shows and
 * accepts only the rows of the company in the transaction-local setting app.company_id; the
 * application connects as teamfolk_app, which owns nothing and cannot bypass RLS. The schema owner
 * keeps full access through an explicit policy (RLS is forced, so it is not exempt by ownership).
 * Callers who are not signed in yet reach a company only through teamfolk_company_of, which answers
 * with an id and nothing else; the workers' sweeps over all companies go through the functions
 * below, which return no personal data.
 */
export const rowLevelSecurity: Migration = {
  name: '0008-row-level-security',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE FUNCTION app_company_id() RETURNS integer LANGUAGE sql STABLE AS
        $$ SELECT nullif(current_setting('app.company_id', true), '')::integer $$;

      DO $$
      DECLARE
        tenant_table text;
      BEGIN
        FOR tenant_table IN
          SELECT c.table_name FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
           WHERE c.table_schema = 'public' AND c.column_name = 'company_id' AND t.table_type = 'BASE TABLE'
             AND c.table_name <> ALL (ARRAY[${RLS_EXEMPT_TABLES.map((table) => `'${table}'`).join(', ')}])
        LOOP
          EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY', tenant_table);
          EXECUTE format('CREATE POLICY schema_owner ON %I TO %I USING (true) WITH CHECK (true)', tenant_table, current_user);
          EXECUTE format(
            'CREATE POLICY company_rows ON %I USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id())',
            tenant_table
          );
        END LOOP;
      END $$;

      ALTER TABLE companies ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
      DO $$ BEGIN
        EXECUTE format('CREATE POLICY schema_owner ON companies TO %I USING (true) WITH CHECK (true)', current_user);
      END $$;
      CREATE POLICY company_rows ON companies USING (id = app_company_id()) WITH CHECK (id = app_company_id());

      -- The security log is append-only for the application: anyone may add an event (a failed
      -- sign-in belongs to no company yet), a company reads and erases only its own, nobody edits.
      ALTER TABLE security_events ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
      DO $$ BEGIN
        EXECUTE format('CREATE POLICY schema_owner ON security_events TO %I USING (true) WITH CHECK (true)', current_user);
      END $$;
      CREATE POLICY append ON security_events FOR INSERT WITH CHECK (true);
      CREATE POLICY company_rows ON security_events FOR SELECT USING (company_id = app_company_id());
      CREATE POLICY company_erasure ON security_events FOR DELETE USING (company_id = app_company_id());

      CREATE FUNCTION teamfolk_company_of(key text, value text) RETURNS integer
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        SELECT CASE key
          WHEN 'company' THEN (SELECT id FROM companies WHERE value ~ '^[0-9]{1,9}$' AND id = value::integer)
          WHEN 'user' THEN (SELECT company_id FROM users WHERE value ~ '^[0-9]{1,9}$' AND id = value::integer)
          WHEN 'user-email' THEN (SELECT company_id FROM users WHERE lower(email) = lower(value))
          WHEN 'verification-token' THEN (SELECT company_id FROM email_verification_tokens WHERE token_hash = value)
          WHEN 'invitation-token' THEN (SELECT company_id FROM invitations WHERE token_hash = value)
          WHEN 'provider-customer' THEN
            (SELECT company_id FROM subscriptions WHERE provider_customer_id = value ORDER BY company_id LIMIT 1)
          WHEN 'provider-subscription' THEN
            (SELECT company_id FROM subscriptions WHERE provider_subscription_id = value ORDER BY company_id LIMIT 1)
          WHEN 'payment-method' THEN
            (SELECT company_id FROM subscriptions WHERE default_payment_method_id = value ORDER BY company_id LIMIT 1)
          WHEN 'checkout-session' THEN (SELECT company_id FROM billing_checkouts WHERE session_id = value)
        END
      $$;

      CREATE FUNCTION teamfolk_subscription_overview()
        RETURNS TABLE (
          company_id integer, status text, has_customer boolean, has_subscription boolean,
          current_period_end timestamptz, ended_at timestamptz, updated_at timestamptz,
          notice_for timestamptz, notice_sent_at timestamptz, erased_at timestamptz
        )
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        SELECT s.company_id, s.status, s.provider_customer_id IS NOT NULL, s.provider_subscription_id IS NOT NULL,
               s.current_period_end, s.ended_at, s.updated_at,
               d.subscription_ended_at, d.notice_sent_at, d.erased_at
          FROM subscriptions s LEFT JOIN data_erasures d ON d.company_id = s.company_id
      $$;

      CREATE FUNCTION teamfolk_outbox_claim(batch integer) RETURNS SETOF outbox
        LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        SELECT * FROM outbox WHERE dispatched_at IS NULL ORDER BY id LIMIT batch FOR UPDATE SKIP LOCKED
      $$;
      CREATE FUNCTION teamfolk_outbox_dispatched(ids bigint[]) RETURNS void
        LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        UPDATE outbox SET dispatched_at = now(), last_error = NULL WHERE id = ANY (ids)
      $$;
      CREATE FUNCTION teamfolk_outbox_failed(message text, batch integer) RETURNS void
        LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        UPDATE outbox SET attempts = attempts + 1, last_error = message
         WHERE id IN (SELECT id FROM outbox WHERE dispatched_at IS NULL ORDER BY id LIMIT batch)
      $$;

      REVOKE ALL ON FUNCTION teamfolk_company_of(text, text), teamfolk_subscription_overview(),
        teamfolk_outbox_claim(integer), teamfolk_outbox_dispatched(bigint[]), teamfolk_outbox_failed(text, integer)
        FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION teamfolk_company_of(text, text), teamfolk_subscription_overview(),
        teamfolk_outbox_claim(integer), teamfolk_outbox_dispatched(bigint[]), teamfolk_outbox_failed(text, integer)
        TO ${APP_ROLE};

      REVOKE CREATE ON SCHEMA public FROM PUBLIC;
      GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
      REVOKE ALL ON schema_migrations FROM ${APP_ROLE};
      REVOKE UPDATE ON security_events FROM ${APP_ROLE};
      GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
      ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE};
      ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${APP_ROLE};
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DO $$
      DECLARE
        tenant_table text;
      BEGIN
        FOR tenant_table IN SELECT relname FROM pg_class
          WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relrowsecurity
        LOOP
          EXECUTE format('DROP POLICY IF EXISTS company_rows ON %I', tenant_table);
          EXECUTE format('DROP POLICY IF EXISTS schema_owner ON %I', tenant_table);
          EXECUTE format('ALTER TABLE %I DISABLE ROW LEVEL SECURITY, NO FORCE ROW LEVEL SECURITY', tenant_table);
        END LOOP;
      END $$;
      DROP FUNCTION teamfolk_company_of(text, text), teamfolk_subscription_overview(), teamfolk_outbox_claim(integer),
        teamfolk_outbox_dispatched(bigint[]), teamfolk_outbox_failed(text, integer), app_company_id();
      ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM ${APP_ROLE};
      ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM ${APP_ROLE};
      REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${APP_ROLE};
      REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${APP_ROLE};
      REVOKE ALL ON SCHEMA public FROM ${APP_ROLE};
    `);
  },
};
