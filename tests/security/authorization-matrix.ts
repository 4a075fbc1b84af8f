/**
 * Who may call what: the expected status of every API route for every caller, as data.
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
 * Any 2xx here where 401/403/404 is the rule would be a leak: keep the table honest, and add a row for
 * every route the API gains (the test fails until its row exists).
 */

/** What the record named by the route is (a former employee: one the admin has removed). */
export type TargetKind = 'employee' | 'leave' | 'paymentMethod' | 'checkoutSession' | 'dataExport' | 'formerEmployee';

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

const all = (status: number): TargetCells => ({ own: status, sameCompany: status, otherCompany: status });
/** Admins: nothing of their own, their company's records, not the other company's. */
const companyRecord = (status: number): TargetCells => ({ own: null, sameCompany: status, otherCompany: 404 });
/** Public: the same answer whoever calls (a bearer token is ignored). */
const everyone = (status: number) => ({
  anonymous: status,
  employeeOfA: status,
  adminOfA: status,
  adminOfB: status,
  employeeOfB: status,
});
/** Any signed-in caller. */
const signedIn = (status: number) => ({ ...everyone(status), anonymous: 401 });
/** Admins only, no record named. */
const adminsOnly = (status: number) => ({
  anonymous: 401,
  employeeOfA: 403,
  adminOfA: status,
  adminOfB: status,
  employeeOfB: 403,
});
/** Anyone, on a record of their own only: a colleague's, even an admin's, is not found. */
const ownRecordsOnly = (target: TargetKind, status: number) => {
  const ownOnly = { own: status, sameCompany: 404, otherCompany: 404 };
  return { target, anonymous: 401, employeeOfA: ownOnly, adminOfA: ownOnly, adminOfB: ownOnly, employeeOfB: ownOnly };
};
/** Admins only, on a record of their own company (no one owns a card or a checkout: no own cell). */
const adminsOnCompanyRecords = (target: TargetKind, status: number) => {
  const refused = target === 'employee' ? all(403) : { ...all(403), own: null };
  return {
    target,
    anonymous: 401,
    employeeOfA: refused,
    adminOfA: companyRecord(status),
    adminOfB: companyRecord(status),
    employeeOfB: refused,
  };
};

export const authorizationMatrix = {
  // Sign-up, sign-in and the links e-mailed to people: public.
  'POST /api/auth/signup': everyone(201),
  'POST /api/auth/login': everyone(200),
  'POST /api/auth/resend-verification': everyone(200),
  'GET /api/auth/verify-email/:token': everyone(200),
  'GET /api/auth/invitation/:token': everyone(200),
  'POST /api/auth/invitation/accept': everyone(200),
  'GET /api/auth/me': signedIn(200),
  'POST /api/auth/logout': signedIn(200),
  // Everyone changes their own password (no record is named).
  'PUT /api/auth/password': signedIn(200),
  // Two-step sign-in: the second step is public (the challenge of the password step is its key);
  // turning it on and off is for admins, on their own account only.
  'POST /api/auth/login/two-factor': everyone(200),
  'GET /api/auth/two-factor': adminsOnly(200),
  'POST /api/auth/two-factor/start': adminsOnly(200),
  'POST /api/auth/two-factor/confirm': adminsOnly(200),
  'DELETE /api/auth/two-factor': adminsOnly(200),

  // Employees: admins, on their own company's people.
  'GET /api/employees': adminsOnly(200),
  'POST /api/employees': adminsOnly(201),
  'GET /api/employees/:id': adminsOnCompanyRecords('employee', 200),
  'PUT /api/employees/:id': adminsOnCompanyRecords('employee', 200),
  'PUT /api/employees/:id/balances': adminsOnCompanyRecords('employee', 200),
  'DELETE /api/employees/:id': adminsOnCompanyRecords('employee', 200),
  'POST /api/employees/:id/resend-invitation': adminsOnCompanyRecords('employee', 200),

  // Leave: everyone lists and submits (scoped); admins decide; the owner (or an admin) withdraws.
  'GET /api/leaves': signedIn(200),
  'POST /api/leaves': signedIn(201),
  'PUT /api/leaves/:id/approve': {
    target: 'leave',
    anonymous: 401,
    employeeOfA: all(403),
    adminOfA: { own: 200, sameCompany: 200, otherCompany: 404 },
    adminOfB: { own: 200, sameCompany: 200, otherCompany: 404 },
    employeeOfB: all(403),
  },
  'POST /api/leaves/:id/cancel': {
    target: 'leave',
    anonymous: 401,
    employeeOfA: { own: 200, sameCompany: 404, otherCompany: 404 },
    adminOfA: { own: 200, sameCompany: 200, otherCompany: 404 },
    adminOfB: { own: 200, sameCompany: 200, otherCompany: 404 },
    employeeOfB: { own: 200, sameCompany: 404, otherCompany: 404 },
  },

  // Calendar: everyone sees their company's; the secret feed's HMAC token is its own authentication.
  'GET /api/calendar/feed/:token.ics': everyone(200),
  'GET /api/calendar/events': signedIn(200),
  'GET /api/calendar/holidays': signedIn(200),
  'GET /api/calendar/export/ical': signedIn(200),
  'GET /api/calendar/export/google': signedIn(200),
  'GET /api/calendar/feed-url': signedIn(200),
  'POST /api/calendar/feed-url/regenerate': signedIn(200),
  'GET /api/calendar/settings': signedIn(200),
  'PUT /api/calendar/settings': adminsOnly(200),

  // Dashboard: everyone, scoped.
  'GET /api/dashboard/summary': signedIn(200),
  'GET /api/dashboard/upcoming-events': signedIn(200),

  // Billing: admins, on their own company's subscription, cards and checkouts.
  'GET /api/billing/seats': adminsOnly(200),
  'GET /api/billing/info': adminsOnly(200),
  'GET /api/billing/history': adminsOnly(200),
  'GET /api/billing/payment-methods': adminsOnly(200),
  // Both companies subscribe in the world: a second subscription is refused after authorization (409).
  'POST /api/billing/create-checkout-session': adminsOnly(409),
  'POST /api/billing/payment-success': adminsOnCompanyRecords('checkoutSession', 200),
  'POST /api/billing/create-setup-intent': adminsOnly(200),
  'POST /api/billing/update-payment-method': adminsOnCompanyRecords('paymentMethod', 200),
  'DELETE /api/billing/payment-methods/:id': adminsOnCompanyRecords('paymentMethod', 200),
  'POST /api/billing/cancel-subscription': adminsOnly(200),
  'POST /api/billing/cancel-subscription-immediately': adminsOnly(200),
  'POST /api/billing/reactivate-subscription': adminsOnly(200),
  'POST /api/billing/sync-subscription': adminsOnly(202),
  // The provider's signature is the authentication; without a valid one the event is refused.
  'POST /api/billing/webhook': everyone(400),

  // Data rights: everyone asks for a copy of their own data (admins also of the company's) and sees
  // and downloads only the exports they asked for; admins erase their company's former employees.
  'GET /api/privacy/exports': signedIn(200),
  'POST /api/privacy/exports': signedIn(202),
  'GET /api/privacy/exports/:id': ownRecordsOnly('dataExport', 200),
  'GET /api/privacy/exports/:id/download': ownRecordsOnly('dataExport', 200),
  'GET /api/privacy/former-employees': adminsOnly(200),
  'POST /api/privacy/former-employees/:id/erase': adminsOnCompanyRecords('formerEmployee', 200),
} satisfies Record<string, RouteAuthorization>;

export type RouteKey = keyof typeof authorizationMatrix;

export function authorizationOf(key: string): RouteAuthorization | undefined {
  return (authorizationMatrix as Record<string, RouteAuthorization>)[key];
}

/** Routes that answer without a session (their anonymous cell is not 401). */
export function isPublicRoute(key: string): boolean {
  const expected = authorizationOf(key);
  return expected !== undefined && expected.anonymous !== 401;
}
