import {
  closeRedis,
  createDatabase,
  createLogger,
  createRedisConnection,
  loadConfig,
  migrateDatabase,
  assertRestrictedRole,
  operatorCredentialsOf,
  paymentsSettingsOf,
  runMain,
  stopOnSignals,
} from '@teamfolk/shared';
import { startWorkers } from './index';
import { startOpsServer } from './ops/ops-server';

/** The workers as their own process (production, docker compose): config from the environment only. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'workers');
  // MIGRATE_ON_START=false: a migration step ran first (deploy/k8s), and the owner's URL may be absent.
  if (config.MIGRATE_ON_START) await migrateDatabase(config.DATABASE_URL, config.DATABASE_APP_URL);
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
  const readinessRedis = createRedisConnection(config.REDIS_URL, 'producer');
  readinessRedis.on('error', (error) => logger.warn({ err: error }, 'redis unavailable for readiness'));
  const ops = await startOpsServer({
    port: config.OPS_PORT,
    sequelize,
    redis: readinessRedis,
    queues: Object.values(workers.queues),
    credentials: operatorCredentialsOf(config),
    logger,
  });
  logger.info({ opsPort: ops.port }, 'workers running');

  stopOnSignals(logger, config.SHUTDOWN_TIMEOUT_MS, async () => {
    await workers.close();
    // Probes and scrapes are answered until the jobs have finished.
    await ops.close();
    await closeRedis(readinessRedis);
    await sequelize.close();
  });
}

runMain(main);
