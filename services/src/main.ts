import { closeRedis, createDatabase, createLogger, createRedisConnection, loadConfig, migrate } from '@teamfolk/shared';
import { createApp } from './app';
import { listen } from './server';

/** The API as its own process (production, docker compose): config from the environment only. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'api');
  const sequelize = createDatabase(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX });
  await migrate(sequelize);
  const redis = createRedisConnection(config.REDIS_URL, 'producer');
  redis.on('error', (error) => logger.warn({ err: error }, 'redis unavailable'));
  const running = await listen(
    createApp({ config, sequelize, redis, logger }),
    config.PORT,
    logger,
    config.SHUTDOWN_TIMEOUT_MS,
  );
  logger.info({ port: running.port }, 'api listening');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await running.close();
    await closeRedis(redis);
    await sequelize.close();
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
