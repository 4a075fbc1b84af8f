import type { Migration } from '../migrator';
import { APP_ROLE } from '../roles';

/**
 * A throttled sign-in or request is logged with the address as typed and no company, because the
 * limit answers before anyone is looked up. Erasing a person, or a company's people, deleted only
 * the company's own events: those rows kept the erased address and the client's IP address for the
 * log's whole retention. The application may only append to the log, so the erasures delete them
 * through this function, for the addresses they erase and for rows of no company only.
 */
export const forgetUnattributedSecurityEvents: Migration = {
  name: '0017-forget-unattributed-security-events',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE FUNCTION teamfolk_forget_unattributed_security_events(addresses text[]) RETURNS integer
        LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        WITH forgotten AS (
          DELETE FROM security_events
           WHERE company_id IS NULL AND lower(email) = ANY (SELECT lower(address) FROM unnest(addresses) AS address)
          RETURNING 1
        )
        SELECT count(*)::integer FROM forgotten
      $$;
      REVOKE ALL ON FUNCTION teamfolk_forget_unattributed_security_events(text[]) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION teamfolk_forget_unattributed_security_events(text[]) TO ${APP_ROLE};
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP FUNCTION teamfolk_forget_unattributed_security_events(text[]);');
  },
};
