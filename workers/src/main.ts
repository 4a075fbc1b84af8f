import {
  createDatabase,
  createLogger,
  loadConfig,
  migrateDatabase,
  assertRestrictedRole,
  paymentsSettingsOf,
  runMain,
  stopOnSignals,
} from '@teamfolk/shared';
import { startWorkers } from './index';

/** The workers as their own process (production, docker compose): config from the environment only. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'workers');
  await migrateDatabase(config.DATABASE_URL, config.DATABASE_APP_URL);
  const sequelize = createDatabase(config.DATABASE_APP_URL, { poolMax: config.DATABASE_POOL_MAX });
  await assertRestrictedRole(sequelize);
  const workers = await startWorkers({
    sequelize,
    databaseUrl: config.DATABASE_APP_URL,
    redisUrl: config.REDIS_URL,
    queuePrefix: config.QUEUE_PREFIX,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    logger,
    appUrl: config.APP_URL,
    payments: paymentsSettingsOf(config),
  });
  logger.info('workers running');

  stopOnSignals(logger, config.SHUTDOWN_TIMEOUT_MS, async () => {
    await workers.close();
    await sequelize.close();
  });
}

runMain(main);
