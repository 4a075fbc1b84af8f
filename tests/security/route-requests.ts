import { generateSync } from 'otplib';
import { QueryTypes } from 'sequelize';
import type supertest from 'supertest';
import { DataExport, Employee, EmailVerificationToken } from '@teamfolk/shared';
import {
  createCompanyWithAdmin,
  createInvitedEmployee,
  ExportLinks,
  issueEmailToken,
} from '@teamfolk/services/testing';
import type { TargetKind } from './authorization-matrix';
import type { Caller, Person, SeededCompany, SignedInCaller, Target, World } from './world';

/**
 * How to call each route with a minimal valid request, for a caller and (on routes that name a
 * record) a target: the matrix, the JWT suite and the broad-read suite share these.
 */

export interface PlannedRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as is (e.g. the webhook's raw bytes) instead of JSON. */
  rawBody?: string;
  /** After a 2xx: keeps the world usable when the call changed the caller's own sign-in (a new password…). */
  afterSuccess?: (reply: supertest.Response) => Promise<void> | void;
}

export interface RecipeContext {
  world: World;
  caller: Caller;
  /** The caller's company; company A for the anonymous caller. */
  company: SeededCompany;
  /** The record the route names (routes with a target only). */
  targetId?: string;
}

type Recipe = (context: RecipeContext) => PlannedRequest | Promise<PlannedRequest>;

const id = ({ targetId }: RecipeContext): PlannedRequest => ({ params: { id: targetId! } });
const none = (): PlannedRequest => ({});
const month = { start: '2031-01-01', end: '2031-01-31' };

async function emailVerificationToken(): Promise<string> {
  const { company, admin } = await createCompanyWithAdmin({ verified: false });
  const { token, tokenHash, expiresAt } = issueEmailToken();
  await EmailVerificationToken.create({ companyId: company.id, userId: admin.id, tokenHash, expiresAt });
  return token;
}

async function invitationToken({ world }: RecipeContext): Promise<string> {
  const unique = world.unique();
  const { token } = await createInvitedEmployee(world.t.db.sequelize, world.companies.A.model, {
    name: `Invitee ${unique}`,
    email: `invitee-${unique}@example.com`,
  });
  return token;
}

/**
 * A TOTP code of the secret's current 30-second step: still accepted in the next step, should a slow
 * request cross into it (a fresh enrolment has used no step yet).
 */
const totp = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });

/**
 * Turns two-step sign-in on for the person (an admin) through the API. Turning it on ends the
 * person's other sessions: the person keeps the session the confirmation answers with.
 */
async function enableTwoFactor(world: World, person: Person): Promise<string[]> {
  const started = await world
    .request()
    .post('/api/auth/two-factor/start')
    .set('Authorization', person.bearer)
    .expect(200);
  const confirmed = await world
    .request()
    .post('/api/auth/two-factor/confirm')
    .set('Authorization', person.bearer)
    .send({ code: totp(started.body.secret as string) })
    .expect(200);
  person.bearer = `Bearer ${confirmed.body.token as string}`;
  return confirmed.body.recoveryCodes as string[];
}

/** Turns it off again with a recovery code, so that the person signs in with a password alone. */
async function disableTwoFactor(world: World, person: Person, recoveryCode: string): Promise<void> {
  await world
    .request()
    .delete('/api/auth/two-factor')
    .set('Authorization', person.bearer)
    .send({ password: person.password, code: recoveryCode })
    .expect(200);
}

/** An admin of a company of their own with two-step sign-in on, for the second sign-in step. */
const twoFactorAccounts = new WeakMap<World, Promise<{ email: string; password: string; recoveryCodes: string[] }>>();

function twoFactorAccount(world: World) {
  let account = twoFactorAccounts.get(world);
  if (!account) {
    account = (async () => {
      const { admin, password } = await createCompanyWithAdmin();
      const person: Person = {
        userId: admin.id,
        employeeId: null,
        name: admin.name,
        email: admin.email,
        password,
        bearer: await world.signIn(admin.email, password),
      };
      return { email: admin.email, password, recoveryCodes: await enableTwoFactor(world, person) };
    })();
    twoFactorAccounts.set(world, account);
  }
  return account;
}

/** The signed-in person making the call (company A's colleague stands in for the anonymous caller). */
const callerPerson = ({ world, caller }: RecipeContext): Person =>
  caller === 'anonymous' ? world.companies.A.colleague : world.personOf(caller);

const isAdmin = ({ caller }: RecipeContext) => caller === 'adminOfA' || caller === 'adminOfB';

export const recipes: Record<string, Recipe> = {
  'POST /api/auth/signup': ({ world }) => {
    const unique = world.unique();
    return {
      body: {
        email: `signup-${unique}@example.com`,
        password: 'a long enough passphrase',
        name: `Signer ${unique}`,
        companyName: `Signed Up ${unique}`,
      },
    };
  },
  'POST /api/auth/login': ({ world }) => ({
    body: { email: world.companies.A.colleague.email, password: world.companies.A.colleague.password },
  }),
  'POST /api/auth/resend-verification': ({ world }) => ({ body: { email: world.companies.A.admin.email } }),
  'GET /api/auth/verify-email/:token': async () => ({ params: { token: await emailVerificationToken() } }),
  'GET /api/auth/invitation/:token': async (context) => ({ params: { token: await invitationToken(context) } }),
  'POST /api/auth/invitation/accept': async (context) => ({
    body: { token: await invitationToken(context), password: 'secret-passphrase' },
  }),
  'GET /api/auth/me': none,
  // The sign-out ends the caller's sessions; the world signs the caller in again afterwards.
  'POST /api/auth/logout': none,
  'POST /api/auth/login/two-factor': async ({ world }) => {
    const account = await twoFactorAccount(world);
    const step = await world
      .request()
      .post('/api/auth/login')
      .send({ email: account.email, password: account.password })
      .expect(200);
    // A recovery code per call: a TOTP code is accepted once only.
    return { body: { challenge: step.body.challenge as string, code: account.recoveryCodes.pop() } };
  },
  'GET /api/auth/two-factor': none,
  'POST /api/auth/two-factor/start': none,
  'POST /api/auth/two-factor/confirm': async (context) => {
    if (!isAdmin(context)) return { body: { code: '123456' } };
    const person = callerPerson(context);
    const started = await context.world
      .request()
      .post('/api/auth/two-factor/start')
      .set('Authorization', person.bearer)
      .expect(200);
    return {
      body: { code: totp(started.body.secret as string) },
      afterSuccess: async (reply) => {
        person.bearer = `Bearer ${reply.body.token as string}`;
        await disableTwoFactor(context.world, person, (reply.body.recoveryCodes as string[])[0]!);
      },
    };
  },
  'DELETE /api/auth/two-factor': async (context) => {
    const person = callerPerson(context);
    if (!isAdmin(context)) return { body: { password: person.password, code: '123456' } };
    const recoveryCodes = await enableTwoFactor(context.world, person);
    return { body: { password: person.password, code: recoveryCodes[0] } };
  },
  'PUT /api/auth/password': (context) => {
    const person = callerPerson(context);
    const newPassword = `renewed passphrase ${context.world.unique()}`;
    return {
      body: { currentPassword: person.password, newPassword },
      afterSuccess: (reply) => {
        person.password = newPassword;
        person.bearer = `Bearer ${reply.body.token as string}`;
      },
    };
  },

  'GET /api/employees': none,
  'POST /api/employees': ({ world }) => {
    const unique = world.unique();
    return { body: { name: `New Hire ${unique}`, email: `hire-${unique}@example.com` } };
  },
  'GET /api/employees/:id': id,
  'PUT /api/employees/:id': (context) => ({ ...id(context), body: { name: 'Renamed Person' } }),
  'PUT /api/employees/:id/balances': (context) => ({
    ...id(context),
    body: {
      vacation_days_total: 20,
      vacation_days_used: 1,
      sick_days_total: 10,
      sick_days_used: 0,
      bank_hours_total: 8,
      bank_hours_used: 0,
    },
  }),
  'DELETE /api/employees/:id': id,
  'GET /api/leave-policy': none,
  'PUT /api/leave-policy': () => ({ body: { vacation: { annual_days: 25 } } }),
  'GET /api/employees/:id/balance-ledger': id,
  'GET /api/employees/:id/balances': (context) => ({
    ...id(context),
    query: { on: new Date().toISOString().slice(0, 10) },
  }),
  'POST /api/employees/:id/resend-invitation': id,

  'GET /api/teams': none,
  'POST /api/teams': ({ world }) => ({ body: { name: `Team ${world.unique()}` } }),
  'GET /api/teams/:id': id,
  'PUT /api/teams/:id': (context) => ({ ...id(context), body: { name: 'Renamed Team', max_absent: 2 } }),
  'DELETE /api/teams/:id': id,

  'GET /api/leaves': none,
  'POST /api/leaves': ({ world }) => {
    const day = world.nextFreeWorkday();
    return { body: { start_date: day, end_date: day, request_type: 'other', leave_type: 'full_day' } };
  },
  'POST /api/leaves/preview': ({ world }) => {
    const day = world.nextFreeWorkday();
    return { body: { start_date: day, end_date: day, request_type: 'other', leave_type: 'full_day' } };
  },
  'PUT /api/leaves/:id/approve': (context) => ({ ...id(context), body: { approved: true } }),
  'POST /api/leaves/:id/cancel': id,

  'GET /api/time-credits': none,
  // An admin has no hours bank: they log hours for an employee of their company.
  'POST /api/time-credits': (context) => ({
    body: {
      date: context.world.nextFreeWorkday(),
      hours: 2,
      reason: 'Stocktake',
      ...(isAdmin(context) ? { employee_id: context.company.employee.employeeId } : {}),
    },
  }),
  'PUT /api/time-credits/:id/approve': (context) => ({ ...id(context), body: { approved: true } }),

  'GET /api/calendar/feed/:token.ics': async ({ world }) => {
    const reply = await world
      .request()
      .get('/api/calendar/feed-url')
      .set('Authorization', world.companies.A.colleague.bearer)
      .expect(200);
    const token = /\/feed\/([^/]+)\.ics$/.exec(reply.body.url as string)![1]!;
    return { params: { token } };
  },
  'GET /api/calendar/events': () => ({ query: month }),
  'GET /api/calendar/holidays': () => ({ query: month }),
  'GET /api/calendar/export/ical': none,
  'GET /api/calendar/export/google': none,
  'GET /api/calendar/feed-url': none,
  'POST /api/calendar/feed-url/regenerate': none,
  'GET /api/calendar/settings': none,
  'PUT /api/calendar/settings': () => ({ body: { country: null, timeZone: 'UTC' } }),

  'GET /api/dashboard/summary': none,
  'GET /api/dashboard/upcoming-events': none,

  'GET /api/billing/seats': none,
  'GET /api/billing/info': none,
  'GET /api/billing/history': none,
  'GET /api/billing/payment-methods': none,
  'POST /api/billing/create-checkout-session': () => ({ body: {} }),
  'POST /api/billing/payment-success': ({ targetId }) => ({ body: { sessionId: targetId } }),
  'POST /api/billing/create-setup-intent': () => ({ body: {} }),
  'POST /api/billing/update-payment-method': ({ targetId }) => ({ body: { paymentMethodId: targetId } }),
  'DELETE /api/billing/payment-methods/:id': id,
  'POST /api/billing/cancel-subscription': () => ({ body: {} }),
  'POST /api/billing/cancel-subscription-immediately': () => ({ body: {} }),
  'POST /api/billing/reactivate-subscription': () => ({ body: {} }),
  'POST /api/billing/sync-subscription': () => ({ body: {} }),
  'POST /api/billing/webhook': () => ({
    rawBody: JSON.stringify({ id: 'evt_forged', type: 'invoice.paid' }),
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' },
  }),

  'GET /api/privacy/exports': none,
  'POST /api/privacy/exports': (context) => ({ body: { scope: isAdmin(context) ? 'company' : 'self' } }),
  'GET /api/privacy/exports/:id': id,
  // The link's own token, valid for the export: only the caller decides the answer.
  'GET /api/privacy/exports/:id/download': async (context) => {
    const { requestedBy, expiresAt } = await DataExport.findByPk(Number(context.targetId), { rejectOnEmpty: true });
    const token = new ExportLinks(context.world.t.config.JWT_SECRET).token(
      Number(context.targetId),
      requestedBy,
      expiresAt!,
    );
    return { ...id(context), query: { token } };
  },
  'GET /api/privacy/former-employees': none,
  'POST /api/privacy/former-employees/:id/erase': id,
};

/** A ready export of the person's own data, as the export job leaves it. */
async function freshDataExport(company: SeededCompany, person: Person): Promise<string> {
  const readyAt = new Date();
  const { id } = await DataExport.create({
    companyId: company.model.id,
    requestedBy: person.userId,
    scope: 'self',
    status: 'ready',
    content: Buffer.from('PK'),
    readyAt,
    expiresAt: new Date(readyAt.getTime() + 24 * 3600 * 1000),
  });
  return String(id);
}

/** An employee the company has removed (whose data it still keeps). */
async function freshFormerEmployee(world: World, company: SeededCompany): Promise<string> {
  const id = await world.freshEmployee(company);
  await Employee.update({ deletedAt: new Date() }, { where: { id } });
  return String(id);
}

/** A new team of the company, without approvers. */
async function freshTeam(world: World, company: SeededCompany): Promise<string> {
  const [row] = await world.t.db.sequelize.query<{ id: number }>(
    'INSERT INTO teams (company_id, name) VALUES (:companyId, :name) RETURNING id',
    { type: QueryTypes.SELECT, replacements: { companyId: company.model.id, name: `Team ${world.unique()}` } },
  );
  return String(row!.id);
}

/**
 * A record of `kind` as `target` names it for the caller, made fresh for the call (so a call that
 * succeeds changes nothing another cell relies on); null where the caller has no own record of
 * that kind. The anonymous caller aims at a record of company A.
 */
export async function targetFor(
  world: World,
  kind: TargetKind,
  caller: Caller,
  target: Target,
): Promise<string | null> {
  const signedIn: SignedInCaller = caller === 'anonymous' ? 'adminOfA' : caller;
  const person: Person | null = caller === 'anonymous' ? null : world.personOf(signedIn);
  const company = target === 'otherCompany' ? world.otherCompanyOf(signedIn) : world.companyOf(signedIn);
  const someoneElse = person?.employeeId === company.employee.employeeId ? company.colleague : company.employee;
  switch (kind) {
    case 'employee':
      if (target === 'own') return person?.employeeId ? String(person.employeeId) : null;
      return String(await world.freshEmployee(company));
    case 'leave':
      if (target === 'own') return person ? String(await world.freshLeave(company, person)) : null;
      return String(await world.freshLeave(company, someoneElse));
    case 'timeCredit':
      if (target === 'own') return person?.employeeId ? String(await world.freshTimeCredit(company, person)) : null;
      return String(await world.freshTimeCredit(company, someoneElse));
    case 'paymentMethod':
      return target === 'own' ? null : world.freshCard(company);
    case 'checkoutSession':
      return target === 'own' ? null : world.freshSetupSession(company);
    case 'dataExport':
      if (target === 'own') return person ? freshDataExport(company, person) : null;
      return freshDataExport(company, someoneElse);
    case 'formerEmployee':
      return target === 'own' ? null : freshFormerEmployee(world, company);
    case 'team':
      return target === 'own' ? null : freshTeam(world, company);
  }
}

/**
 * Routes whose successful call changes the caller's own sign-in (ends the session, changes the
 * password, turns the second step on or off), and whose request is made by doing part of that.
 */
export const SIGN_IN_CHANGING_ROUTES = [
  'POST /api/auth/logout',
  'PUT /api/auth/password',
  'POST /api/auth/two-factor/confirm',
  'DELETE /api/auth/two-factor',
];

/** The route's path with its parameters filled in. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_$][\w$]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

type Sender = (url: string) => supertest.Test;

/** Sends a planned request to `METHOD path` with the bearer (if any). */
export function send(
  agent: object,
  method: string,
  path: string,
  plan: PlannedRequest,
  bearer?: string,
): supertest.Test {
  const sender = (agent as unknown as Record<string, Sender>)[method.toLowerCase()];
  if (!sender) throw new Error(`No way to send ${method}`);
  const request = sender.call(agent, fillPath(path, plan.params));
  if (plan.query) request.query(plan.query);
  for (const [name, value] of Object.entries(plan.headers ?? {})) request.set(name, value);
  if (bearer) request.set('Authorization', bearer);
  if (plan.rawBody !== undefined) return request.send(plan.rawBody);
  return plan.body === undefined ? request : request.send(plan.body as object);
}

/** Splits `GET /api/x` into its method and path. */
export function parseRouteKey(key: string): { method: string; path: string } {
  const [method, path] = key.split(' ') as [string, string];
  return { method, path };
}
