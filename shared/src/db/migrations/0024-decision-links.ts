import type { Migration } from '../migrator';
import { APP_ROLE } from '../roles';

/** teamfolk_company_of as 0008 made it, with or without the decision links' key. */
const companyOfFunction = (withDecisionTokens: boolean) => `
  CREATE OR REPLACE FUNCTION teamfolk_company_of(key text, value text) RETURNS integer
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
      ${withDecisionTokens ? "WHEN 'decision-token' THEN (SELECT company_id FROM decision_links WHERE token_hash = value)" : ''}
    END
  $$;`;

/**
 * E-mail decision links (issue 30): one per decider and button of a leave request, its token stored
 * as a SHA-256 hash (a leaked table opens nothing), bound to one approver and one request, approving
 * or rejecting, dead after expires_at or once used. The public page reaches the link's company the
 * way invitations do: teamfolk_company_of('decision-token', hash), then works under row-level security.
 * The daily digest's schedule finds its companies through teamfolk_digest_companies.
 */
export const decisionLinks: Migration = {
  name: '0024-decision-links',
  async up({ context: sequelize }) {
    await sequelize.transaction((transaction) =>
      sequelize.query(
        `
      CREATE TABLE decision_links (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        leave_request_id integer NOT NULL REFERENCES leave_requests (id) ON DELETE CASCADE,
        approver_user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        approved boolean NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX decision_links_leave_idx ON decision_links (company_id, leave_request_id);
      CREATE INDEX decision_links_approver_idx ON decision_links (approver_user_id);

      ALTER TABLE decision_links ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
      DO $$ BEGIN
        EXECUTE format('CREATE POLICY schema_owner ON decision_links TO %I USING (true) WITH CHECK (true)', current_user);
      END $$;
      CREATE POLICY company_rows ON decision_links
        USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
      GRANT SELECT, INSERT, UPDATE, DELETE ON decision_links TO ${APP_ROLE};
      GRANT USAGE, SELECT ON SEQUENCE decision_links_id_seq TO ${APP_ROLE};
      ${companyOfFunction(true)}

      -- The digest schedule sweeps as no company: the companies with a user who chose the daily
      -- digest, and their wall-clock time now. No personal data.
      CREATE FUNCTION teamfolk_digest_companies() RETURNS TABLE (company_id integer, local_now timestamp)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        SELECT c.id, now() AT TIME ZONE c.time_zone FROM companies c
         WHERE EXISTS (SELECT 1 FROM users u
                        WHERE u.company_id = c.id AND u.decision_emails = 'daily' AND u.disabled_at IS NULL)
      $$;
      REVOKE ALL ON FUNCTION teamfolk_digest_companies() FROM PUBLIC;

      -- Blackout periods are on the calendar: a change of them is a change of the company's data
      -- (0019), so no kept calendar reply outlives it.
      CREATE CONSTRAINT TRIGGER blackouts_company_version
        AFTER INSERT OR UPDATE OR DELETE ON blackouts
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION teamfolk_company_data_changed();
      CREATE TRIGGER blackouts_truncated_company_version
        AFTER TRUNCATE ON blackouts
        FOR EACH STATEMENT EXECUTE FUNCTION teamfolk_company_data_truncated();
      GRANT EXECUTE ON FUNCTION teamfolk_digest_companies() TO ${APP_ROLE};
    `,
        { transaction },
      ),
    );
  },
  async down({ context: sequelize }) {
    await sequelize.query(
      `DROP TRIGGER blackouts_truncated_company_version ON blackouts;
       DROP TRIGGER blackouts_company_version ON blackouts;
       DROP FUNCTION teamfolk_digest_companies(); ${companyOfFunction(false)} DROP TABLE decision_links;`,
    );
  },
};
