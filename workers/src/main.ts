import { createDatabase, createLogger, loadConfig, migrate } from '@teamfolk/shared';
import { startWorkers } from './index';

/** The workers as their own process (production, docker compose): config from the environment only. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'workers');
  const sequelize = createDatabase(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX });
  await migrate(sequelize);
  const workers = await startWorkers({
    sequelize,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    queuePrefix: config.QUEUE_PREFIX,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    logger,
  });
  logger.info('workers running');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    await workers.close();
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
