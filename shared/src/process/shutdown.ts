import type { Logger } from '../logger';

/**
 * Stops gracefully on the first of `signals`: `stop` lets requests and jobs finish. A second
 * signal, or the deadline passing, forces the exit.
 */
export function stopOnSignals(
  logger: Logger,
  deadlineMs: number,
  stop: () => Promise<void>,
  signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'],
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests and jobs');
    setTimeout(() => {
      logger.error({ deadlineMs }, 'shutdown deadline reached: exiting');
      process.exit(1);
    }, deadlineMs).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
}

/** Runs a process entry point; a failure to start is one clear line, not a stack trace. */
export function runMain(main: () => Promise<void>, describe: (error: unknown) => string = defaultDescription): void {
  main().catch((error: unknown) => {
    console.error(describe(error));
    process.exit(1);
  });
}

function defaultDescription(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
