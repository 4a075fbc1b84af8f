import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { closeRedis, createLogger, freePort, OutboxEvent, writeOutbox, type QueueName } from '@teamfolk/shared';
import { createTestDatabase, createTestRedis, type TestDatabase, type TestRedis } from '@teamfolk/shared/testing';
import { OutboxRelay } from './outbox.relay';

let db: TestDatabase;
let redis: TestRedis;
const logger = createLogger('silent', 'test');

beforeAll(async () => {
  db = await createTestDatabase();
  redis = createTestRedis();
});
afterAll(async () => {
  await redis.flush();
  await db.drop();
});

async function writeInvitationEvent(key: string) {
  return db.sequelize.transaction((transaction) =>
    writeOutbox(transaction, {
      companyId: null,
      job: 'send-email',
      payload: {
        idempotencyKey: key,
        to: 'someone@example.com',
        mail: {
          template: 'verify-email',
          name: 'Sam',
          companyName: 'Acme',
          link: 'http://teamfolk.test/verify-email/x',
        },
      },
    }),
  );
}

function relayOn(connection: Redis) {
  const queue = new Queue('email', { connection, prefix: redis.prefix });
  const relay = new OutboxRelay({
    sequelize: db.sequelize,
    databaseUrl: db.url,
    queues: { email: queue } as Record<QueueName, Queue>,
    logger,
  });
  return { queue, relay };
}

describe(OutboxRelay.name, () => {
  it('keeps events while Redis is unreachable and delivers each exactly once when it answers', async () => {
    const event = await writeInvitationEvent('relay-outage');

    const deadRedis = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      enableOfflineQueue: false,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    deadRedis.on('error', () => undefined);
    const down = relayOn(deadRedis);
    down.queue.on('error', () => undefined);
    await down.relay.wake();
    await event.reload();
    expect(event.dispatchedAt).toBeNull();
    expect(event.lastError).toEqual(expect.any(String));
    await down.queue.close().catch(() => undefined);
    await closeRedis(deadRedis);

    const liveRedis = new Redis(redis.url, { maxRetriesPerRequest: null });
    const up = relayOn(liveRedis);
    try {
      await up.relay.wake();
      await event.reload();
      expect(event.dispatchedAt).toBeInstanceOf(Date);

      await OutboxEvent.update({ dispatchedAt: null }, { where: { id: event.id } });
      await up.relay.wake();
      const jobs = await up.queue.getJobs(['waiting', 'delayed', 'active', 'completed']);
      expect(jobs.map((job) => job.id)).toEqual([`outbox-${event.id}-${event.createdAt.getTime()}`]);
      expect(jobs[0]?.data).toMatchObject({ companyId: null, payload: { idempotencyKey: 'relay-outage' } });
    } finally {
      await up.queue.close();
      await closeRedis(liveRedis);
    }
  });

  it('wakes on a committed event without waiting for the poll', async () => {
    const liveRedis = new Redis(redis.url, { maxRetriesPerRequest: null });
    const { queue, relay } = relayOn(liveRedis);
    await relay.start();
    try {
      const event = await writeInvitationEvent('relay-notify');
      const deadline = Date.now() + 900;
      const jobId = `outbox-${event.id}-${event.createdAt.getTime()}`;
      while (!(await queue.getJob(jobId)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await queue.getJob(jobId)).toBeDefined();
    } finally {
      await relay.stop();
      await queue.close();
      await closeRedis(liveRedis);
    }
  });
});
