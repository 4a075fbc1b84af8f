import { DEFAULT_WORK_PATTERN } from '../contracts';
import {
  absentUntil,
  mayDecide,
  reminderDueAt,
  reminderRecipients,
  routeNote,
  routeRequest,
  type ApproverLeave,
  type RoutingInput,
  type RoutingTeam,
} from './routing';
import type { PersonCalendar } from './work-patterns';

// Employees 1–9 with users 101–109; admins are users 201 and 202.
const ADMINS = [201, 202];
const approver = (employeeId: number) => ({ employeeId, userId: 100 + employeeId });
const member = (employeeId: number, teamId: number | null = 7) => ({ employeeId, userId: 100 + employeeId, teamId });
const support: RoutingTeam = { id: 7, approvers: [approver(1), approver(2)] };
const company: PersonCalendar = { companyPattern: DEFAULT_WORK_PATTERN, holidays: new Set(['2027-01-01']) };
const fullDays = (employeeId: number, startDate: string, endDate: string): ApproverLeave => ({
  employeeId,
  leaveType: 'full_day',
  startDate,
  endDate,
});

const route = (input: Partial<RoutingInput>) =>
  routeRequest({
    owner: member(5),
    team: support,
    adminUserIds: ADMINS,
    approverLeave: [],
    arrivesOn: '2027-01-06', // a Wednesday
    companyCalendar: company,
    ...input,
  });

describe(routeRequest.name, () => {
  it("sends a member's request to the team's approvers, not to the admins", () => {
    expect(route({})).toEqual({ reason: 'team', recipientUserIds: [101, 102], approversAway: [], awayUntil: null });
  });

  it("sends an approver's own request to the team's other approvers and the admins, never to themselves", () => {
    expect(route({ owner: member(1) })).toMatchObject({ reason: 'own_request', recipientUserIds: [102, 201, 202] });
  });

  it("sends the only approver's own request to the admins", () => {
    const team = { id: 7, approvers: [approver(1)] };
    expect(route({ owner: member(1), team })).toMatchObject({ reason: 'own_request', recipientUserIds: ADMINS });
  });

  it('sends the request of a person in no team, or in a team without a usable approver, to the admins', () => {
    expect(route({ owner: member(5, null), team: null })).toMatchObject({
      reason: 'no_team',
      recipientUserIds: ADMINS,
    });
    expect(route({ team: { id: 7, approvers: [] } })).toMatchObject({
      reason: 'no_approver',
      recipientUserIds: ADMINS,
    });
    // An approver who never accepted the invitation cannot sign in to decide.
    const invitedOnly = { id: 7, approvers: [{ employeeId: 1, userId: null }] };
    expect(route({ team: invitedOnly })).toMatchObject({ reason: 'no_approver', recipientUserIds: ADMINS });
  });

  it("never sends an admin's own request to that admin", () => {
    const admin = { employeeId: null, userId: 201, teamId: null };
    expect(route({ owner: admin, team: null }).recipientUserIds).toEqual([202]);
  });

  it('sends the request to the admins at once when every approver is away, saying until when', () => {
    const approverLeave = [fullDays(1, '2027-01-04', '2027-01-12'), fullDays(2, '2027-01-05', '2027-01-08')];
    const routed = route({ approverLeave });
    expect(routed).toEqual({
      reason: 'approvers_away',
      recipientUserIds: ADMINS,
      approversAway: [1, 2],
      awayUntil: '2027-01-08',
    });
    expect(routeNote(routed, '2027-01-06')).toBe('all 2 approvers are away, the first until 8 January');
  });

  it('sends the request only to the approvers who are not away', () => {
    const routed = route({ approverLeave: [fullDays(1, '2027-01-04', '2027-01-08')] });
    expect(routed).toMatchObject({ reason: 'team', recipientUserIds: [102] });
  });

  it('reads leave separated only by a weekend as one absence: away until the second one ends', () => {
    const team = { id: 7, approvers: [approver(1)] };
    const approverLeave = [fullDays(1, '2027-01-04', '2027-01-08'), fullDays(1, '2027-01-11', '2027-01-12')];
    const routed = route({ team, approverLeave });
    expect(routed).toMatchObject({ reason: 'approvers_away', awayUntil: '2027-01-12' });
    expect(routeNote(routed, '2027-01-06')).toBe('the approver is away until 12 January');
  });

  it('names the year of the day back when it is not the year the request arrives in', () => {
    const team = { id: 7, approvers: [approver(1)] };
    const routed = route({ team, arrivesOn: '2026-12-30', approverLeave: [fullDays(1, '2026-12-28', '2027-01-12')] });
    expect(routeNote(routed, '2026-12-30')).toBe('the approver is away until 12 January 2027');
  });

  it('on a weekend, looks at the next working day: an approver whose leave starts Monday is away', () => {
    const team = { id: 7, approvers: [approver(1)] };
    const approverLeave = [fullDays(1, '2027-01-11', '2027-01-12')];
    expect(route({ team, approverLeave, arrivesOn: '2027-01-09' })).toMatchObject({
      reason: 'approvers_away',
      awayUntil: '2027-01-12',
    });
  });

  it('on a weekend after a holiday, an approver whose leave ended before it is back on Monday', () => {
    const team = { id: 7, approvers: [approver(1)] };
    // Leave to Thu 31 Dec; Fri 1 Jan is a public holiday; the request arrives Sat 2 Jan; Mon 4 Jan they are in.
    const approverLeave = [fullDays(1, '2026-12-28', '2026-12-31')];
    expect(route({ team, approverLeave, arrivesOn: '2027-01-02' })).toMatchObject({ reason: 'team' });
  });

  it('does not count an approver with a partial day off as away', () => {
    const team = { id: 7, approvers: [approver(1)] };
    const approverLeave: ApproverLeave[] = [
      { employeeId: 1, leaveType: 'partial_day', startDate: '2027-01-06', endDate: '2027-01-06' },
    ];
    expect(route({ team, approverLeave })).toMatchObject({ reason: 'team', recipientUserIds: [101] });
  });
});

describe(absentUntil.name, () => {
  it('joins overlapping and touching requests, and those with only company days off between them', () => {
    const leave = [
      fullDays(1, '2026-12-21', '2026-12-24'), // Mon–Thu; Fri 25 Dec is not a holiday here
      fullDays(1, '2026-12-28', '2026-12-31'), // Mon–Thu: Fri 25 Dec is a working day between
      fullDays(1, '2026-12-30', '2027-01-01'),
      fullDays(1, '2027-01-04', '2027-01-05'), // after the weekend
    ];
    const noHolidays = { companyPattern: DEFAULT_WORK_PATTERN };
    expect(absentUntil(leave, '2026-12-22', noHolidays)).toBe('2026-12-24');
    expect(absentUntil(leave, '2026-12-25', noHolidays)).toBeNull();
    expect(absentUntil(leave, '2026-12-29', noHolidays)).toBe('2027-01-05');
    expect(absentUntil(leave, '2027-01-06', noHolidays)).toBeNull();
    const christmas = { companyPattern: DEFAULT_WORK_PATTERN, holidays: new Set(['2026-12-25']) };
    expect(absentUntil(leave, '2026-12-22', christmas)).toBe('2027-01-05');
  });
});

describe(reminderDueAt.name, () => {
  it("is due at the same time on the company's second working day after the request arrived", () => {
    expect(reminderDueAt({ date: '2027-01-04', time: '10:00' }, company)).toEqual({
      date: '2027-01-06',
      time: '10:00',
    });
    expect(reminderDueAt({ date: '2027-01-08', time: '16:30' }, company)).toEqual({
      date: '2027-01-12',
      time: '16:30',
    });
    expect(reminderDueAt({ date: '2027-01-09', time: '11:00' }, company)).toEqual({
      date: '2027-01-12',
      time: '11:00',
    });
  });

  it('skips public holidays and the days the company does not work', () => {
    const christmas = { companyPattern: DEFAULT_WORK_PATTERN, holidays: new Set(['2026-12-25', '2027-01-01']) };
    // Thu 24 Dec: Fri 25 is a holiday, Mon 28 the first working day, Tue 29 the second.
    expect(reminderDueAt({ date: '2026-12-24', time: '09:00' }, christmas).date).toBe('2026-12-29');
    const fourDayWeek = { companyPattern: { ...DEFAULT_WORK_PATTERN, fri: 0 } };
    expect(reminderDueAt({ date: '2027-01-06', time: '09:00' }, fourDayWeek).date).toBe('2027-01-11');
  });
});

describe(reminderRecipients.name, () => {
  it('reminds every approver who may decide it, away or not, and the admins, never the owner', () => {
    expect(reminderRecipients(member(5), support, ADMINS)).toEqual([101, 102, 201, 202]);
    expect(reminderRecipients(member(1), support, ADMINS)).toEqual([102, 201, 202]);
    expect(reminderRecipients(member(5, null), null, ADMINS)).toEqual(ADMINS);
  });
});

describe(mayDecide.name, () => {
  const approverOfSupport = { role: 'employee' as const, employeeId: 1, approvesTeamIds: [7] };

  it("lets an approver decide their teams' members' requests, never their own", () => {
    expect(mayDecide(approverOfSupport, { employeeId: 5, teamId: 7 })).toBe(true);
    expect(mayDecide(approverOfSupport, { employeeId: 1, teamId: 7 })).toBe(false);
  });

  it("refuses an approver another team's requests, people in no team, and an employee who approves for no team", () => {
    expect(mayDecide(approverOfSupport, { employeeId: 6, teamId: 8 })).toBe(false);
    expect(mayDecide(approverOfSupport, { employeeId: 6, teamId: null })).toBe(false);
    expect(mayDecide({ role: 'employee', employeeId: 5, approvesTeamIds: [] }, { employeeId: 6, teamId: 7 })).toBe(
      false,
    );
  });

  it('lets an admin decide any request, their own included', () => {
    const admin = { role: 'admin' as const, employeeId: null, approvesTeamIds: [] };
    expect(mayDecide(admin, { employeeId: 6, teamId: 8 })).toBe(true);
    expect(mayDecide(admin, { employeeId: null, teamId: null })).toBe(true);
  });
});
