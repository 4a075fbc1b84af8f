import path from 'node:path';
import { freePort, redisAnswers } from '@teamfolk/shared';
import { spawnManaged, tail, waitUntil, type ManagedProcess } from './processes';

export interface PrivateRedis {
  url: string;
  process(): ManagedProcess | undefined;
  /** A clean stop (SIGTERM): with the append-only file on, the queues are on disk. */
  stop(): Promise<void>;
  /** Starts again on the same port, reloading the append-only file. */
  start(): Promise<void>;
}

/**
 * A redis-server of the test's own, its files in `root`. `appendOnly` is the production setting
 * (deploy/: AOF, noeviction): a restarted Redis still holds the queued jobs.
 */
export async function startPrivateRedis(root: string, { appendOnly = false } = {}): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ManagedProcess | undefined;
  const persistence = appendOnly ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];

  const start = async () => {
    server = spawnManaged({
      name: 'redis-server',
      command: 'redis-server',
      args: [
        ...['--bind', '127.0.0.1', '--port', String(port), '--dir', root, '--save', ''],
        ...['--maxmemory-policy', 'noeviction', ...persistence],
      ],
      env: { PATH: process.env.PATH },
      logFile: path.join(root, 'redis.log'),
    });
    const started = server;
    await waitUntil(
      `redis-server on port ${port} to answer:\n${tail(started.output())}`,
      async () => {
        if (!started.isRunning()) throw new Error(`redis-server exited during start-up:\n${tail(started.output())}`);
        return redisAnswers(`redis://127.0.0.1:${port}`);
      },
      15_000,
      50,
    );
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    process: () => (server?.isRunning() ? server : undefined),
    async stop() {
      if (!server?.isRunning()) return;
      server.signal('SIGTERM');
      await server.exited;
    },
    start,
  };
}
