import type { DataExportScope, LeaveStatus, Role } from '../contracts';

/**
 * Who may do what (spec section 6), in one place: the console asks it for its menu, buttons and
 * routes, the API for every route, and the authorization matrix test takes it as its oracle.
 *
 * Without a record the question is whether the user may do this at all (an employee may withdraw
 * leave: their own); with one, whether they may do it to that record. canAccess does not decide
 * whether there is a session (401), whether a record the user may not see exists (404: records of
 * other companies, other people's exports and leave), nor what a record's state forbids to every
 * role (deciding a decided request: 409).
 */

/**
 * The user who asks. The role decides; a right on top of a role (issue 30: approving the requests of
 * a team) is one more field here, read by the rules it widens.
 */
export interface AccessUser {
  role: Role;
  /**
   * The teams whose members' requests the user decides (issue 30); absent or empty: none. The session
   * user's `approvesTeams` as it is, so the console asks with the user it holds.
   */
  approvesTeams?: ReadonlyArray<{ id: number }>;
}

/** What the rules read of a record. */
export interface AccessRecord {
  /** The record is the user's own (their leave request, their data export); the caller knows it from how it found the record. */
  own?: boolean;
  /** A leave request's status: an employee withdraws only a pending one, an admin an approved one too. */
  status?: LeaveStatus;
  /** A leave request submitted for someone else names that employee: admins only. */
  employee_id?: number | null;
  /** A data export's scope: the company's is for admins. */
  scope?: DataExportScope;
  /** A leave request's owner's team now (null: in no team): its approvers decide it. */
  team_id?: number | null;
}

type Rule = (user: AccessUser, record: AccessRecord | undefined) => boolean;

const everyone: Rule = () => true;
const admins: Rule = (user) => user.role === 'admin';
/** Nobody sees another person's records of this kind, not even an admin. */
const ownRecords: Rule = (_user, record) => record === undefined || record.own === true;

/** Everyone acts for themselves; only an admin names another employee. */
const selfUnlessAdmin: Rule = (user, record) => record?.employee_id == null || user.role === 'admin';

/**
 * An approver of the record's team, on a request not their own; without a record (or its team), an
 * approver of some team. Admins' rights are the rules' own.
 */
const teamApprover: Rule = (user, record) => {
  const teams = user.approvesTeams ?? [];
  if (record?.team_id === undefined) return teams.length > 0 && record?.own !== true;
  const teamId = record.team_id;
  return teamId !== null && teams.some((team) => team.id === teamId) && record.own !== true;
};

/** True when the record's status is unknown (no record, or a record without one) or one of `statuses`. */
const statusIn = (record: AccessRecord | undefined, ...statuses: LeaveStatus[]) =>
  record?.status === undefined || statuses.includes(record.status);

const PERMISSIONS = {
  dashboard: { list: everyone },
  /** One's own sign-in: the user, signing out, the password. */
  account: { show: everyone, changePassword: everyone },
  twoFactor: { show: admins, enable: admins, disable: admins },
  employees: {
    list: admins,
    show: admins,
    create: admins,
    edit: admins,
    delete: admins,
    editBalances: admins,
    resendInvitation: admins,
  },
  leaves: {
    list: everyone,
    /** Everyone submits their own; only an admin submits for another employee. */
    create: selfUnlessAdmin,
    /** Admins decide pending requests; an approver their teams' members', never their own. */
    approve: (user, record) => (user.role === 'admin' || teamApprover(user, record)) && statusIn(record, 'pending'),
    /** The owner withdraws a pending request; an admin withdraws any pending or approved one. */
    cancel: (user, record) =>
      user.role === 'admin'
        ? statusIn(record, 'pending', 'approved')
        : ownRecords(user, record) && statusIn(record, 'pending'),
    /**
     * A colleague's reason and sick-day type stay private: only admins, the owner and the approvers
     * who decide the request see them.
     */
    showDetails: (user, record) =>
      user.role === 'admin' || ownRecords(user, record) || (record?.team_id != null && teamApprover(user, record)),
  },
  calendar: {
    list: everyone,
    /** The iCal file, the Google Calendar links and one's own secret feed. */
    export: everyone,
    showSettings: everyone,
    editSettings: admins,
  },
  billing: {
    list: admins,
    subscribe: admins,
    managePaymentMethods: admins,
    cancel: admins,
    reactivate: admins,
    sync: admins,
  },
  dataExports: {
    list: everyone,
    create: (user, record) => record?.scope !== 'company' || user.role === 'admin',
    show: ownRecords,
    download: ownRecords,
  },
  formerEmployees: { list: admins, erase: admins },
  /** Teams, their approvers and caps (issue 30): admins. */
  teams: { list: admins, show: admins, create: admins, edit: admins, delete: admins },
  /** Everyone reads the rules their balances follow; admins set them. */
  leavePolicy: { show: everyone, edit: admins },
  /** A person's ledger and forecast: their own, or anyone's of the company for an admin. */
  balances: { show: (user, record) => user.role === 'admin' || ownRecords(user, record) },
  /** Blackout periods: everyone sees them (the calendar, the leave dialog); admins set them. */
  blackouts: { list: everyone, create: admins, delete: admins },
  /** Time in lieu: everyone logs their own extra hours and lists them (an admin, the company's); admins decide. */
  timeCredits: {
    list: everyone,
    create: selfUnlessAdmin,
    approve: admins,
  },
} as const satisfies Record<string, Record<string, Rule>>;

export type AccessResource = keyof typeof PERMISSIONS;
export type AccessAction<Resource extends AccessResource = AccessResource> = Resource extends AccessResource
  ? keyof (typeof PERMISSIONS)[Resource]
  : never;

export type AccessRequest = {
  [Resource in AccessResource]: { resource: Resource; action: AccessAction<Resource>; record?: AccessRecord };
}[AccessResource];

/** Whether a request from outside the typed world (react-admin's canAccess) names a known resource and action. */
export function isAccessRequest(request: { resource: string; action: string }): request is AccessRequest {
  return (
    Object.hasOwn(PERMISSIONS, request.resource) &&
    Object.hasOwn(PERMISSIONS[request.resource as AccessResource], request.action)
  );
}

/** Whether `user` may do `action` on `resource` (to `record`, when given). A signed-out visitor may do nothing. */
export function canAccess(user: AccessUser | null | undefined, { resource, action, record }: AccessRequest): boolean {
  if (!user) return false;
  const rules: Record<string, Rule> = PERMISSIONS[resource];
  return rules[action]?.(user, record) ?? false;
}

/** Every resource and its actions, for tests that walk them all. */
export const ACCESS_ACTIONS = Object.fromEntries(
  Object.entries(PERMISSIONS).map(([resource, rules]) => [resource, Object.keys(rules)]),
) as { [Resource in AccessResource]: AccessAction<Resource>[] };
