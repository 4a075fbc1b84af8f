import type { Migration } from '../migrator';
import { APP_ROLE } from '../roles';

/**
 * The security log is kept for SECURITY_EVENT_RETENTION_DAYS. A company's events also go when its
 * data is erased, but a sign-in with an unknown e-mail address or a request without a token belongs
 * to no company: until now those rows, with the address as typed and the client's IP address, were
 * kept for ever. The application may only append to the log, so the daily retention run deletes
 * through this function, which answers with a count and nothing else.
 */
export const securityEventRetention: Migration = {
  name: '0015-security-event-retention',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE INDEX security_events_created_idx ON security_events (created_at);
      CREATE FUNCTION teamfolk_expire_security_events(before timestamptz) RETURNS integer
        LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        WITH expired AS (DELETE FROM security_events WHERE created_at < before RETURNING 1)
        SELECT count(*)::integer FROM expired
      $$;
      REVOKE ALL ON FUNCTION teamfolk_expire_security_events(timestamptz) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION teamfolk_expire_security_events(timestamptz) TO ${APP_ROLE};
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP FUNCTION teamfolk_expire_security_events(timestamptz);
      DROP INDEX security_events_created_idx;
    `);
  },
};
