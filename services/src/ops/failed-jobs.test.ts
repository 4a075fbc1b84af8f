import { Redis } from 'ioredis';
import supertest from 'supertest';
import {
  closeRedis,
  createLogger,
  DEFAULT_JOB_OPTIONS,
  freePort,
  loadConfig,
  paymentsSettingsOf,
  startMailSink,
  type MailSink,
} from '@teamfolk/shared';
import {
  createTestDatabase,
  createTestRedis,
  metricValue,
  type TestDatabase,
  type TestRedis,
} from '@teamfolk/shared/testing';
import { startWorkers, type RunningWorkers } from '@teamfolk/workers';
import { createApp } from '../app';
import { eventually } from '../testing/harness';

const operatorAuth = `Basic ${Buffer.from('operator:a long operator password').toString('base64')}`;

let db: TestDatabase;
let redis: TestRedis;
let readinessRedis: Redis;
let workers: RunningWorkers;
let mail: MailSink | undefined;
/** Nothing listens there until the test brings the SMTP sink up. */
let smtpPort: number;
let request: () => supertest.Agent;

beforeAll(async () => {
  db = await createTestDatabase();
  redis = createTestRedis();
  smtpPort = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: redis.prefix,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    APP_URL: 'http://teamfolk.test',
    LOG_LEVEL: 'silent',
    OPS_USERNAME: 'operator',
    OPS_PASSWORD: 'a long operator password',
  });
  const logger = createLogger(config.LOG_LEVEL, 'test');
  workers = await startWorkers({
    sequelize: db.sequelize,
    databaseUrl: db.appUrl,
    redisUrl: config.REDIS_URL,
    queuePrefix: config.QUEUE_PREFIX,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    logger,
    appUrl: config.APP_URL,
    payments: paymentsSettingsOf(config),
    schedules: false,
  });
  readinessRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  const app = createApp({ config, sequelize: db.sequelize, redis: readinessRedis, logger });
  request = () => supertest.agent(app);
});
afterAll(async () => {
  await workers?.close();
  await closeRedis(readinessRedis);
  await mail?.close();
  await redis?.flush();
  await db?.drop();
});

describe('a job that keeps failing', () => {
  it('should end up failed with its error after every retry, and run again when the operator retries it', async () => {
    await request()
      .post('/api/auth/signup')
      .send({
        email: 'founder@example.com',
        password: 'a long enough passphrase',
        name: 'Fay Founder',
        companyName: 'Unlucky Mail Ltd',
      })
      .expect(201);
    await workers.relay.wake();

    // The backoff between attempts (seconds, growing) is skipped: each retry is promoted at once.
    const emails = workers.queues.email;
    const failed = await eventually(async () => {
      await emails.promoteJobs();
      return (await emails.getFailed())[0];
    }, 20_000);
    const jobUrl = `/ops/queues/api/queues/email/${encodeURIComponent(failed.id!)}`;

    const seen = await request().get(jobUrl).set('Authorization', operatorAuth).expect(200);
    expect(seen.body.status).toBe('failed');
    expect(seen.body.job).toMatchObject({ name: 'send-email', attempts: DEFAULT_JOB_OPTIONS.attempts });
    expect(seen.body.job.failedReason).toMatch(/ECONNREFUSED/);
    const metrics = (await request().get('/metrics').set('Authorization', operatorAuth).expect(200)).text;
    expect(metricValue(metrics, 'teamfolk_emails_failed_total', { template: 'verify-email' })).toBe(
      DEFAULT_JOB_OPTIONS.attempts,
    );
    expect(metricValue(metrics, 'teamfolk_queue_jobs', { queue: 'email', state: 'failed' })).toBe(1);
    expect(metricValue(metrics, 'teamfolk_job_duration_seconds_count', { job: 'send-email', outcome: 'failed' })).toBe(
      DEFAULT_JOB_OPTIONS.attempts,
    );

    mail = await startMailSink({ port: smtpPort });
    await request().put(`${jobUrl}/retry`).set('Authorization', operatorAuth).expect(204);

    const delivered = await eventually(async () =>
      mail!.messages().find((message) => message.to.includes('founder@example.com')),
    );
    expect(delivered.subject).toMatch(/verify/i);
    await eventually(async () => (await emails.getJobState(failed.id!)) === 'completed');
  }, 60_000);
});
