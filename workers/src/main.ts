import {
  closeRedis,
  createLogger,
  createRedisConnection,
  loadConfig,
  migrateOnStart,
  openAppDatabase,
  operatorCredentialsOf,
  runMain,
  stopOnSignals,
} from '@teamfolk/shared';
import { startWorkers, workerSettingsOf } from './index';
import { startOpsServer } from './ops/ops-server';

/** The workers as their own process (production, docker compose): config from the environment only. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'workers');
  await migrateOnStart(config);
  const sequelize = await openAppDatabase(config);
  const workers = await startWorkers({ ...workerSettingsOf(config), sequelize, logger });
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
