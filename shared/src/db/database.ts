import { Sequelize } from 'sequelize';
import { initModels } from './models';
import { bindTenancy } from './tenancy';

export interface DatabaseOptions {
  poolMax?: number;
  /**
   * How long a request may wait for a pooled connection before it fails (as a 503 in the API, a
   * retried job in the workers) instead of hanging while the database restarts or cannot be reached.
   */
  acquireTimeoutMs?: number;
}

/** How long a new connection waits for Postgres to answer. */
const CONNECT_TIMEOUT_MS = 5_000;

/** One Sequelize instance per process, models bound to it, no query logging (the request log covers requests). */
export function createDatabase(
  url: string,
  { poolMax = 10, acquireTimeoutMs = 10_000 }: DatabaseOptions = {},
): Sequelize {
  const sequelize = new Sequelize(url, {
    dialect: 'postgres',
    logging: false,
    pool: { max: poolMax, min: 0, idle: 10_000, acquire: acquireTimeoutMs },
    dialectOptions: {
      application_name: 'teamfolk',
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Compiling a plan costs 40-50 ms where a report's cost estimate crosses jit_above_cost, more
      // than any of these statements runs for.
      options: '-c jit=off',
    },
  });
  initModels(sequelize);
  bindTenancy(sequelize);
  return sequelize;
}
