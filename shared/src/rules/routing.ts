import { approversAwayText, REMINDER_AFTER_WORKING_DAYS, routingTexts, type LeaveType, type Role } from '../contracts';
import { plusDays } from './iso-days';
import { isWorkingDayOn, type PersonCalendar } from './work-patterns';

/**
 * Who decides a leave request, who is sent it, and when the deciders are reminded (issue 30).
 *
 * - Admins decide any request (their own too, as before teams: a company of one admin is never stuck).
 * - An approver decides the requests of the members of the teams they approve for, never their own.
 * - A member's request is sent to the team's approvers; an approver's own request to the team's other
 *   approvers and the admins; a request of a person in no team, or in a team with no approver who can
 *   decide it (none but the owner, or none who has accepted the invitation), to the admins.
 * - Nobody is stuck: an approver is away when the first company working day on or after the day the
 *   request arrives falls in their approved full-day leave (a partial day is not away: they are in
 *   that day). Leave separated only by company non-working days (a weekend, a holiday) is one absence.
 *   The request is sent only to the approvers who are not away; when every one is away, to the admins
 *   at once, with the reason ('the approver is away until 12 January': the first back's last day away).
 * - The owner is never sent their own request.
 * - A request still pending REMINDER_AFTER_WORKING_DAYS working days after it arrived reminds every
 *   approver who may decide it and the admins, once. Working days are the company's (its default
 *   pattern and public holidays: the deciders' own patterns would give each a different day): the
 *   reminder is due at the same local time as the request arrived, on the second working day after
 *   the day it arrived (Mon 10:00 → Wed 10:00; Fri → Tue; Sat → Tue).
 *
 * Identities: approvers are employees (team approver_ids); admins and recipients are users.
 */

export interface RequestOwner {
  /** null: an admin's own leave, with no employee record. */
  employeeId: number | null;
  /** The owner's account; null for an employee who has not joined. */
  userId: number | null;
  /** The owner's team now; null: in no team. */
  teamId: number | null;
}

export interface TeamApprover {
  employeeId: number;
  /** null: invited, not joined yet: cannot sign in to decide. */
  userId: number | null;
}

export interface RoutingTeam {
  id: number;
  approvers: readonly TeamApprover[];
}

/** An approved request of an approver (the dates and kind of day only). */
export interface ApproverLeave {
  employeeId: number;
  leaveType: LeaveType;
  startDate: string;
  endDate: string;
}

export interface RoutingInput {
  owner: RequestOwner;
  /** The owner's team, or null. */
  team: RoutingTeam | null;
  /** The company's active admins. */
  adminUserIds: readonly number[];
  /** The team's approvers' approved leave around the day the request arrives (a month either side is plenty). */
  approverLeave: readonly ApproverLeave[];
  /** The company's today when the request arrives. */
  arrivesOn: string;
  /** The company's default pattern and public holidays (patterns: none). */
  companyCalendar: PersonCalendar;
}

export type RoutingReason = 'team' | 'own_request' | 'no_team' | 'no_approver' | 'approvers_away';

export interface RequestRoute {
  reason: RoutingReason;
  /** The users sent the request now, in order, without duplicates, never the owner. */
  recipientUserIds: number[];
  /** The approvers (employee ids) away, when reason is 'approvers_away'. */
  approversAway: number[];
  /** When reason is 'approvers_away': the last day away of the first of them back. */
  awayUntil: string | null;
}

/** How far a search for the next working day looks before giving up (a pattern of some working day guarantees one in a week, holidays aside). */
const SEARCH_LIMIT_DAYS = 366;

function nextWorkingDay(fromDate: string, calendar: PersonCalendar): string {
  let day = fromDate;
  for (let step = 0; step < SEARCH_LIMIT_DAYS; step += 1, day = plusDays(day, 1))
    if (isWorkingDayOn(day, calendar)) return day;
  return fromDate;
}

/** Whether every day strictly between two dates is a non-working day of the company. */
function onlyDaysOffBetween(before: string, after: string, calendar: PersonCalendar): boolean {
  for (let day = plusDays(before, 1); day < after; day = plusDays(day, 1))
    if (isWorkingDayOn(day, calendar)) return false;
  return true;
}

/**
 * The last day of the absence of an approver that holds `onDay`, or null when they are not away then.
 * Full days only; overlapping, touching, or separated by company days off, requests form one absence.
 */
export function absentUntil(
  leave: readonly ApproverLeave[],
  onDay: string,
  companyCalendar: PersonCalendar,
): string | null {
  const periods = leave
    .filter((period) => period.leaveType === 'full_day' && period.startDate <= period.endDate)
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
  let start: string | null = null;
  let end = '';
  for (const period of periods) {
    const joins =
      start !== null &&
      (period.startDate <= plusDays(end, 1) || onlyDaysOffBetween(end, period.startDate, companyCalendar));
    if (joins) {
      if (period.endDate > end) end = period.endDate;
      continue;
    }
    if (start !== null && start <= onDay && onDay <= end) return end;
    start = period.startDate;
    end = period.endDate;
  }
  return start !== null && start <= onDay && onDay <= end ? end : null;
}

const unique = (ids: Iterable<number>) => [...new Set(ids)];

/** Who is sent a request when it arrives, and why. */
export function routeRequest(input: RoutingInput): RequestRoute {
  const { owner, team, adminUserIds, arrivesOn, companyCalendar } = input;
  const notOwner = (userId: number) => userId !== owner.userId;
  const toAdmins = (reason: RoutingReason, approversAway: number[] = [], awayUntil: string | null = null) => ({
    reason,
    recipientUserIds: unique(adminUserIds).filter(notOwner),
    approversAway,
    awayUntil,
  });
  if (!team) return toAdmins('no_team');
  const ownRequest = team.approvers.some((approver) => approver.employeeId === owner.employeeId);
  const deciders = team.approvers.filter(
    (approver): approver is TeamApprover & { userId: number } =>
      approver.employeeId !== owner.employeeId && approver.userId !== null && approver.userId !== owner.userId,
  );
  if (deciders.length === 0) return toAdmins(ownRequest ? 'own_request' : 'no_approver');

  const firstWorkingDay = nextWorkingDay(arrivesOn, companyCalendar);
  const away = new Map<number, string>();
  for (const approver of deciders) {
    const own = input.approverLeave.filter((period) => period.employeeId === approver.employeeId);
    const until = absentUntil(own, firstWorkingDay, companyCalendar);
    if (until !== null) away.set(approver.employeeId, until);
  }
  const present = deciders.filter((approver) => !away.has(approver.employeeId));
  if (present.length === 0) {
    const firstBack = [...away.values()].sort()[0] ?? null;
    return toAdmins('approvers_away', [...away.keys()], firstBack);
  }
  const approverUsers = present.map((approver) => approver.userId);
  return {
    reason: ownRequest ? 'own_request' : 'team',
    recipientUserIds: unique(ownRequest ? [...approverUsers, ...adminUserIds] : approverUsers).filter(notOwner),
    approversAway: [],
    awayUntil: null,
  };
}

/** The e-mail's line on why the admins were sent a request; null when it went to the team's approvers. */
export function routeNote(route: RequestRoute, arrivesOn: string): string | null {
  switch (route.reason) {
    case 'team':
      return null;
    case 'own_request':
      return routingTexts.ownRequest;
    case 'no_team':
      return routingTexts.noTeam;
    case 'no_approver':
      return routingTexts.noApprover;
    case 'approvers_away':
      return approversAwayText(route.approversAway.length, route.awayUntil ?? arrivesOn, arrivesOn);
  }
}

/** Who is reminded of a request still pending: every approver who may decide it and the admins, never the owner. */
export function reminderRecipients(
  owner: RequestOwner,
  team: RoutingTeam | null,
  adminUserIds: readonly number[],
): number[] {
  const approvers = (team?.approvers ?? [])
    .filter((approver) => approver.employeeId !== owner.employeeId)
    .flatMap((approver) => (approver.userId === null ? [] : [approver.userId]));
  return unique([...approvers, ...adminUserIds]).filter((userId) => userId !== owner.userId);
}

/** A moment in the company's time zone. */
export interface LocalMoment {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
}

/**
 * When a request that arrived at `arrivedAt` (company time) is due its reminder: the same time on the
 * `workingDays`-th company working day after the day it arrived. The caller turns it into an instant
 * in the company's time zone (a BullMQ delay, with a job id per request).
 */
export function reminderDueAt(
  arrivedAt: LocalMoment,
  companyCalendar: PersonCalendar,
  workingDays = REMINDER_AFTER_WORKING_DAYS,
): LocalMoment {
  let day = arrivedAt.date;
  for (let found = 0; found < workingDays; found += 1) day = nextWorkingDay(plusDays(day, 1), companyCalendar);
  return { date: day, time: arrivedAt.time };
}

/** The user deciding, as the permission check sees them. */
export interface Decider {
  role: Role;
  /** Their employee record, if any. */
  employeeId: number | null;
  /** The teams they approve for. */
  approvesTeamIds: readonly number[];
}

/** The request to decide: its owner's employee record and team now. */
export interface RequestToDecide {
  employeeId: number | null;
  teamId: number | null;
}

/**
 * May this user decide this request: an admin any; an approver their teams' members', never their
 * own. Whether it is still pending is the caller's check (only pending requests are decided).
 */
export function mayDecide(decider: Decider, request: RequestToDecide): boolean {
  if (decider.role === 'admin') return true;
  if (request.teamId === null || !decider.approvesTeamIds.includes(request.teamId)) return false;
  return decider.employeeId === null || decider.employeeId !== request.employeeId;
}
