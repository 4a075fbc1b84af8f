import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '@teamfolk/shared';

/**
 * The primary of `WEB_CONCURRENCY` API processes sharing one port (node:cluster hands each new
 * connection to the next process in turn): it forks them, replaces one that dies while serving,
 * and on SIGTERM or SIGINT asks each to stop gracefully, exiting once all have. A second signal, or
 * the deadline, kills them. A process that dies before it ever listened means the API cannot start
 * (bad configuration, the database unreachable): the primary stops instead of forking forever.
 */
export function superviseApiProcesses(count: number, logger: Logger, deadlineMs: number): void {
  const listened = new WeakSet<Worker>();
  let stopping = false;
  const running = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
  const killAll = () => running().forEach((worker) => worker.process.kill('SIGKILL'));

  const fork = () => cluster.fork();
  cluster.on('listening', (worker) => listened.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (running().length === 0) process.exit(0);
      return;
    }
    if (!listened.has(worker)) {
      logger.error({ pid: worker.process.pid, code }, 'an API process could not start: stopping');
      stopping = true;
      killAll();
      process.exit(1);
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'an API process died: starting another');
    fork();
  });

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: killing the API processes');
      killAll();
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal, processes: running().length }, 'shutting down the API processes');
    // Each one finishes its requests; SIGTERM is what they stop on (see the worker side in main.ts).
    running().forEach((worker) => worker.process.kill('SIGTERM'));
    setTimeout(() => {
      logger.error({ deadlineMs }, 'shutdown deadline reached: killing the API processes');
      killAll();
      process.exit(1);
    }, deadlineMs).unref();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  for (let index = 0; index < count; index += 1) fork();
}
