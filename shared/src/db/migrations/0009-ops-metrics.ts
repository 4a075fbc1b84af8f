import type { Migration } from '../migrator';
import { APP_ROLE } from '../roles';

/**
 * The outbox lag for /metrics: row-level security hides every company's outbox rows from the
 * application role outside that company, so the age of the oldest undispatched row is read through
 * a SECURITY DEFINER function that answers with that age in seconds (0 when nothing waits) and
 * nothing else. Undispatched rows are found through outbox_undispatched_idx, oldest id first.
 */
export const opsMetrics: Migration = {
  name: '0009-ops-metrics',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE FUNCTION teamfolk_outbox_lag_seconds() RETURNS double precision
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        SELECT coalesce(
          (SELECT greatest(extract(epoch FROM clock_timestamp() - created_at), 0)::double precision
             FROM outbox WHERE dispatched_at IS NULL ORDER BY id LIMIT 1),
          0
        )
      $$;
      REVOKE ALL ON FUNCTION teamfolk_outbox_lag_seconds() FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION teamfolk_outbox_lag_seconds() TO ${APP_ROLE};
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP FUNCTION teamfolk_outbox_lag_seconds()');
  },
};
