import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import supertest from 'supertest';
import { SecurityEvent, User } from '@teamfolk/shared';
import { createCompanyWithAdmin, createInvitedEmployee } from '../testing/factories';
import { bearerFor, eventually, startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let lastAddress = 0;
const newAddress = () => `203.0.113.${++lastAddress}`;
const unique = () => Math.random().toString(36).slice(2);

const eventsOf = (where: Record<string, unknown>) => SecurityEvent.findAll({ where, order: [['id', 'ASC']] });

function login(email: string, password: string, address: string, requestId = `request-${unique()}`) {
  return t
    .request()
    .post('/api/auth/login')
    .set('X-Forwarded-For', address)
    .set('X-Request-Id', requestId)
    .set('User-Agent', 'Teamfolk tests')
    .send({ email, password });
}

describe('the security log', () => {
  it('records every sign-in attempt: who, from where, through which request, and how it ended', async () => {
    const { company, admin, password } = await createCompanyWithAdmin();
    const address = newAddress();
    await login(admin.email, password, address, 'signed-in-request').expect(200);
    await login(admin.email.toUpperCase(), 'not the password', address).expect(401);
    const nobody = `nobody-${unique()}@example.com`;
    await login(nobody, 'whatever it is', address).expect(401);
    await User.update({ disabledAt: new Date() }, { where: { id: admin.id } });
    await login(admin.email, password, address).expect(403);

    const known = { companyId: company.id, userId: admin.id, email: admin.email };
    expect(await eventsOf({ ip: address })).toEqual([
      expect.objectContaining({
        kind: 'sign-in.succeeded',
        status: 200,
        ...known,
        ip: address,
        userAgent: 'Teamfolk tests',
        requestId: 'signed-in-request',
        route: 'POST /api/auth/login',
        createdAt: expect.any(Date),
      }),
      expect.objectContaining({ kind: 'sign-in.wrong-password', status: 401, ...known }),
      expect.objectContaining({
        kind: 'sign-in.unknown-email',
        status: 401,
        companyId: null,
        userId: null,
        email: nobody,
      }),
      expect.objectContaining({ kind: 'sign-in.disabled', status: 403, ...known }),
    ]);
  });

  it('records a request refused for want of a session (401), without the query string', async () => {
    const address = newAddress();
    await t.request().get('/api/employees?token=secret-in-the-query').set('X-Forwarded-For', address).expect(401);
    await t
      .request()
      .get('/api/dashboard/summary')
      .set('X-Forwarded-For', address)
      .set('Authorization', 'Bearer forged')
      .expect(401);

    expect(await eventsOf({ ip: address })).toEqual([
      expect.objectContaining({
        kind: 'access.unauthenticated',
        status: 401,
        userId: null,
        route: 'GET /api/employees',
      }),
      expect.objectContaining({ kind: 'access.unauthenticated', status: 401, route: 'GET /api/dashboard/summary' }),
    ]);
  });

  it('records a request refused for want of a permission (403): an employee on an admin route, an unverified admin inviting', async () => {
    const { company } = await createCompanyWithAdmin();
    const { employee, token } = await createInvitedEmployee(t.db.sequelize, company);
    await t.request().post('/api/auth/invitation/accept').send({ token, password: 'a careful one' }).expect(200);
    const employeeSession = await bearerFor(t, employee.email, 'a careful one');
    await t.request().get('/api/employees').set('Authorization', employeeSession).expect(403);

    const unverified = await createCompanyWithAdmin({ verified: false });
    const adminSession = await bearerFor(t, unverified.admin.email, unverified.password);
    await t
      .request()
      .post('/api/employees')
      .set('Authorization', adminSession)
      .send({ name: 'New Person', email: `new-${unique()}@example.com` })
      .expect(403);

    const employeeUser = await User.findOne({ where: { email: employee.email } });
    expect(await eventsOf({ kind: 'access.forbidden', userId: employeeUser!.id })).toEqual([
      expect.objectContaining({ companyId: company.id, status: 403, route: 'GET /api/employees' }),
    ]);
    expect(await eventsOf({ kind: 'access.forbidden', userId: unverified.admin.id })).toEqual([
      expect.objectContaining({ companyId: unverified.company.id, status: 403, route: 'POST /api/employees' }),
    ]);
  });

  it('keeps a long user agent to its first 256 characters', async () => {
    const address = newAddress();
    await t
      .request()
      .get('/api/auth/me')
      .set('X-Forwarded-For', address)
      .set('User-Agent', 'A'.repeat(5000))
      .expect(401);
    const [event] = await eventsOf({ ip: address });
    expect(event!.userAgent).toBe('A'.repeat(256));
  });

  it('never breaks the request when the log cannot be written', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    await t.db.sequelize.query('ALTER TABLE security_events ADD CONSTRAINT refuse_everything CHECK (false) NOT VALID');
    try {
      await login(admin.email, password, newAddress()).expect(200);
      await login(admin.email, 'wrong', newAddress()).expect(401);
      await t.request().get('/api/employees').expect(401);
    } finally {
      await t.db.sequelize.query('ALTER TABLE security_events DROP CONSTRAINT refuse_everything');
    }
    await login(admin.email, password, newAddress()).expect(200);
    await eventually(async () => (await SecurityEvent.count({ where: { userId: admin.id } })) === 1);
  });
});

/**
 * The API behind a server whose every connection appears to come from `peer`: a stand-in for a
 * machine of a private network (the tests connect over the loopback, and send nothing elsewhere).
 */
async function apiSeenFrom(peer: string, overrides: Record<string, string> = {}): Promise<Server> {
  // supertest keeps an agent's app as an http.Server.
  const server = (t.requestWith(overrides) as unknown as { app: Server }).app;
  server.prependListener('connection', (socket: Socket) => {
    Object.defineProperty(socket, 'remoteAddress', { value: peer });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return server;
}
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('the client address (TRUST_PROXY)', () => {
  it('is taken from X-Forwarded-For set by a proxy on the loopback, by default', async () => {
    const email = `proxied-${unique()}@example.com`;
    await login(email, 'whatever it is', '192.0.2.44').expect(401);
    expect(await eventsOf({ email })).toEqual([expect.objectContaining({ ip: '192.0.2.44' })]);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const email = `direct-${unique()}@example.com`;
    await t
      .requestWith({ TRUST_PROXY: 'false' })
      .post('/api/auth/login')
      .set('X-Forwarded-For', '192.0.2.45')
      .send({ email, password: 'whatever it is' })
      .expect(401);
    const [event] = await eventsOf({ email });
    expect(event!.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it.each(['10.20.30.40', '172.16.5.6', '192.168.1.7', '169.254.1.8', 'fd00::9'])(
    'ignores X-Forwarded-For from a peer on a private network (%s), by default',
    async (peer) => {
      const email = `forged-${unique()}@example.com`;
      await supertest(await apiSeenFrom(peer))
        .post('/api/auth/login')
        .set('X-Forwarded-For', '192.0.2.46')
        .send({ email, password: 'whatever it is' })
        .expect(401);
      expect(await eventsOf({ email })).toEqual([expect.objectContaining({ ip: peer })]);
    },
  );

  it("counts a private peer's failed sign-ins against the peer, whatever X-Forwarded-For it makes up", async () => {
    const api = supertest(await apiSeenFrom('10.20.30.41', { RATE_LIMIT_LOGIN_PER_IP: '3' }));
    const attempt = (index: number) =>
      api
        .post('/api/auth/login')
        .set('X-Forwarded-For', `198.51.100.${200 + index}`)
        .send({ email: `rotating-${unique()}@example.com`, password: 'guess' });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) statuses.push((await attempt(index)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
