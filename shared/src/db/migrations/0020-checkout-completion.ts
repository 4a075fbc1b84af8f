import type { Migration } from '../migrator';
import { APP_ROLE } from '../roles';

/**
 * A paid checkout always ends with its subscription and employee, whatever happens to the return
 * page: paid_at records that the provider took the payment (known before it is applied, so the
 * screens can say a payment is being finished), closed_at that a session was closed unpaid (replaced
 * by a newer one, or expired). The workers' sweep finds, in every company, the checkouts neither
 * finished nor closed through teamfolk_unfinished_checkouts, which returns company ids only.
 */
export const checkoutCompletion: Migration = {
  name: '0020-checkout-completion',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE billing_checkouts ADD COLUMN paid_at timestamptz, ADD COLUMN closed_at timestamptz;
      CREATE INDEX billing_checkouts_unfinished_idx ON billing_checkouts (created_at)
        WHERE completed_at IS NULL AND closed_at IS NULL;

      CREATE FUNCTION teamfolk_unfinished_checkouts(since timestamptz) RETURNS TABLE (company_id integer)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        SELECT DISTINCT c.company_id FROM billing_checkouts c
         WHERE c.completed_at IS NULL AND c.closed_at IS NULL AND c.created_at > since
         ORDER BY c.company_id
      $$;
      REVOKE ALL ON FUNCTION teamfolk_unfinished_checkouts(timestamptz) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION teamfolk_unfinished_checkouts(timestamptz) TO ${APP_ROLE};
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP FUNCTION teamfolk_unfinished_checkouts(timestamptz);
      DROP INDEX billing_checkouts_unfinished_idx;
      ALTER TABLE billing_checkouts DROP COLUMN paid_at, DROP COLUMN closed_at;
    `);
  },
};
