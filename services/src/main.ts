// First: it sets how the heap grows and is collected, which applies to loading the modules below too.
import './ops/garbage-collection';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { createLogger, loadConfig, migrateOnStart, openAppConnections, runMain, stopOnSignals } from '@teamfolk/shared';
import { createApp } from './app';
import { superviseApiProcesses } from './cluster';
import { listen } from './server';

/**
 * The API as its own process (production, docker compose): config from the environment only. With
 * WEB_CONCURRENCY above one, this process migrates and supervises that many API processes.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'api');
  const processes = config.WEB_CONCURRENCY ?? (config.NODE_ENV === 'production' ? availableParallelism() : 1);
  if (cluster.isPrimary) {
    await migrateOnStart(config);
    if (processes > 1) {
      superviseApiProcesses(processes, logger, config.SHUTDOWN_TIMEOUT_MS + 10_000);
      return;
    }
  }
  const {
    sequelize,
    redis,
    close: closeConnections,
  } = await openAppConnections(config, (error) => logger.warn({ err: error }, 'redis unavailable'));
  const app = createApp({ config, sequelize, redis, logger });
  const running = await listen(app, config.PORT, logger, config.SHUTDOWN_TIMEOUT_MS);
  logger.info({ port: running.port }, 'api listening');

  // Under a supervisor only its SIGTERM counts: a terminal's Ctrl-C reaches every process at once,
  // and the supervisor passes it on as SIGTERM.
  const signals: NodeJS.Signals[] = cluster.isWorker ? ['SIGTERM'] : ['SIGINT', 'SIGTERM'];
  if (cluster.isWorker) process.on('SIGINT', () => undefined);
  stopOnSignals(
    logger,
    config.SHUTDOWN_TIMEOUT_MS + 5_000,
    async () => {
      await running.close();
      await closeConnections();
    },
    signals,
  );
}

runMain(main);
