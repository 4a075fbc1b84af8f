import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { closeRedis } from '../queues/connection';

export interface TestRedis {
  url: string;
  /** A queue prefix no other test file shares. */
  prefix: string;
  flush(): Promise<void>;
}

/** Isolates a test file's queues on the shared Redis by prefix, and removes its keys afterwards. */
export function createTestRedis(): TestRedis {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: run tests through jest, whose global setup finds Redis');
  const prefix = `teamfolk-test-${randomBytes(6).toString('hex')}`;
  return {
    url,
    prefix,
    async flush() {
      const redis = new Redis(url, { maxRetriesPerRequest: 1 });
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          if (keys.length) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        await closeRedis(redis);
      }
    },
  };
}
