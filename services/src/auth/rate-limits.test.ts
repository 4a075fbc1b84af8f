import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import supertest from 'supertest';
import { closeRedis, createLogger, SecurityEvent, tooManyAttemptsText } from '@teamfolk/shared';
import { createApp } from '../app';
import { createCompanyWithAdmin, createInvitedEmployee } from '../testing/factories';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * The sign-in routes' brute-force limits with their real defaults (10 failed sign-ins per account
 * and 100 per client address in 15 minutes, and so on): each test speaks from an address of its own
 * (X-Forwarded-For from the loopback proxy, which TRUST_PROXY trusts by default).
 */

// Some tests make a hundred requests, or wait for a window or for Redis to time out.
jest.setTimeout(60_000);

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let lastAddress = 0;
const newAddress = () => `198.51.100.${++lastAddress}`;
const unique = () => Math.random().toString(36).slice(2);
const WINDOW_SECONDS = 15 * 60;

function post(path: string, body: object, address: string, agent = t.request()) {
  return agent.post(`/api/auth${path}`).set('X-Forwarded-For', address).send(body);
}

async function repeat(times: number, attempt: (index: number) => Promise<{ status: number }>, status: number) {
  for (let index = 0; index < times; index++) expect((await attempt(index)).status).toBe(status);
}

function expectThrottled(reply: supertest.Response): void {
  expect(reply.status).toBe(429);
  const retryAfter = Number(reply.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(reply.body).toEqual({ message: tooManyAttemptsText(retryAfter) });
}

describe('POST /api/auth/login', () => {
  it('refuses the 11th wrong password for an account, then even the right one, from any address', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const address = newAddress();
    await repeat(10, () => post('/login', { email: admin.email, password: 'not it' }, address), 401);

    const throttled = await post('/login', { email: admin.email, password: 'not it either' }, address);
    expectThrottled(throttled);
    expect(throttled.body.message).toBe('Too many attempts. Please try again in 15 minutes.');
    expectThrottled(await post('/login', { email: admin.email, password }, address));
    expectThrottled(await post('/login', { email: admin.email.toUpperCase(), password }, newAddress()));

    const other = await createCompanyWithAdmin();
    await post('/login', { email: other.admin.email, password: other.password }, address).expect(200);
  });

  it('does not count successful sign-ins against the account', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const address = newAddress();
    await repeat(12, () => post('/login', { email: admin.email, password }, address), 200);
    await repeat(10, () => post('/login', { email: admin.email, password: 'typo' }, address), 401);
    expectThrottled(await post('/login', { email: admin.email, password: 'typo' }, address));
  });

  it('lets the person in again once the window has passed', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    // A short window and a small limit (the defaults are proven above), so the test need not wait 15 minutes.
    const agent = t.requestWith({ RATE_LIMIT_WINDOW_SECONDS: '4', RATE_LIMIT_LOGIN_PER_ACCOUNT: '2' });
    const address = newAddress();
    await repeat(2, () => post('/login', { email: admin.email, password: 'typo' }, address, agent), 401);
    const throttled = await post('/login', { email: admin.email, password }, address, agent).expect(429);
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(4);

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 200));
    await post('/login', { email: admin.email, password }, address, agent).expect(200);
  });

  it('refuses a 101st failed sign-in from one address, whichever accounts it tries', async () => {
    const address = newAddress();
    for (let batch = 0; batch < 10; batch++) {
      const replies = await Promise.all(
        Array.from({ length: 10 }, () =>
          post('/login', { email: `guess-${unique()}@example.com`, password: 'x' }, address),
        ),
      );
      expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(401));
    }
    const { admin, password } = await createCompanyWithAdmin();
    expectThrottled(await post('/login', { email: admin.email, password }, address));
    await post('/login', { email: admin.email, password }, newAddress()).expect(200);
  });

  it('writes every throttled attempt to the security log', async () => {
    const email = `throttled-${unique()}@example.com`;
    const address = newAddress();
    await repeat(10, () => post('/login', { email, password: 'guess' }, address), 401);
    await post('/login', { email, password: 'guess' }, address).set('User-Agent', 'brute/1.0').expect(429);

    const events = await SecurityEvent.findAll({ where: { email, kind: 'sign-in.throttled' } });
    expect(events).toEqual([
      expect.objectContaining({
        companyId: null,
        userId: null,
        ip: address,
        userAgent: 'brute/1.0',
        route: 'POST /api/auth/login',
        status: 429,
      }),
    ]);
  });

  it("keeps its counters in Redis under the deployment's key prefix, without the e-mail address", async () => {
    const email = `counted-${unique()}@example.com`;
    await post('/login', { email, password: 'guess' }, newAddress()).expect(401);
    const redis = new Redis(t.config.REDIS_URL);
    try {
      const keys = await redis.keys(`${t.config.QUEUE_PREFIX}:rate-limit:login:*`);
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(keys.some((key) => key.includes(email))).toBe(false);
      for (const key of keys) expect(await redis.pttl(key)).toBeLessThanOrEqual(WINDOW_SECONDS * 1000);
    } finally {
      await closeRedis(redis);
    }
  });
});

describe('POST /api/auth/login from a device that signed in before (device tokens)', () => {
  /** Wrong passwords from `address` until the account is throttled: how many were answered 401. */
  async function guessUntilThrottled(email: string, address: string, body: object = {}): Promise<number> {
    for (let attempt = 1; attempt <= 50; attempt++) {
      const reply = await post('/login', { email, password: `guess ${attempt}`, ...body }, address);
      if (reply.status === 429) return attempt - 1;
      expect(reply.status).toBe(401);
    }
    throw new Error('never throttled');
  }

  it('lets the owner in from their known device while a guesser is locked out of the account', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const home = newAddress();
    const signedIn = await post('/login', { email: admin.email, password }, home).expect(200);
    const { deviceToken } = signedIn.body as { deviceToken: string };
    expect(deviceToken).toEqual(expect.any(String));

    const guesser = newAddress();
    expect(await guessUntilThrottled(admin.email, guesser)).toBe(10);
    // The right password from a device the account has never signed in from waits, as before.
    expectThrottled(await post('/login', { email: admin.email, password }, guesser));
    expectThrottled(await post('/login', { email: admin.email, password }, newAddress()));

    const owner = await post('/login', { email: admin.email, password, deviceToken }, home).expect(200);
    expect(owner.body).toMatchObject({ token: expect.any(String), user: { email: admin.email } });
    // A fresh token for the same device, which lets it in again.
    await post('/login', { email: admin.email, password, deviceToken: owner.body.deviceToken }, home).expect(200);
  });

  it('throttles a known device after its own 10 wrong passwords', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const home = newAddress();
    const { deviceToken } = (await post('/login', { email: admin.email, password }, home).expect(200)).body as {
      deviceToken: string;
    };
    expect(await guessUntilThrottled(admin.email, home, { deviceToken })).toBe(10);
    expectThrottled(await post('/login', { email: admin.email, password, deviceToken }, home));
    // Its failures were its own: the account is not locked for the owner's other devices.
    await post('/login', { email: admin.email, password }, newAddress()).expect(200);
  });

  it("trusts no token but the account's own, unaltered", async () => {
    const victim = await createCompanyWithAdmin();
    const attacker = await createCompanyWithAdmin();
    const address = newAddress();
    const attackersDevice = (
      await post('/login', { email: attacker.admin.email, password: attacker.password }, address).expect(200)
    ).body.deviceToken as string;
    const victimsDevice = (
      await post('/login', { email: victim.admin.email, password: victim.password }, newAddress()).expect(200)
    ).body.deviceToken as string;
    expect(await guessUntilThrottled(victim.admin.email, address)).toBe(10);

    const [header, payload, signature] = victimsDevice.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const deviceToken of [attackersDevice, forged, 'not-a-token']) {
      expectThrottled(await post('/login', { email: victim.admin.email, password: 'guess', deviceToken }, address));
    }
    // Nor is a device token a session.
    await t.request().get('/api/auth/me').set('Authorization', `Bearer ${victimsDevice}`).expect(401);
  });
});

describe('POST /api/auth/signup', () => {
  const body = (email: string) => ({
    email,
    password: 'a fine passphrase',
    name: 'Sam Signup',
    companyName: 'Signups',
  });

  it('refuses a 6th sign-up for one address within the window', async () => {
    const email = `again-${unique()}@example.com`;
    const address = newAddress();
    await post('/signup', body(email), address).expect(201);
    await repeat(4, () => post('/signup', body(email), address), 409);
    expectThrottled(await post('/signup', body(email), address));
  });

  it('refuses a 21st sign-up from one address, and no other address', async () => {
    const address = newAddress();
    await repeat(20, () => post('/signup', body(`company-${unique()}@example.com`), address), 201);
    expectThrottled(await post('/signup', body(`company-${unique()}@example.com`), address));
    await post('/signup', body(`company-${unique()}@example.com`), newAddress()).expect(201);
    expect(await SecurityEvent.count({ where: { kind: 'request.throttled', ip: address, status: 429 } })).toBe(1);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('sends at most 5 e-mails to one address and takes 20 requests from one client address', async () => {
    const email = `resend-${unique()}@example.com`;
    const address = newAddress();
    await repeat(5, () => post('/resend-verification', { email }, address), 200);
    expectThrottled(await post('/resend-verification', { email }, address));

    const busy = newAddress();
    await repeat(20, () => post('/resend-verification', { email: `r-${unique()}@example.com` }, busy), 200);
    expectThrottled(await post('/resend-verification', { email: `r-${unique()}@example.com` }, busy));
  });
});

describe('POST /api/auth/invitation/accept', () => {
  it('refuses an 11th failed attempt on one invitation, then even a good password', async () => {
    const { company } = await createCompanyWithAdmin();
    const { token } = await createInvitedEmployee(t.db.sequelize, company);
    const address = newAddress();
    await repeat(10, () => post('/invitation/accept', { token, password: '123456' }, address), 400);
    expectThrottled(await post('/invitation/accept', { token, password: 'a good one' }, newAddress()));
  });

  it('refuses a 51st failed attempt from one address, whichever links it tries', async () => {
    const address = newAddress();
    const guess = () => ({ token: `${unique()}${unique()}${unique()}`.padEnd(43, 'x'), password: 'quiet harbour' });
    await repeat(50, () => post('/invitation/accept', guess(), address), 404);
    expectThrottled(await post('/invitation/accept', guess(), address));
  });
});

describe('when Redis does not answer', () => {
  let silent: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // The worst case, a Redis that hangs: it passes the client's handshake, then never answers again.
    const handshake: Record<string, string> = {
      HELLO: '%1\r\n+proto\r\n:3\r\n',
      CLIENT: '+OK\r\n',
      INFO: '$11\r\nloading:0\r\n\r\n',
    };
    silent = createServer((socket) => {
      sockets.push(socket);
      socket.on('data', (chunk) => {
        for (const [, command] of chunk.toString().matchAll(/\*\d+\r\n\$\d+\r\n([^\r]+)\r\n/g)) {
          const reply = handshake[command!.toUpperCase()];
          if (reply) socket.write(reply);
        }
      });
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it.each([
    ['hangs', () => `redis://127.0.0.1:${(silent.address() as { port: number }).port}`],
    ['refuses connections', () => 'redis://127.0.0.1:1'],
  ])('lets people sign in when Redis %s, promptly, and logs a warning', async (_case, redisUrl) => {
    const lines: string[] = [];
    const logs = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // A short disconnect timeout: ioredis otherwise keeps a 2-second timer for a socket that never opened.
    const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1, disconnectTimeout: 100 });
    redis.on('error', () => undefined);
    if (redisUrl().endsWith(':1')) await new Promise((resolve) => setTimeout(resolve, 100));
    else await new Promise((resolve) => redis.once('ready', resolve));
    try {
      const app = createApp({
        config: t.config,
        sequelize: t.db.sequelize,
        redis,
        logger: createLogger('warn', 'test', logs),
        mailSink: t.mail,
      });
      const { admin, password } = await createCompanyWithAdmin();
      for (const [attempt, status] of [
        [password, 200],
        ['wrong', 401],
      ] as const) {
        const started = Date.now();
        await supertest(app).post('/api/auth/login').send({ email: admin.email, password: attempt }).expect(status);
        // Two limiters, each waiting at most a second for Redis, then the password check: no hang.
        expect(Date.now() - started).toBeLessThan(10_000);
      }
      expect(lines.some((line) => line.includes('"level":40') && line.includes('rate-limit'))).toBe(true);
    } finally {
      redis.disconnect();
    }
  });
});
