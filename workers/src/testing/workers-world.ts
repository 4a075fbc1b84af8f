import { createLogger, LocalPaymentsProvider, startMailSink, type MailSink } from '@teamfolk/shared';
import { createTestDatabase, createTestRedis, type TestDatabase, type TestRedis } from '@teamfolk/shared/testing';
import { startWorkers } from '../index';
import { appUrl } from './subscribed-company';

/**
 * What tests of the running workers need: a database and a Redis prefix of their own, an SMTP sink
 * and the local payments provider; `startWorkers` starts a worker process's set on them.
 */
export function workersWorld() {
  let db: TestDatabase;
  let redis: TestRedis;
  let mail: MailSink;
  let local: LocalPaymentsProvider;
  const logger = createLogger('silent', 'test');

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = createTestRedis();
    mail = await startMailSink();
    local = new LocalPaymentsProvider(db.sequelize, { mode: 'local', appUrl });
  });
  afterAll(async () => {
    await mail.close();
    await redis.flush();
    await db.drop();
  });

  return {
    get db() {
      return db;
    },
    get redis() {
      return redis;
    },
    get local() {
      return local;
    },
    /** The workers of one process, schedules on, on the world's queues (or those under `queuePrefix`). */
    startWorkers: (queuePrefix = redis.prefix) =>
      startWorkers({
        sequelize: db.sequelize,
        databaseUrl: db.url,
        redisUrl: redis.url,
        queuePrefix,
        smtpUrl: mail.url,
        mailFrom: 'Teamfolk <no-reply@teamfolk.test>',
        logger,
        appUrl,
        payments: local,
      }),
  };
}
