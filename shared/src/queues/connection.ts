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

/** Closes politely (QUIT), so no force-close timer outlives the connection; drops it if Redis is gone. */
export async function closeRedis(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  await connection.quit().catch(() => connection.disconnect());
}
