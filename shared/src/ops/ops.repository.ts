import { QueryTypes, type Sequelize } from 'sequelize';
import { runAsCompany } from '../db/tenancy';

/**
 * The only ops code that touches the database, for the API's and the workers' probes and scrapes
 * alike. Raw SQL: a ping and one function call, each as no company (they concern every company,
 * and tell nothing of any).
 */

/** Resolves once Postgres has answered a trivial statement. */
export async function pingPostgres(sequelize: Sequelize): Promise<void> {
  await runAsCompany(null, () => sequelize.query('SELECT 1'));
}

/**
 * Age of the oldest outbox event not yet handed to its queue, 0 when none waits. Every company's
 * outbox is behind row-level security: the function answers with the age only.
 */
export async function outboxLagSeconds(sequelize: Sequelize): Promise<number | null> {
  const [row] = await runAsCompany(null, () =>
    sequelize.query<{ seconds: number }>('SELECT teamfolk_outbox_lag_seconds() AS seconds', {
      type: QueryTypes.SELECT,
    }),
  );
  return row ? Number(row.seconds) : null;
}
