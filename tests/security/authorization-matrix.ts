import { canAccess, type AccessAction, type AccessRequest, type AccessResource, type Role } from '@teamfolk/shared';
import { SIGNED_IN_CALLERS, TARGETS, type SignedInCaller, type Target } from './world';

/**
 * Who may call what: the expected status of every API route for every caller, derived from the
 * route's permission with canAccess as the oracle.
 *
 * Callers: anonymous, an employee and the admin of company A, the admin and an employee of company B.
 * A route whose path (or body) names a record has one cell per caller and target:
 *   own          the caller's own record (their employee profile, their leave); null where the caller
 *                has no record of that kind (an admin has no employee profile, no one owns a card);
 *   sameCompany  another record of the caller's company (a colleague's, the company's card);
 *   otherCompany a record of the other company.
 * The anonymous caller has one cell, aimed at a record of company A.
 * Every call carries a minimal valid body, so the status is the authorization's answer, not the
 * validation's; a successful cell gets a fresh record, so cells never depend on each other.
 *
 * How a signed-in caller's status follows from the route's {resource, action}, in the order the API
 * asks: canAccess without the record denies → 403; a record of the other company → 404 (it does not
 * exist for the caller); canAccess with the record (is it the caller's own) denies → 404 (a record one
 * may not act on is not found); otherwise the route's `allowed` status. Anonymous callers get 401.
 * A public route (no permission) answers `allowed` to everyone.
 *
 * Any 2xx here where 401/403/404 is the rule would be a leak: keep the table honest, and add a row for
 * every route the API gains (the test fails until its row exists).
 */

/** What the record named by the route is (a former employee: one the admin has removed). */
export type TargetKind =
  'employee' | 'leave' | 'timeCredit' | 'paymentMethod' | 'checkoutSession' | 'dataExport' | 'formerEmployee' | 'team';

export interface TargetCells {
  own: number | null;
  sameCompany: number;
  otherCompany: number;
}

interface Callers<Cell> {
  anonymous: number;
  employeeOfA: Cell;
  adminOfA: Cell;
  adminOfB: Cell;
  employeeOfB: Cell;
}

export type RouteAuthorization =
  ({ target?: undefined } & Callers<number>) | ({ target: TargetKind } & Callers<TargetCells>);

interface RouteRights {
  /** The right the route asks canAccess for (no record); absent on a public route: no session, no permission. */
  permission?: AccessRequest;
  /** The status of a call the route lets through (with the world's data: 409 where it refuses on state). */
  allowed: number;
  target?: TargetKind;
}

const ROLE_OF: Record<SignedInCaller, Role> = {
  employeeOfA: 'employee',
  adminOfA: 'admin',
  adminOfB: 'admin',
  employeeOfB: 'employee',
};

/** Whether a caller of `role` has a record of `kind` of their own in the world. */
const OWNS: Record<TargetKind, (role: Role) => boolean> = {
  employee: (role) => role === 'employee',
  leave: () => true,
  timeCredit: (role) => role === 'employee',
  dataExport: () => true,
  paymentMethod: () => false,
  checkoutSession: () => false,
  formerEmployee: () => false,
  team: () => false,
};

/** Public: the same answer whoever calls (a bearer token is ignored). */
const publicRoute = (allowed: number): RouteRights => ({ allowed });
/** A signed-in route asking `resource`/`action`, answering `allowed` when let through. */
function route<Resource extends AccessResource>(
  resource: Resource,
  action: AccessAction<Resource>,
  allowed: number,
  target?: TargetKind,
): RouteRights {
  return { permission: { resource, action } as AccessRequest, allowed, target };
}

/** Each API route's permission (the one it declares beside its handler) and its status when let through. */
export const ROUTE_RIGHTS = {
  // Sign-up, sign-in and the links e-mailed to people: public.
  'POST /api/auth/signup': publicRoute(201),
  'POST /api/auth/login': publicRoute(200),
  'POST /api/auth/resend-verification': publicRoute(200),
  'GET /api/auth/verify-email/:token': publicRoute(200),
  'GET /api/auth/invitation/:token': publicRoute(200),
  'POST /api/auth/invitation/accept': publicRoute(200),
  'GET /api/auth/me': route('account', 'show', 200),
  'POST /api/auth/logout': route('account', 'show', 200),
  // Everyone changes their own password (no record is named).
  'PUT /api/auth/password': route('account', 'changePassword', 200),
  // Two-step sign-in: the second step is public (the challenge of the password step is its key);
  // turning it on and off is for admins, on their own account only.
  'POST /api/auth/login/two-factor': publicRoute(200),
  'GET /api/auth/two-factor': route('twoFactor', 'show', 200),
  'POST /api/auth/two-factor/start': route('twoFactor', 'enable', 200),
  'POST /api/auth/two-factor/confirm': route('twoFactor', 'enable', 200),
  'DELETE /api/auth/two-factor': route('twoFactor', 'disable', 200),

  // Employees: admins, on their own company's people.
  'GET /api/employees': route('employees', 'list', 200),
  'POST /api/employees': route('employees', 'create', 201),
  'GET /api/employees/:id': route('employees', 'show', 200, 'employee'),
  'PUT /api/employees/:id': route('employees', 'edit', 200, 'employee'),
  'PUT /api/employees/:id/balances': route('employees', 'editBalances', 200, 'employee'),
  'DELETE /api/employees/:id': route('employees', 'delete', 200, 'employee'),
  'POST /api/employees/:id/resend-invitation': route('employees', 'resendInvitation', 200, 'employee'),

  // Leave years: everyone reads the policy, admins set it; a ledger and forecast are one's own, or an admin's company's.
  'GET /api/leave-policy': route('leavePolicy', 'show', 200),
  'PUT /api/leave-policy': route('leavePolicy', 'edit', 200),
  'GET /api/employees/:id/balance-ledger': route('balances', 'show', 200, 'employee'),
  'GET /api/employees/:id/balances': route('balances', 'show', 200, 'employee'),

  // Teams, their approvers and caps: admins, on their own company's teams.
  'GET /api/teams': route('teams', 'list', 200),
  'POST /api/teams': route('teams', 'create', 201),
  'GET /api/teams/:id': route('teams', 'show', 200, 'team'),
  'PUT /api/teams/:id': route('teams', 'edit', 200, 'team'),
  'DELETE /api/teams/:id': route('teams', 'delete', 200, 'team'),

  // Leave: everyone lists, previews and submits (scoped); admins (and a team's approvers, whom this
  // world's callers are not) decide; the owner (or an admin) withdraws.
  'GET /api/leaves': route('leaves', 'list', 200),
  'POST /api/leaves': route('leaves', 'create', 201),
  'POST /api/leaves/preview': route('leaves', 'create', 200),
  'PUT /api/leaves/:id/approve': route('leaves', 'approve', 200, 'leave'),
  'POST /api/leaves/:id/cancel': route('leaves', 'cancel', 200, 'leave'),

  // Time in lieu: everyone lists and logs their own (an admin, for anyone of the company); admins decide.
  'GET /api/time-credits': route('timeCredits', 'list', 200),
  'POST /api/time-credits': route('timeCredits', 'create', 201),
  'PUT /api/time-credits/:id/approve': route('timeCredits', 'approve', 200, 'timeCredit'),

  // Calendar: everyone sees their company's; the secret feed's HMAC token is its own authentication.
  'GET /api/calendar/feed/:token.ics': publicRoute(200),
  'GET /api/calendar/events': route('calendar', 'list', 200),
  'GET /api/calendar/holidays': route('calendar', 'list', 200),
  'GET /api/calendar/export/ical': route('calendar', 'export', 200),
  'GET /api/calendar/export/google': route('calendar', 'export', 200),
  'GET /api/calendar/feed-url': route('calendar', 'export', 200),
  'POST /api/calendar/feed-url/regenerate': route('calendar', 'export', 200),
  'GET /api/calendar/settings': route('calendar', 'showSettings', 200),
  'PUT /api/calendar/settings': route('calendar', 'editSettings', 200),

  // Dashboard: everyone, scoped.
  'GET /api/dashboard/summary': route('dashboard', 'list', 200),
  'GET /api/dashboard/upcoming-events': route('dashboard', 'list', 200),

  // Billing: admins, on their own company's subscription, cards and checkouts.
  'GET /api/billing/seats': route('billing', 'list', 200),
  'GET /api/billing/info': route('billing', 'list', 200),
  'GET /api/billing/history': route('billing', 'list', 200),
  'GET /api/billing/payment-methods': route('billing', 'list', 200),
  // Both companies subscribe in the world: a second subscription is refused after authorization (409).
  'POST /api/billing/create-checkout-session': route('billing', 'subscribe', 409),
  'POST /api/billing/payment-success': route('billing', 'subscribe', 200, 'checkoutSession'),
  'POST /api/billing/create-setup-intent': route('billing', 'managePaymentMethods', 200),
  'POST /api/billing/update-payment-method': route('billing', 'managePaymentMethods', 200, 'paymentMethod'),
  'DELETE /api/billing/payment-methods/:id': route('billing', 'managePaymentMethods', 200, 'paymentMethod'),
  'POST /api/billing/cancel-subscription': route('billing', 'cancel', 200),
  'POST /api/billing/cancel-subscription-immediately': route('billing', 'cancel', 200),
  'POST /api/billing/reactivate-subscription': route('billing', 'reactivate', 200),
  'POST /api/billing/sync-subscription': route('billing', 'sync', 202),
  // The provider's signature is the authentication; without a valid one the event is refused.
  'POST /api/billing/webhook': publicRoute(400),

  // Data rights: everyone asks for a copy of their own data (admins also of the company's) and sees
  // and downloads only the exports they asked for; admins erase their company's former employees.
  'GET /api/privacy/exports': route('dataExports', 'list', 200),
  'POST /api/privacy/exports': route('dataExports', 'create', 202),
  'GET /api/privacy/exports/:id': route('dataExports', 'show', 200, 'dataExport'),
  'GET /api/privacy/exports/:id/download': route('dataExports', 'download', 200, 'dataExport'),
  'GET /api/privacy/former-employees': route('formerEmployees', 'list', 200),
  'POST /api/privacy/former-employees/:id/erase': route('formerEmployees', 'erase', 200, 'formerEmployee'),
} satisfies Record<string, RouteRights>;

/** A signed-in caller's status on a route that names no record. */
function statusOf(caller: SignedInCaller, { permission, allowed }: RouteRights): number {
  const user = { role: ROLE_OF[caller] };
  return !permission || canAccess(user, permission) ? allowed : 403;
}

/** A signed-in caller's status on a route aimed at `target`; null where the caller has no such record. */
function targetStatusOf(caller: SignedInCaller, rights: RouteRights, kind: TargetKind, target: Target): number | null {
  const user = { role: ROLE_OF[caller] };
  if (target === 'own' && !OWNS[kind](user.role)) return null;
  if (!rights.permission) return rights.allowed;
  if (!canAccess(user, rights.permission)) return 403;
  if (target === 'otherCompany') return 404;
  const record = { own: target === 'own' };
  return canAccess(user, { ...rights.permission, record }) ? rights.allowed : 404;
}

function authorizationFrom(rights: RouteRights): RouteAuthorization {
  const anonymous = rights.permission ? 401 : rights.allowed;
  const { target } = rights;
  if (target === undefined) {
    const row = Object.fromEntries(SIGNED_IN_CALLERS.map((caller) => [caller, statusOf(caller, rights)]));
    return { anonymous, ...row } as RouteAuthorization;
  }
  const row = Object.fromEntries(
    SIGNED_IN_CALLERS.map((caller) => [
      caller,
      Object.fromEntries(TARGETS.map((cell) => [cell, targetStatusOf(caller, rights, target, cell)])),
    ]),
  );
  return { target, anonymous, ...row } as RouteAuthorization;
}

export const authorizationMatrix = Object.fromEntries(
  Object.entries(ROUTE_RIGHTS).map(([key, rights]) => [key, authorizationFrom(rights)]),
) as Record<keyof typeof ROUTE_RIGHTS, RouteAuthorization>;

export type RouteKey = keyof typeof authorizationMatrix;

export function authorizationOf(key: string): RouteAuthorization | undefined {
  return (authorizationMatrix as Record<string, RouteAuthorization>)[key];
}

/** Routes that answer without a session (their anonymous cell is not 401). */
export function isPublicRoute(key: string): boolean {
  const expected = authorizationOf(key);
  return expected !== undefined && expected.anonymous !== 401;
}
