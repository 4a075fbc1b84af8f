import { LONG_MONTHS, SHORT_MONTHS, SHORT_WEEKDAYS } from './date-names';

/**
 * The user-visible texts of teams, approvers, coverage, blackout periods and e-mail decisions
 * (issue 30), once. The API answers with them, the e-mails and the console show them.
 *
 * Dates are read from their YYYY-MM-DD strings (no time zone in between): 'Tue 8 Dec', '12 January'.
 */

const yearOf = (isoDate: string) => Number(isoDate.slice(0, 4));
const monthIndexOf = (isoDate: string) => Number(isoDate.slice(5, 7)) - 1;
const dayOf = (isoDate: string) => Number(isoDate.slice(8, 10));

/** 'Tue 8 Dec' of '2026-12-08'. */
export function weekdayDayText(isoDate: string): string {
  const weekday = new Date(Date.UTC(2000, monthIndexOf(isoDate), dayOf(isoDate)));
  weekday.setUTCFullYear(yearOf(isoDate));
  return `${SHORT_WEEKDAYS[weekday.getUTCDay()]} ${dayOf(isoDate)} ${SHORT_MONTHS[monthIndexOf(isoDate)]}`;
}

/** '12 January', or '12 January 2027' when its year is not `today`'s. */
export function dayMonthText(isoDate: string, today: string): string {
  const text = `${dayOf(isoDate)} ${LONG_MONTHS[monthIndexOf(isoDate)]}`;
  return yearOf(isoDate) === yearOf(today) ? text : `${text} ${yearOf(isoDate)}`;
}

/** '24 Dec 2026', or '24 Dec 2026 – 2 Jan 2027'. */
export function periodText(start: string, end: string): string {
  const day = (isoDate: string) => `${dayOf(isoDate)} ${SHORT_MONTHS[monthIndexOf(isoDate)]} ${yearOf(isoDate)}`;
  return start === end ? day(start) : `${day(start)} – ${day(end)}`;
}

/** 'Ana', 'Ana and Ben', 'Ana, Ben and Cy'. */
export function nameListText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export const teamTexts = {
  fetchFailed: 'Failed to fetch teams',
  saveFailed: 'Failed to save the team',
  deleteFailed: 'Failed to delete the team',
  created: 'Team created successfully',
  updated: 'Team updated successfully',
  deleted: 'Team deleted successfully: its members are in no team now',
  confirmDelete: 'Delete this team? Its members stay, in no team.',
  notFound: 'Team not found',
  duplicateApprover: 'approver_ids names the same employee twice',
  approverNotFound: 'approver_ids must name employees of your company',
  teamIdNotFound: 'team_id must be one of your company’s teams',
  noTeam: 'No team',
  toDecide: 'To decide',
  cannotDecideOwn: 'You cannot decide your own leave request',
  notYourTeam: 'Only an admin or an approver of this person’s team can decide this request',
  overrideConfirm: 'Approve anyway, over the team’s limit? The override is recorded in the audit log.',
  decisionLinkUnknown: 'This link is not valid. Open Teamfolk to decide the request.',
  decisionLinkUsed: 'This link has already been used: the request was decided with it.',
  decisionLinkDecided: 'This request has already been decided. Open Teamfolk to see it.',
  decisionLinkExpired: 'This link has expired (links work for 7 days). Open Teamfolk to decide the request.',
  decisionLinkOpenConsole: 'Open Teamfolk',
  decisionLinkApproves: 'This link approves the request: send approved true, or use the e-mail’s Reject button',
  decisionLinkRejects: 'This link rejects the request: send approved false, or use the e-mail’s Approve button',
  decisionPageHeading: 'Leave request',
  decisionPageLoading: 'Opening the request…',
  decisionPageDays: 'Days',
  decisionPageBalanceAfter: 'Balance after approval',
  decisionPageColleaguesOut: 'Also out on these days',
  decisionPageNobodyOut: 'Nobody else of the team is out on these days.',
  decisionPageApprove: 'Approve this request',
  decisionPageReject: 'Reject this request',
  decisionPageFailed: 'The decision could not be saved. Open Teamfolk to decide the request.',
  decisionPageDone: 'Decision saved',
  decisionEmailsImmediate: 'An e-mail for each request',
  decisionEmailsDaily: 'One digest a day, at 08:00',
  preferenceSaved: 'E-mail preference saved',
} as const;

export const blackoutTexts = {
  fetchFailed: 'Failed to fetch blackout periods',
  saveFailed: 'Failed to save the blackout period',
  deleteFailed: 'Failed to delete the blackout period',
  created: 'Blackout period created successfully',
  deleted: 'Blackout period deleted successfully',
  notFound: 'Blackout period not found',
  endBeforeStart: 'end_date must not be before start_date',
  spanTooLong: 'A blackout period can span at most 366 days',
  noRequestType: 'request_types must list at least one request type',
  sickNeverBlocked: 'Sick days are never blocked: leave sick_day out of request_types',
} as const;

/** Request types in a sentence (contracts import no rules: these match REQUEST_TYPE_LABELS, in lower case). */
const REQUEST_TYPE_WORDS = {
  vacation: 'vacation',
  sick_day: 'sick day',
  hours_bank: 'hours bank',
  other: 'other leave',
} as const;

/**
 * The refusal (400) of a request that touches blackout periods, naming each and its reason: 'These
 * dates fall in a blackout period, 24 Dec 2026 – 2 Jan 2027 (Year-end stock-take): vacation
 * requests are not accepted then'.
 */
export function blackoutRefusalText(
  requestType: keyof typeof REQUEST_TYPE_WORDS,
  periods: ReadonlyArray<{ start_date: string; end_date: string; reason: string }>,
): string {
  const named = periods.map((period) => `${periodText(period.start_date, period.end_date)} (${period.reason})`);
  const kind = periods.length === 1 ? 'a blackout period' : 'blackout periods';
  return `These dates fall in ${kind}, ${nameListText(named)}: ${REQUEST_TYPE_WORDS[requestType]} requests are not accepted then`;
}

/** A day over the team's cap: 'Tue 8 Dec: Ana and Ben are already out; the team allows 1'. */
export function coverageWarningText(date: string, namesOut: readonly string[], maxAbsent: number): string {
  const verb = namesOut.length === 1 ? 'is' : 'are';
  return `${weekdayDayText(date)}: ${nameListText(namesOut)} ${verb} already out; the team allows ${maxAbsent}`;
}

/** How the 409 of approving past the cap opens: the console tells it from the other 409s by it. */
export const COVERAGE_CONFLICT_OPENING = 'Approving this request takes the team over its limit.';

/** The 409 of approving past the cap, naming the days and the people (the warnings, joined). */
export function coverageConflictText(warnings: readonly string[]): string {
  return `${COVERAGE_CONFLICT_OPENING} ${warnings.join('. ')}. To approve anyway, confirm the override.`;
}

/**
 * Why the admins, not the team's approvers, were sent a request (the e-mail's line), when every
 * approver who could decide it is away: 'the approver is away until 12 January'.
 */
export function approversAwayText(approversAway: number, firstBackAfter: string, today: string): string {
  const until = dayMonthText(firstBackAfter, today);
  return approversAway === 1
    ? `the approver is away until ${until}`
    : `all ${approversAway} approvers are away, the first until ${until}`;
}

/** Why the admins were sent a request that has no approver to go to. */
export const routingTexts = {
  noTeam: 'the person is in no team',
  noApprover: 'the team has no approver who can decide it',
  ownRequest: 'the request is an approver’s own',
  reminder: (workingDays: number) => `This request has been waiting for a decision for ${workingDays} working days.`,
} as const;
