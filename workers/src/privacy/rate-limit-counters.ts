import type { Redis } from 'ioredis';
import { rateLimitAccountCounterPattern } from '@teamfolk/shared';

/** Where the sign-in rate limits keep their counters: the queues' Redis, under the queue prefix. */
export interface CounterStore {
  redis: Redis;
  queuePrefix: string;
}

/**
 * Deletes the sign-in rate limits' per-account counters with these ids (on every limited route),
 * although each would expire with its window anyway; answers how many went.
 */
export async function removeAccountCounters({ redis, queuePrefix }: CounterStore, ids: Iterable<string>) {
  const wanted = new Set(ids);
  if (wanted.size === 0) return 0;
  const pattern = rateLimitAccountCounterPattern(queuePrefix);
  let removed = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    const doomed = keys.filter((key) => wanted.has(key.slice(key.lastIndexOf(':') + 1)));
    if (doomed.length) removed += await redis.del(...doomed);
    cursor = next;
  } while (cursor !== '0');
  return removed;
}
