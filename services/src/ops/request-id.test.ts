import { Redis } from 'ioredis';
import supertest from 'supertest';
import {
  closeRedis,
  createLogger,
  loadConfig,
  paymentsSettingsOf,
  startMailSink,
  type MailSink,
} from '@teamfolk/shared';
import { createTestDatabase, createTestRedis, type TestDatabase, type TestRedis } from '@teamfolk/shared/testing';
import { startWorkers, type RunningWorkers } from '@teamfolk/workers';
import { createApp } from '../app';
import { activateSubscription, createCompanyWithAdmin } from '../testing/factories';
import { eventually } from '../testing/harness';

/** What the API and the workers logged, each line parsed. */
const lines: Array<Record<string, unknown>> = [];
const capture = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };

let db: TestDatabase;
let redis: TestRedis;
let mail: MailSink;
let readinessRedis: Redis;
let workers: RunningWorkers;
let request: () => supertest.Agent;

beforeAll(async () => {
  db = await createTestDatabase();
  redis = createTestRedis();
  mail = await startMailSink();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: redis.prefix,
    SMTP_URL: mail.url,
    APP_URL: 'http://teamfolk.test',
  });
  workers = await startWorkers({
    sequelize: db.sequelize,
    databaseUrl: db.appUrl,
    redisUrl: config.REDIS_URL,
    queuePrefix: config.QUEUE_PREFIX,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    logger: createLogger('info', 'workers', capture),
    appUrl: config.APP_URL,
    payments: paymentsSettingsOf(config),
    schedules: false,
  });
  readinessRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  const app = createApp({
    config,
    sequelize: db.sequelize,
    redis: readinessRedis,
    logger: createLogger('info', 'api', capture),
  });
  request = () => supertest.agent(app);
});
afterAll(async () => {
  await workers?.close();
  await closeRedis(readinessRedis);
  await mail?.close();
  await redis?.flush();
  await db?.drop();
});

describe('the request id', () => {
  it("should follow a request into the jobs it causes: the API's line and the e-mail job's lines carry it", async () => {
    const { company, admin, password } = await createCompanyWithAdmin();
    await activateSubscription(company);
    const login = await request().post('/api/auth/login').send({ email: admin.email, password }).expect(200);

    const invited = await request()
      .post('/api/employees')
      .set('Authorization', `Bearer ${login.body.token as string}`)
      .set('X-Request-Id', 'abc-123')
      .send({ name: 'Ines Invited', email: 'ines.invited@example.com' })
      .expect(201);
    expect(invited.headers['x-request-id']).toBe('abc-123');
    await workers.relay.wake();
    await eventually(async () => mail.messages().some((message) => message.to.includes('ines.invited@example.com')));
    // The invitation e-mail and the seat count: both jobs the request caused have logged.
    await eventually(async () =>
      ['e-mail sent', 'seat quantity'].every((msg) => lines.some((line) => line.msg === msg)),
    );

    const apiLine = lines.find(
      (line) => line.name === 'api' && (line.req as { url?: string } | undefined)?.url === '/api/employees',
    );
    expect(apiLine).toMatchObject({ msg: 'request completed', req: { id: 'abc-123', method: 'POST' } });
    // Every line a job writes names the job (a binding of the job's own logger) and the request.
    const jobLines = lines.filter((line) => line.name === 'workers' && typeof line.jobId === 'string');
    expect(jobLines.map((line) => [line.job, line.msg])).toEqual(
      expect.arrayContaining([
        ['send-email', 'e-mail sent'],
        ['update-seat-quantity', 'seat quantity'],
      ]),
    );
    expect(jobLines.filter((line) => line.requestId !== 'abc-123')).toEqual([]);
  });
});
