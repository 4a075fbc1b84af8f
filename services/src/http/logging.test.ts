import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import supertest from 'supertest';
import { closeRedis, createLogger, type Logger } from '@teamfolk/shared';
import { createApp } from '../app';
import { createCompanyWithAdmin, createInvitedEmployee } from '../testing/factories';
import { startTestApp, type TestApp } from '../testing/harness';

/** What the API writes to its log, read back: secrets in requests, replies and logged objects never appear. */

let t: TestApp;
let redis: Redis;
let lines: string[];
let logger: Logger;
let api: supertest.Agent;

beforeAll(async () => {
  t = await startTestApp();
  redis = new Redis(t.config.REDIS_URL);
  lines = [];
  logger = createLogger(
    'info',
    'test',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  api = supertest.agent(createApp({ config: t.config, sequelize: t.db.sequelize, redis, logger, mailSink: t.mail }));
});
afterAll(async () => {
  await closeRedis(redis);
  await t.close();
});

const logged = () => lines.join('');

describe('the request log', () => {
  it('keeps passwords, tokens, cookies and the renewed session token out', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const login = await api.post('/api/auth/login').set('Cookie', 'session=cookie-value-123').send({
      email: admin.email,
      password,
    });
    expect(login.status).toBe(200);
    const token = login.body.token as string;

    // A token twenty minutes old is renewed: the reply carries X-Session-Token.
    const now = Math.floor(Date.now() / 1000);
    const older = jwt.sign(
      { cid: admin.companyId, role: 'admin', ver: 0, auth_time: now - 1200, iat: now - 1200, exp: now + 600 },
      t.config.JWT_SECRET,
      { algorithm: 'HS256', subject: String(admin.id), issuer: 'teamfolk', audience: 'teamfolk-console' },
    );
    const renewed = await api.get('/api/auth/me').set('Authorization', `Bearer ${older}`).expect(200);
    const renewedToken = renewed.headers['x-session-token'] as string;
    expect(renewedToken).toEqual(expect.any(String));
    await api.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);

    const { company } = await createCompanyWithAdmin();
    const { token: invitation } = await createInvitedEmployee(t.db.sequelize, company);
    await api.get(`/api/auth/invitation/${invitation}`).expect(200);
    await api
      .post('/api/auth/invitation/accept')
      .send({ token: invitation, password: 'my own secret words' })
      .expect(200);

    const log = logged();
    expect(log).toContain('"url":"/api/auth/invitation/[redacted]"');
    const meLine = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => (line.req as { url?: string } | undefined)?.url === '/api/auth/me');
    expect(meLine).toMatchObject({
      msg: 'request completed',
      req: { id: renewed.headers['x-request-id'], method: 'GET', url: '/api/auth/me' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      userId: admin.id,
      companyId: admin.companyId,
    });
    for (const secret of [
      password,
      token,
      older,
      renewedToken,
      invitation,
      'cookie-value-123',
      'my own secret words',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe("the console's files", () => {
  it('are left out of the request log one by one, unless one is missing; pages are logged', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'teamfolk-console-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Teamfolk</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    try {
      const app = supertest(
        createApp({ config: { ...t.config, CONSOLE_DIST: dist }, sequelize: t.db.sequelize, redis, logger }),
      );
      const requestLines = () =>
        lines
          .map((line) => JSON.parse(line) as { req?: { url?: string }; res?: { statusCode?: number } })
          .filter((line) => line.req?.url !== undefined)
          .map((line) => `${line.req!.url} ${line.res?.statusCode}`);
      const before = requestLines().length;
      await app.get('/assets/index-abc123.js').expect(200);
      const cached = await app.get('/assets/index-abc123.js').set('If-Modified-Since', new Date().toUTCString());
      expect(cached.status).toBe(304);
      await app.get('/favicon.svg').expect(200);
      await app.get('/assets/index-gone.js').expect(404);
      await app.get('/dashboard/employees').expect(200);
      expect(requestLines().slice(before)).toEqual(['/assets/index-gone.js 404', '/dashboard/employees 200']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the application log', () => {
  it('redacts passwords, tokens, secrets and Stripe keys wherever they sit in a logged object', () => {
    logger.info(
      {
        user: { email: 'ada@example.com', password: 'pw-123456', newPassword: 'pw-654321' },
        settings: {
          STRIPE_SECRET_KEY: 'sk_live_abcdef123',
          stripeWebhookSecret: 'whsec_abcdef123',
          JWT_SECRET: 'j'.repeat(40),
        },
        headers: { authorization: 'Bearer abc.def.ghi', 'x-session-token': 'renewed.token.value' },
        nested: [{ resetToken: 'reset-token-value' }],
        note: 'the call used sk_test_4242abcd',
      },
      'something happened',
    );
    const line = JSON.parse(lines[lines.length - 1]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      msg: 'something happened',
      user: { email: 'ada@example.com', password: '[redacted]', newPassword: '[redacted]' },
      settings: { STRIPE_SECRET_KEY: '[redacted]', stripeWebhookSecret: '[redacted]', JWT_SECRET: '[redacted]' },
      headers: { authorization: '[redacted]', 'x-session-token': '[redacted]' },
      nested: [{ resetToken: '[redacted]' }],
      note: 'the call used [redacted]',
    });
  });

  it('redacts what a logged error carries: its own keys at any depth, and Stripe keys in its message', () => {
    const error = Object.assign(new Error('the charge failed with sk_live_abcdef123'), {
      token: 'tok-123456',
      response: { status: 402, headers: { authorization: 'Bearer abc.def.ghi' } },
    });
    logger.error({ err: error }, 'charge failed');
    const line = JSON.parse(lines[lines.length - 1]!) as { err: Record<string, unknown> };
    expect(line.err).toMatchObject({
      type: 'Error',
      message: 'the charge failed with [redacted]',
      token: '[redacted]',
      response: { status: 402, headers: { authorization: '[redacted]' } },
    });
    expect(JSON.stringify(line)).not.toMatch(/sk_live|tok-123456|abc\.def/);
    expect(error.token).toBe('tok-123456');
  });
});
