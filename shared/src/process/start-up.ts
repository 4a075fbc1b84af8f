import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import type { Config } from '../config/config';
import { createDatabase } from '../db/database';
import { migrateDatabase } from '../db/migrator';
import { assertRestrictedRole } from '../db/roles';
import { closeRedis, createRedisConnection } from '../queues/connection';

/** Brings the schema up to date at start-up, unless the configuration leaves that to a step before. */
export async function migrateOnStart(config: Config): Promise<void> {
  // MIGRATE_ON_START=false: a migration step ran first (deploy/k8s), and the owner's URL may be absent.
  if (config.MIGRATE_ON_START) await migrateDatabase(config.DATABASE_URL, config.DATABASE_APP_URL);
}

/**
 * The process's pool of connections as the application's role, refused (and closed) when that role
 * could read past row-level security.
 */
export async function openAppDatabase(config: Config): Promise<Sequelize> {
  const sequelize = createDatabase(config.DATABASE_APP_URL, {
    poolMax: config.DATABASE_POOL_MAX,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
  });
  try {
    await assertRestrictedRole(sequelize);
  } catch (error) {
    await sequelize.close();
    throw error;
  }
  return sequelize;
}

/** What a long-running process (the API, the workers, `npm start`) holds once its schema is current. */
export interface AppConnections {
  /** The pool as the application's role (see openAppDatabase). */
  sequelize: Sequelize;
  /** A producer connection: readiness probes, and the API's rate limits and enqueues. */
  redis: Redis;
  /** Closes Redis, then the pool. */
  close(): Promise<void>;
}

/**
 * Opens the process's pool and producer Redis connection. Redis being down is no reason to stop:
 * its errors go to `onRedisError` and ioredis keeps reconnecting.
 */
export async function openAppConnections(
  config: Config,
  onRedisError: (error: Error) => void,
): Promise<AppConnections> {
  const sequelize = await openAppDatabase(config);
  const redis = createRedisConnection(config.REDIS_URL, 'producer');
  redis.on('error', onRedisError);
  return {
    sequelize,
    redis,
    async close() {
      await closeRedis(redis);
      await sequelize.close();
    },
  };
}
