import {
  createLogger,
  loadConfig,
  migrateOnStart,
  openAppConnections,
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
  const {
    sequelize,
    redis,
    close: closeConnections,
  } = await openAppConnections(config, (error) => logger.warn({ err: error }, 'redis unavailable for readiness'));
  const workers = await startWorkers({ ...workerSettingsOf(config), sequelize, logger });
  const ops = await startOpsServer({
    port: config.OPS_PORT,
    sequelize,
    redis,
    queues: Object.values(workers.queues),
    credentials: operatorCredentialsOf(config),
    logger,
  });
  logger.info({ opsPort: ops.port }, 'workers running');

  stopOnSignals(logger, config.SHUTDOWN_TIMEOUT_MS, async () => {
    await workers.close();
    // Probes and scrapes are answered until the jobs have finished.
    await ops.close();
    await closeConnections();
  });
}

runMain(main);
