import type { AccessRecord, AccessRequest, AccessUser } from './permissions';
import { ACCESS_ACTIONS, canAccess, isAccessRequest } from './permissions';

const admin: AccessUser = { role: 'admin' };
const employee: AccessUser = { role: 'employee' };

/** Who may call a route when it names no record, or names the caller's own. */
interface Callers {
  admin: boolean;
  employee: boolean;
}

const signedIn: Callers = { admin: true, employee: true };
const adminsOnly: Callers = { admin: true, employee: false };

/**
 * Every signed-in route of the API (tests/security/authorization-matrix.ts) with the
 * permission it asks for, and who the matrix lets through. Public routes (sign-up, sign-in, e-mailed links, the second sign-in step,
 * the secret calendar feed, the payment provider's webhook) ask none.
 */
const ROUTES: Record<string, [resource: string, action: string, callers: Callers]> = {
  'GET /api/auth/me': ['account', 'show', signedIn],
  'POST /api/auth/logout': ['account', 'show', signedIn],
  'PUT /api/auth/password': ['account', 'changePassword', signedIn],
  'GET /api/auth/two-factor': ['twoFactor', 'show', adminsOnly],
  'POST /api/auth/two-factor/start': ['twoFactor', 'enable', adminsOnly],
  'POST /api/auth/two-factor/confirm': ['twoFactor', 'enable', adminsOnly],
  'DELETE /api/auth/two-factor': ['twoFactor', 'disable', adminsOnly],

  'GET /api/employees': ['employees', 'list', adminsOnly],
  'POST /api/employees': ['employees', 'create', adminsOnly],
  'GET /api/employees/:id': ['employees', 'show', adminsOnly],
  'PUT /api/employees/:id': ['employees', 'edit', adminsOnly],
  'PUT /api/employees/:id/balances': ['employees', 'editBalances', adminsOnly],
  'DELETE /api/employees/:id': ['employees', 'delete', adminsOnly],
  'POST /api/employees/:id/resend-invitation': ['employees', 'resendInvitation', adminsOnly],

  'GET /api/teams': ['teams', 'list', adminsOnly],
  'POST /api/teams': ['teams', 'create', adminsOnly],
  'GET /api/teams/:id': ['teams', 'show', adminsOnly],
  'PUT /api/teams/:id': ['teams', 'edit', adminsOnly],
  'DELETE /api/teams/:id': ['teams', 'delete', adminsOnly],

  'GET /api/leaves': ['leaves', 'list', signedIn],
  'POST /api/leaves': ['leaves', 'create', signedIn],
  'POST /api/leaves/preview': ['leaves', 'create', signedIn],
  'PUT /api/leaves/:id/approve': ['leaves', 'approve', adminsOnly],
  'POST /api/leaves/:id/cancel': ['leaves', 'cancel', signedIn],

  'GET /api/calendar/events': ['calendar', 'list', signedIn],
  'GET /api/calendar/holidays': ['calendar', 'list', signedIn],
  'GET /api/calendar/export/ical': ['calendar', 'export', signedIn],
  'GET /api/calendar/export/google': ['calendar', 'export', signedIn],
  'GET /api/calendar/feed-url': ['calendar', 'export', signedIn],
  'POST /api/calendar/feed-url/regenerate': ['calendar', 'export', signedIn],
  'GET /api/calendar/settings': ['calendar', 'showSettings', signedIn],
  'PUT /api/calendar/settings': ['calendar', 'editSettings', adminsOnly],

  'GET /api/dashboard/summary': ['dashboard', 'list', signedIn],
  'GET /api/dashboard/upcoming-events': ['dashboard', 'list', signedIn],

  'GET /api/billing/seats': ['billing', 'list', adminsOnly],
  'GET /api/billing/info': ['billing', 'list', adminsOnly],
  'GET /api/billing/history': ['billing', 'list', adminsOnly],
  'GET /api/billing/payment-methods': ['billing', 'list', adminsOnly],
  'POST /api/billing/create-checkout-session': ['billing', 'subscribe', adminsOnly],
  'POST /api/billing/payment-success': ['billing', 'subscribe', adminsOnly],
  'POST /api/billing/create-setup-intent': ['billing', 'managePaymentMethods', adminsOnly],
  'POST /api/billing/update-payment-method': ['billing', 'managePaymentMethods', adminsOnly],
  'DELETE /api/billing/payment-methods/:id': ['billing', 'managePaymentMethods', adminsOnly],
  'POST /api/billing/cancel-subscription': ['billing', 'cancel', adminsOnly],
  'POST /api/billing/cancel-subscription-immediately': ['billing', 'cancel', adminsOnly],
  'POST /api/billing/reactivate-subscription': ['billing', 'reactivate', adminsOnly],
  'POST /api/billing/sync-subscription': ['billing', 'sync', adminsOnly],

  'GET /api/privacy/exports': ['dataExports', 'list', signedIn],
  'POST /api/privacy/exports': ['dataExports', 'create', signedIn],
  'GET /api/privacy/exports/:id': ['dataExports', 'show', signedIn],
  'GET /api/privacy/exports/:id/download': ['dataExports', 'download', signedIn],
  'GET /api/privacy/former-employees': ['formerEmployees', 'list', adminsOnly],
  'POST /api/privacy/former-employees/:id/erase': ['formerEmployees', 'erase', adminsOnly],

  'GET /api/leave-policy': ['leavePolicy', 'show', signedIn],
  'PUT /api/leave-policy': ['leavePolicy', 'edit', adminsOnly],
  'GET /api/employees/:id/balance-ledger': ['balances', 'show', signedIn],
  'GET /api/employees/:id/balances': ['balances', 'show', signedIn],
  'GET /api/time-credits': ['timeCredits', 'list', signedIn],
  'POST /api/time-credits': ['timeCredits', 'create', signedIn],
  'PUT /api/time-credits/:id/approve': ['timeCredits', 'approve', adminsOnly],
};

const own: AccessRecord = { own: true };
const colleagues: AccessRecord = { own: false };

describe(canAccess.name, () => {
  it.each(Object.entries(ROUTES))('should answer for %s as the API does', (_route, [resource, action, callers]) => {
    expect(isAccessRequest({ resource, action })).toBe(true);
    expect(canAccess(admin, { resource, action } as AccessRequest)).toBe(callers.admin);
    expect(canAccess(employee, { resource, action } as AccessRequest)).toBe(callers.employee);
  });

  it('should define every permission a route asks for, and none that nothing asks for', () => {
    const asked = new Set(Object.values(ROUTES).map(([resource, action]) => `${resource}.${action}`));
    const defined = Object.entries(ACCESS_ACTIONS).flatMap(([resource, actions]) =>
      actions.map((action) => `${resource}.${String(action)}`),
    );
    // showDetails is asked by the calendar for each leave it shows, not by a route.
    expect(defined.filter((permission) => !asked.has(permission))).toEqual(['leaves.showDetails']);
    expect([...asked].filter((permission) => !defined.includes(permission))).toEqual([]);
  });

  it('should refuse everything to a signed-out visitor', () => {
    for (const [resource, action] of Object.values(ROUTES)) {
      expect(canAccess(null, { resource, action } as AccessRequest)).toBe(false);
      expect(canAccess(undefined, { resource, action } as AccessRequest)).toBe(false);
    }
  });

  it("should show an employee their own balances only, and an admin anyone's", () => {
    const show = (user: AccessUser, record: AccessRecord) =>
      canAccess(user, { resource: 'balances', action: 'show', record });
    expect(show(employee, own)).toBe(true);
    expect(show(employee, colleagues)).toBe(false);
    expect(show(admin, colleagues)).toBe(true);
  });

  it('should let everyone log their own extra hours, and only an admin log them for another employee', () => {
    expect(canAccess(employee, { resource: 'timeCredits', action: 'create', record: {} })).toBe(true);
    expect(canAccess(employee, { resource: 'timeCredits', action: 'create', record: { employee_id: 7 } })).toBe(false);
    expect(canAccess(admin, { resource: 'timeCredits', action: 'create', record: { employee_id: 7 } })).toBe(true);
  });

  describe('leave requests', () => {
    it('should let everyone submit their own, and only an admin submit for another employee', () => {
      expect(canAccess(employee, { resource: 'leaves', action: 'create', record: {} })).toBe(true);
      expect(canAccess(employee, { resource: 'leaves', action: 'create', record: { employee_id: 7 } })).toBe(false);
      expect(canAccess(admin, { resource: 'leaves', action: 'create', record: { employee_id: 7 } })).toBe(true);
    });

    it('should let an admin decide pending requests, their own included, and nobody a decided one', () => {
      expect(
        canAccess(admin, { resource: 'leaves', action: 'approve', record: { ...colleagues, status: 'pending' } }),
      ).toBe(true);
      expect(canAccess(admin, { resource: 'leaves', action: 'approve', record: { ...own, status: 'pending' } })).toBe(
        true,
      );
      expect(canAccess(admin, { resource: 'leaves', action: 'approve', record: { status: 'approved' } })).toBe(false);
      expect(
        canAccess(employee, { resource: 'leaves', action: 'approve', record: { ...own, status: 'pending' } }),
      ).toBe(false);
    });

    it("should let the owner withdraw a pending request, and an admin anyone's pending or approved one", () => {
      const cancel = (user: AccessUser, record: AccessRecord) =>
        canAccess(user, { resource: 'leaves', action: 'cancel', record });

      expect(cancel(employee, { ...own, status: 'pending' })).toBe(true);
      expect(cancel(employee, { ...own, status: 'approved' })).toBe(false);
      expect(cancel(employee, { ...colleagues, status: 'pending' })).toBe(false);
      expect(cancel(employee, { status: 'pending' })).toBe(false);
      expect(cancel(admin, { ...colleagues, status: 'pending' })).toBe(true);
      expect(cancel(admin, { ...colleagues, status: 'approved' })).toBe(true);
      expect(cancel(admin, { ...own, status: 'rejected' })).toBe(false);
      expect(cancel(admin, { ...own, status: 'cancelled' })).toBe(false);
    });

    it("should let an approver decide their teams' members' pending requests, never their own nor another team's", () => {
      const approver: AccessUser = { role: 'employee', approvesTeams: [{ id: 7 }, { id: 9 }] };
      const approve = (user: AccessUser, record?: AccessRecord) =>
        canAccess(user, { resource: 'leaves', action: 'approve', ...(record ? { record } : {}) });

      expect(approve(approver)).toBe(true);
      expect(approve(employee)).toBe(false);
      expect(approve({ role: 'employee', approvesTeams: [] })).toBe(false);
      expect(approve(approver, { ...colleagues, team_id: 9, status: 'pending' })).toBe(true);
      expect(approve(approver, { ...colleagues, team_id: 8, status: 'pending' })).toBe(false);
      expect(approve(approver, { ...colleagues, team_id: null, status: 'pending' })).toBe(false);
      expect(approve(approver, { ...own, team_id: 7, status: 'pending' })).toBe(false);
      expect(approve(approver, { ...colleagues, team_id: 7, status: 'approved' })).toBe(false);
      expect(approve(admin, { ...own, team_id: 7, status: 'pending' })).toBe(true);
    });

    it("should show a request's reason and type to the approvers who decide it", () => {
      const approver: AccessUser = { role: 'employee', approvesTeams: [{ id: 7 }] };
      const details = (record: AccessRecord) => canAccess(approver, { resource: 'leaves', action: 'showDetails', record });

      expect(details({ ...colleagues, team_id: 7 })).toBe(true);
      expect(details({ ...colleagues, team_id: 8 })).toBe(false);
      expect(details(colleagues)).toBe(false);
    });

    it("should keep a colleague's reason and sick-day type from an employee, not from an admin", () => {
      expect(canAccess(employee, { resource: 'leaves', action: 'showDetails', record: own })).toBe(true);
      expect(canAccess(employee, { resource: 'leaves', action: 'showDetails', record: colleagues })).toBe(false);
      expect(canAccess(admin, { resource: 'leaves', action: 'showDetails', record: colleagues })).toBe(true);
    });
  });

  describe('data exports', () => {
    it("should let everyone ask for their own data, and only an admin for the company's", () => {
      expect(canAccess(employee, { resource: 'dataExports', action: 'create', record: { scope: 'self' } })).toBe(true);
      expect(canAccess(employee, { resource: 'dataExports', action: 'create', record: { scope: 'company' } })).toBe(
        false,
      );
      expect(canAccess(admin, { resource: 'dataExports', action: 'create', record: { scope: 'company' } })).toBe(true);
    });

    it('should show and hand out an export to the person who asked for it only, whatever their role', () => {
      for (const user of [admin, employee]) {
        for (const action of ['show', 'download'] as const) {
          expect(canAccess(user, { resource: 'dataExports', action, record: own })).toBe(true);
          expect(canAccess(user, { resource: 'dataExports', action, record: colleagues })).toBe(false);
        }
      }
    });
  });

  it('should read the role of a user object that carries more than the role', () => {
    const signedInUser = { id: 4, role: 'employee' as const, email: 'ada@example.com', approvesTeams: [{ id: 2 }] };
    expect(canAccess(signedInUser, { resource: 'leaves', action: 'list' })).toBe(true);
    expect(canAccess(signedInUser, { resource: 'billing', action: 'list' })).toBe(false);
  });
});

describe(isAccessRequest.name, () => {
  it("should tell a known resource and action from react-admin's other questions", () => {
    expect(isAccessRequest({ resource: 'leaves', action: 'approve' })).toBe(true);
    expect(isAccessRequest({ resource: 'leaves', action: 'delete' })).toBe(false);
    expect(isAccessRequest({ resource: 'teams', action: 'delete' })).toBe(true);
    expect(isAccessRequest({ resource: 'teams', action: 'approve' })).toBe(false);
    expect(isAccessRequest({ resource: 'toString', action: 'call' })).toBe(false);
  });
});
