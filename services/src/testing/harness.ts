import type { Express } from 'express';
import { Redis } from 'ioredis';
import supertest from 'supertest';
import {
  closeRedis,
  createLogger,
  loadConfig,
  paymentsSettingsOf,
  startMailSink,
  type Config,
  type DestinationStream,
  type MailSink,
} from '@teamfolk/shared';
import { createTestDatabase, createTestRedis, type TestDatabase, type TestRedis } from '@teamfolk/shared/testing';
import { startWorkers, type RunningWorkers } from '@teamfolk/workers';
import { createApp } from '../app';

export interface TestApp {
  app: Express;
  request: () => supertest.Agent;
  /** The same database, workers and mail, behind an API configured differently. */
  requestWith(overrides: Partial<Record<string, string>>): supertest.Agent;
  config: Config;
  db: TestDatabase;
  redis: TestRedis;
  mail: MailSink;
  workers: RunningWorkers;
  /** Delivers every outbox event written so far. */
  flushOutbox(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Settings for the API and the workers on top of the test defaults (SMTP_URL: the sink's, LOG_LEVEL: silent). */
  config?: Partial<Record<string, string>>;
  /** Where the API ("api") and the workers ("workers") write their log lines; default: nowhere. */
  logTo?: DestinationStream;
  /** The workers' cron schedules (default: on, as in production). */
  schedules?: boolean;
}

/**
 * The API and workers of one test file on their own database and queue prefix, with an SMTP sink
 * that e-mails can be read back from.
 */
export async function startTestApp({ config: settings = {}, logTo, schedules }: TestAppOptions = {}): Promise<TestApp> {
  // The API and the workers share one pool here, sized and timed by the test's settings when it gives them.
  const db = await createTestDatabase({
    ...(settings.DATABASE_POOL_MAX ? { poolMax: Number(settings.DATABASE_POOL_MAX) } : {}),
    ...(settings.DATABASE_ACQUIRE_TIMEOUT_MS ? { acquireTimeoutMs: Number(settings.DATABASE_ACQUIRE_TIMEOUT_MS) } : {}),
  });
  const redis = createTestRedis();
  const mail = await startMailSink();
  const configWith = (overrides: Partial<Record<string, string>>) =>
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.prefix,
      SMTP_URL: mail.url,
      APP_URL: 'http://teamfolk.test',
      LOG_LEVEL: 'silent',
      ...settings,
      ...overrides,
    });
  const config = configWith({});
  const apiLogger = createLogger(config.LOG_LEVEL, 'api', logTo);
  const readinessRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  const workers = await startWorkers({
    sequelize: db.sequelize,
    databaseUrl: db.appUrl,
    redisUrl: config.REDIS_URL,
    queuePrefix: config.QUEUE_PREFIX,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    logger: createLogger(config.LOG_LEVEL, 'workers', logTo),
    appUrl: config.APP_URL,
    payments: paymentsSettingsOf(config),
    schedules,
  });
  const appWith = (appConfig: Config) =>
    createApp({ config: appConfig, sequelize: db.sequelize, redis: readinessRedis, logger: apiLogger, mailSink: mail });
  const app = appWith(config);
  return {
    app,
    request: () => supertest.agent(app),
    requestWith: (overrides) => supertest.agent(appWith(configWith(overrides))),
    config,
    db,
    redis,
    mail,
    workers,
    flushOutbox: () => workers.relay.wake(),
    async close() {
      await workers.close();
      await closeRedis(readinessRedis);
      await mail.close();
      await redis.flush();
      await db.drop();
    },
  };
}

/** Signs in through the API and returns the bearer header value. */
export async function bearerFor(t: TestApp, email: string, password: string): Promise<string> {
  const reply = await t.request().post('/api/auth/login').send({ email, password }).expect(200);
  return `Bearer ${reply.body.token as string}`;
}

/** Polls until `probe` returns a value that is not undefined/false, for work that finishes asynchronously. */
export async function eventually<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
