import jwt from 'jsonwebtoken';
import { User } from '@teamfolk/shared';
import {
  bearerFor,
  createInvitedEmployee,
  routeKey,
  routeTable,
  startTestApp,
  type TestApp,
} from '@teamfolk/services/testing';
import { authorizationOf, isPublicRoute } from './authorization-matrix';
import {
  parseRouteKey,
  recipes,
  send,
  SIGN_IN_CHANGING_ROUTES,
  targetFor,
  type PlannedRequest,
} from './route-requests';
import { World } from './world';

// Each test calls the API hundreds of times; the integration project leaves jest's 5 s default.
jest.setTimeout(120_000);

/**
 * Every protected route of the router's table refuses (401) a bearer token that is forged, broken,
 * out of date or revoked, while the same request with a sound token of the same user gets past the
 * sign-in check (the control: proof that only the token made the difference).
 */

const ISSUER = 'teamfolk';
const AUDIENCE = 'teamfolk-console';

let t: TestApp;
let world: World;
/** The admin of company A: the subject of every token here. */
let subject: User;
let protectedRoutes: string[];
const sharedPlans = new Map<string, PlannedRequest>();

interface Claims {
  sub: string;
  cid: number;
  role: 'admin' | 'employee';
  ver: number;
}

const claimsOf = (user: User): Claims => ({
  sub: String(user.id),
  cid: user.companyId,
  role: user.role,
  ver: user.tokenVersion,
});

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token as the API issues it, with `options` changed (and `extra` claims). */
function sign(
  claims: Claims,
  options: jwt.SignOptions = {},
  secret = t.config.JWT_SECRET,
  { expires = true, extra = {} }: { expires?: boolean; extra?: object } = {},
): string {
  const { sub, ...payload } = claims;
  return jwt.sign({ ...payload, ...extra }, secret, {
    algorithm: 'HS256',
    subject: sub,
    issuer: ISSUER,
    audience: AUDIENCE,
    ...(expires ? { expiresIn: 3600 } : {}),
    ...options,
  });
}

const now = () => Math.floor(Date.now() / 1000);

/** Each broken token, as a function of the subject's current claims. */
const brokenTokens: Record<string, (claims: Claims) => string> = {
  'alg none (unsigned)': ({ sub, ...claims }) =>
    `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
      ...claims,
      sub,
      iss: ISSUER,
      aud: AUDIENCE,
      iat: now(),
      exp: now() + 3600,
    })}.`,
  'signed with another key': (claims) => sign(claims, {}, 'another secret that is at least 32 characters long'),
  'HS512 instead of HS256': (claims) => sign(claims, { algorithm: 'HS512' }),
  expired: ({ sub, ...claims }) =>
    jwt.sign({ ...claims, iat: now() - 7200, exp: now() - 3600 }, t.config.JWT_SECRET, {
      algorithm: 'HS256',
      subject: sub,
      issuer: ISSUER,
      audience: AUDIENCE,
    }),
  'without exp': (claims) => sign(claims, {}, t.config.JWT_SECRET, { expires: false }),
  'for another audience': (claims) => sign(claims, { audience: 'another-app' }),
  'from another issuer': (claims) => sign(claims, { issuer: 'someone-else' }),
  'for another company (cid)': (claims) => sign({ ...claims, cid: world.companies.B.model.id }),
  'with a made-up role': (claims) => sign({ ...claims, role: 'superadmin' as 'admin' }),
  'with the signature cut off': (claims) => sign(claims).split('.').slice(0, 2).join('.'),
  'without iat': (claims) => sign(claims, { noTimestamp: true }),
  'from a sign-in older than a session may last (auth_time), though not expired': (claims) =>
    sign(claims, {}, t.config.JWT_SECRET, { extra: { auth_time: now() - 400 * 24 * 3600 } }),
};

beforeAll(async () => {
  t = await startTestApp();
  world = await World.create(t);
  subject = await User.findByPk(world.companies.A.admin.userId, { rejectOnEmpty: true });
  protectedRoutes = routeTable(t.app)
    .map(routeKey)
    .filter((key) => !isPublicRoute(key));
  for (const key of protectedRoutes) sharedPlans.set(key, await planFor(key));
});
afterAll(async () => {
  await t?.close();
});

/**
 * A request for the route as the admin of A would send it, aimed at a record of A where the route
 * names one. Routes that change the caller's own sign-in get an empty body: preparing their real
 * request would already change it (a refused token never reaches the body anyway).
 */
async function planFor(key: string): Promise<PlannedRequest> {
  const recipe = recipes[key];
  if (!recipe) throw new Error(`${key} has no request in route-requests.ts`);
  if (SIGN_IN_CHANGING_ROUTES.includes(key)) return { body: {} };
  const kind = authorizationOf(key)?.target;
  const targetId = kind ? await targetFor(world, kind, 'adminOfA', 'sameCompany') : null;
  return recipe({ world, caller: 'adminOfA', company: world.companies.A, targetId: targetId ?? undefined });
}

/**
 * Calls every protected route with the bearer `bearer()` gives. Refused calls change nothing, so
 * they share one set of requests; calls that may succeed (`fresh`) get new records each, and the
 * world is restored after each success.
 */
async function statusesWith(bearer: () => Promise<string>, { fresh = false } = {}): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (const key of protectedRoutes) {
    const { method, path } = parseRouteKey(key);
    const plan = fresh ? await planFor(key) : sharedPlans.get(key)!;
    const reply = await send(world.request(), method, path, plan, await bearer());
    statuses[key] = reply.status;
    if (fresh && reply.status < 300) {
      await plan.afterSuccess?.(reply);
      await world.restore();
    }
  }
  return statuses;
}

const fixed = (bearer: string) => () => Promise.resolve(bearer);

const everyRoute = (status: number) => Object.fromEntries(protectedRoutes.map((key) => [key, status]));

it('knows the protected routes from the router and the matrix', () => {
  expect(protectedRoutes.length).toBeGreaterThan(30);
  expect(protectedRoutes).toContain('GET /api/auth/me');
});

it('lets a sound token of the same user past the sign-in check on every protected route (the control)', async () => {
  // Minted afresh for each call: a successful sign-out or password change ends the previous one.
  const sound = async () => `Bearer ${sign(claimsOf(await subject.reload()))}`;
  const statuses = await statusesWith(sound, { fresh: true });
  expect(Object.entries(statuses).filter(([, status]) => status === 401)).toEqual([]);
});

it.each(Object.keys(brokenTokens))('refuses a token %s on every protected route', async (kind) => {
  const token = brokenTokens[kind]!(claimsOf(await subject.reload()));
  expect(await statusesWith(fixed(`Bearer ${token}`))).toEqual(everyRoute(401));
});

it('refuses a token issued before its user signed out on every protected route', async () => {
  const before = `Bearer ${sign(claimsOf(await subject.reload()))}`;
  if (protectedRoutes.includes('POST /api/auth/logout')) {
    await world.request().post('/api/auth/logout').set('Authorization', before).expect(200);
  } else {
    // Signing out raises the user's token version; the sign-out route's own test lives in the auth tests.
    await subject.increment('tokenVersion');
  }
  expect(await statusesWith(fixed(before))).toEqual(everyRoute(401));
});

it("refuses a token issued before the employee's removal on every protected route", async () => {
  await world.restore();
  const unique = world.unique();
  const email = `leaving-${unique}@example.com`;
  const { employee, token } = await createInvitedEmployee(t.db.sequelize, world.companies.A.model, {
    name: `Leaving ${unique}`,
    email,
  });
  await world.request().post('/api/auth/invitation/accept').send({ token, password: 'secret-passphrase' }).expect(200);
  const before = await bearerFor(t, email, 'secret-passphrase');
  await world.request().get('/api/auth/me').set('Authorization', before).expect(200);
  await world
    .request()
    .delete(`/api/employees/${employee.id}`)
    .set('Authorization', world.companies.A.admin.bearer)
    .expect(200);
  expect(await statusesWith(fixed(before))).toEqual(everyRoute(401));
});
