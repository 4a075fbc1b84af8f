import {
  closeRedis,
  createDatabase,
  createLogger,
  createRedisConnection,
  loadConfig,
  migrateDatabase,
  assertRestrictedRole,
  runMain,
  stopOnSignals,
} from '@teamfolk/shared';
import { createApp } from './app';
import { listen } from './server';

/** The API as its own process (production, docker compose): config from the environment only. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'api');
  await migrateDatabase(config.DATABASE_URL, config.DATABASE_APP_URL);
  const sequelize = createDatabase(config.DATABASE_APP_URL, { poolMax: config.DATABASE_POOL_MAX });
  await assertRestrictedRole(sequelize);
  const redis = createRedisConnection(config.REDIS_URL, 'producer');
  redis.on('error', (error) => logger.warn({ err: error }, 'redis unavailable'));
  const app = createApp({ config, sequelize, redis, logger });
  const running = await listen(app, config.PORT, logger, config.SHUTDOWN_TIMEOUT_MS);
  logger.info({ port: running.port }, 'api listening');

  stopOnSignals(logger, config.SHUTDOWN_TIMEOUT_MS + 5_000, async () => {
    await running.close();
    await closeRedis(redis);
    await sequelize.close();
  });
}

runMain(main);
