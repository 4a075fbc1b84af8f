import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAMES, type QueueName } from '../queues/catalogue';

/**
 * Every queue of the catalogue, for adding, inspecting and retrying jobs (never for running them) on
 * `connection`, which should be a producer connection (createRedisConnection(url, 'producer')): it
 * fails fast while Redis is down. Closing the queues leaves the connection to its owner.
 */
export function openQueues(connection: Redis, prefix: string): Record<QueueName, Queue> {
  const queues = QUEUE_NAMES.map((name) => {
    const queue = new Queue(name, { connection, prefix });
    // A queue repeats its connection's errors, which the connection's owner already reports; left
    // without a listener, BullMQ would print each one to the console while Redis is down.
    queue.on('error', () => undefined);
    return [name, queue] as const;
  });
  return Object.fromEntries(queues) as Record<QueueName, Queue>;
}
