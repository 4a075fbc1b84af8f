import { Redis, type RedisOptions } from 'ioredis';

/**
 * Producers fail fast while Redis is down (the outbox keeps the work); workers wait for it forever,
 * as BullMQ requires.
 */
export function createRedisConnection(url: string, role: 'producer' | 'worker', options: RedisOptions = {}): Redis {
  const roleOptions: RedisOptions =
    role === 'producer' ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 } : { maxRetriesPerRequest: null };
  return new Redis(url, { lazyConnect: false, ...roleOptions, ...options });
}

/**
 * How a worker holds its jobs. A worker that dies without closing (a crash, SIGKILL, a lost node)
 * leaves its active jobs locked: they go back to the queue once the lock lapses and a stalled
 * check notices, so the lock is short (renewed at half its length) and the check frequent. A job
 * is given back this way up to `maxStalledCount` times, so a crash loop or a burst of restarts
 * does not fail jobs that did nothing wrong; after that it fails, visible to operators.
 */
export const WORKER_LOCK_OPTIONS = { lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 3 } as const;

/**
 * Closes politely (QUIT), so no force-close timer outlives the connection. A connection that is not
 * up is dropped instead: a worker connection would otherwise queue the QUIT until Redis returns.
 */
export async function closeRedis(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  await connection.quit().catch(() => connection.disconnect());
}
