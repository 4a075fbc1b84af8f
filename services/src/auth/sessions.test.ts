import jwt from 'jsonwebtoken';
import { authTexts, runAsCompany, SecurityEvent, User } from '@teamfolk/shared';
import { readSessionCheck } from './auth.repository';
import { activateSubscription, createCompanyWithAdmin, createInvitedEmployee } from '../testing/factories';
import { bearerFor, startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const now = () => Math.floor(Date.now() / 1000);

interface SessionPayload {
  sub: string;
  iat: number;
  exp: number;
  auth_time: number;
}

const decode = (token: string) => jwt.decode(token) as SessionPayload;

/** A session token as the API signs them, with its times moved into the past. */
function tokenOf(user: User, times: { signedInAgo: number; issuedAgo: number; expiresIn: number }): string {
  return jwt.sign(
    {
      cid: user.companyId,
      role: user.role,
      ver: user.tokenVersion,
      auth_time: now() - times.signedInAgo,
      iat: now() - times.issuedAgo,
      exp: now() + times.expiresIn,
    },
    t.config.JWT_SECRET,
    { algorithm: 'HS256', subject: String(user.id), issuer: 'teamfolk', audience: 'teamfolk-console' },
  );
}

const me = (token: string) => t.request().get('/api/auth/me').set('Authorization', `Bearer ${token}`);

describe('session lifetime', () => {
  it('gives a new session 30 minutes of inactivity, counted from the sign-in', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const login = await t.request().post('/api/auth/login').send({ email: admin.email, password }).expect(200);
    const claims = decode(login.body.token);
    expect(claims.exp - claims.iat).toBe(30 * MINUTE);
    expect(claims.auth_time).toBe(claims.iat);

    const fresh = await me(login.body.token).expect(200);
    expect(fresh.headers['x-session-token']).toBeUndefined();
  });

  it('ends a session after 30 minutes without a request', async () => {
    const { admin } = await createCompanyWithAdmin();
    const idle = tokenOf(admin, { signedInAgo: 31 * MINUTE, issuedAgo: 31 * MINUTE, expiresIn: -1 * MINUTE });
    const reply = await me(idle).expect(401);
    expect(reply.body).toEqual({ message: authTexts.sessionExpired });
  });

  it('hands an active user a renewed token that keeps the sign-in time, and the renewed token works', async () => {
    const { admin } = await createCompanyWithAdmin();
    const signedInAgo = 2 * HOUR;
    const active = tokenOf(admin, { signedInAgo, issuedAgo: 20 * MINUTE, expiresIn: 10 * MINUTE });
    const reply = await me(active).expect(200);

    const renewed = reply.headers['x-session-token'] as string;
    expect(renewed).toEqual(expect.any(String));
    const claims = decode(renewed);
    expect(claims.auth_time).toBe(decode(active).auth_time);
    expect(claims.exp).toBeGreaterThanOrEqual(now() + 30 * MINUTE - 5);
    await me(renewed).expect(200);
  });

  it("renews no session for the console's own background refreshes, so an unattended tab still times out", async () => {
    const { admin } = await createCompanyWithAdmin();
    const due = tokenOf(admin, { signedInAgo: HOUR, issuedAgo: 20 * MINUTE, expiresIn: 10 * MINUTE });
    const polled = await me(due).set('X-Background-Request', '1').expect(200);
    expect(polled.headers['x-session-token']).toBeUndefined();
    expect((await me(due).expect(200)).headers['x-session-token']).toEqual(expect.any(String));
  });

  it('never renews a session past 12 hours after the sign-in, and ends it then', async () => {
    const { admin } = await createCompanyWithAdmin();
    const nearTheEnd = tokenOf(admin, { signedInAgo: 12 * HOUR - 10 * MINUTE, issuedAgo: 25 * MINUTE, expiresIn: 5 });
    const reply = await me(nearTheEnd).expect(200);
    const renewed = decode(reply.headers['x-session-token'] as string);
    expect(renewed.exp).toBe(renewed.auth_time + 12 * HOUR);

    const overdue = tokenOf(admin, { signedInAgo: 12 * HOUR + 1, issuedAgo: 10 * MINUTE, expiresIn: 20 * MINUTE });
    await me(overdue).expect(401);
  });

  describe('a token the API accepted before', () => {
    afterEach(() => jest.restoreAllMocks());
    const minutesLater = (minutes: number) => {
      const later = Date.now() + minutes * MINUTE * 1000;
      jest.spyOn(Date, 'now').mockReturnValue(later);
    };

    it('is refused once it has expired', async () => {
      const { admin } = await createCompanyWithAdmin();
      const token = tokenOf(admin, { signedInAgo: MINUTE, issuedAgo: 0, expiresIn: 5 * MINUTE });
      await me(token).expect(200);
      minutesLater(6);
      const reply = await me(token).expect(401);
      expect(reply.body).toEqual({ message: authTexts.sessionExpired });
    });

    it('is refused once 12 hours have passed since the sign-in, before it expires', async () => {
      const { admin } = await createCompanyWithAdmin();
      const token = tokenOf(admin, { signedInAgo: 12 * HOUR - MINUTE, issuedAgo: 0, expiresIn: 20 * MINUTE });
      await me(token).expect(200);
      minutesLater(2);
      await me(token).expect(401);
    });
  });

  it('takes its limits from SESSION_IDLE_MINUTES and SESSION_MAX_HOURS', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const login = await t
      .requestWith({ SESSION_IDLE_MINUTES: '5', SESSION_MAX_HOURS: '1' })
      .post('/api/auth/login')
      .send({ email: admin.email, password })
      .expect(200);
    const claims = decode(login.body.token);
    expect(claims.exp - claims.iat).toBe(5 * MINUTE);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends every session of the user, on every device, and is written to the security log', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const laptop = await bearerFor(t, admin.email, password);
    const phone = await bearerFor(t, admin.email, password);

    const reply = await t.request().post('/api/auth/logout').set('Authorization', laptop).expect(200);
    expect(reply.body).toEqual({ message: authTexts.signedOut });
    for (const session of [laptop, phone]) {
      await t.request().get('/api/auth/me').set('Authorization', session).expect(401);
    }
    const again = await bearerFor(t, admin.email, password);
    await t.request().get('/api/auth/me').set('Authorization', again).expect(200);
    expect(await SecurityEvent.count({ where: { userId: admin.id, kind: 'sign-out', status: 200 } })).toBe(1);
  });

  it('hands back no renewed token, even for a token due for renewal', async () => {
    const { admin } = await createCompanyWithAdmin();
    const dueForRenewal = tokenOf(admin, { signedInAgo: HOUR, issuedAgo: 20 * MINUTE, expiresIn: 10 * MINUTE });
    const reply = await t
      .request()
      .post('/api/auth/logout')
      .set('Authorization', `Bearer ${dueForRenewal}`)
      .expect(200);
    expect(reply.headers['x-session-token']).toBeUndefined();
    await me(dueForRenewal).expect(401);
  });

  it('answers 401 without a session', async () => {
    const reply = await t.request().post('/api/auth/logout').expect(401);
    expect(reply.body).toEqual({ message: authTexts.notSignedIn });
  });
});

describe('the sessions of a person who leaves', () => {
  it('end when the employee is removed: the token and the password stop working at once', async () => {
    const { company, admin, password } = await createCompanyWithAdmin();
    await activateSubscription(company);
    const { employee, token } = await createInvitedEmployee(t.db.sequelize, company);
    await t.request().post('/api/auth/invitation/accept').send({ token, password: 'leaving soon' }).expect(200);
    const session = await bearerFor(t, employee.email, 'leaving soon');
    const adminSession = await bearerFor(t, admin.email, password);

    await t.request().delete(`/api/employees/${employee.id}`).set('Authorization', adminSession).expect(200);

    await t.request().get('/api/auth/me').set('Authorization', session).expect(401);
    await t.request().post('/api/auth/login').send({ email: employee.email, password: 'leaving soon' }).expect(403);
    const user = await User.findOne({ where: { email: employee.email } });
    const events = await SecurityEvent.findAll({ where: { userId: user!.id }, order: [['id', 'ASC']] });
    expect(events.map((event) => [event.kind, event.status])).toEqual([
      ['sign-in.succeeded', 200],
      ['access.unauthenticated', 401],
      ['sign-in.disabled', 403],
    ]);
  });

  it('end when the account is deactivated', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const session = await bearerFor(t, admin.email, password);
    await User.update({ disabledAt: new Date() }, { where: { id: admin.id } });
    await t.request().get('/api/auth/me').set('Authorization', session).expect(401);
    await t.request().post('/api/auth/login').send({ email: admin.email, password }).expect(403);
  });
});

describe('session checks asked for at the same moment', () => {
  /** An employee's account in the admin's company, signed in with the admin's password. */
  const accountBeside = (admin: User, name: string) =>
    User.create({
      companyId: admin.companyId,
      email: `${name.split(' ')[0]!.toLowerCase()}-${admin.id}@example.com`,
      passwordHash: admin.passwordHash,
      role: 'employee',
      name,
      emailVerifiedAt: new Date(),
    });

  it("answer each caller with their own account, a deactivated one refused, whoever else's check shares the query", async () => {
    const { company, admin, password } = await createCompanyWithAdmin();
    await activateSubscription(company);
    const colleague = await accountBeside(admin, 'Cole Colleague');
    const leaver = await accountBeside(admin, 'Lee Leaver');
    const other = await createCompanyWithAdmin();
    await activateSubscription(other.company);
    const sessions = await Promise.all([admin, colleague, leaver].map((user) => bearerFor(t, user.email, password)));
    const otherSession = await bearerFor(t, other.admin.email, other.password);
    await User.update({ disabledAt: new Date() }, { where: { id: leaver.id } });

    const replies = await Promise.all(
      [...sessions, otherSession, ...sessions, otherSession].map((session) =>
        t.request().get('/api/auth/me').set('Authorization', session),
      ),
    );
    const seen = replies.map((reply) => [reply.status, reply.body.email ?? reply.body.message]);
    const expected = [
      [200, admin.email],
      [200, colleague.email],
      [401, authTexts.sessionExpired],
      [200, other.admin.email],
    ];
    expect(seen).toEqual([...expected, ...expected]);
  });

  it('of one company in the same turn each read their own user, and nobody for an id that is not there', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const colleague = await accountBeside(admin, 'Cole Colleague');
    const checks = await runAsCompany(company.id, () =>
      Promise.all([
        readSessionCheck(admin.id, false),
        readSessionCheck(colleague.id, false),
        readSessionCheck(admin.id, true),
        readSessionCheck(colleague.id + 1_000_000, false),
      ]),
    );
    expect(checks.map((check) => check && [check.id, check.role, check.profile?.email ?? null])).toEqual([
      [admin.id, 'admin', null],
      [colleague.id, 'employee', null],
      [admin.id, 'admin', admin.email],
      null,
    ]);
  });
});
