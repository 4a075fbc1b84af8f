import type { Sequelize } from 'sequelize';
import {
  authTexts,
  balanceAfterRequest,
  balanceKindOf,
  canAccess,
  colleaguesOut,
  countLeave,
  coverageConflicts,
  coverageRefusal,
  coverageWarnings,
  countsNoWorkingDay,
  describeLeave,
  isoDate,
  leaveTexts,
  MAX_LEAVE_SPAN_DAYS,
  decisionMailRow,
  outboxRowOf,
  overdrawsSickDays,
  periodsOverlap,
  plusDays,
  previewLeave,
  routeNote,
  routeRequest,
  spanInDays,
  teamTexts,
  type BalanceKind,
  type DecisionEmailPreference,
  type ColleagueOut,
  type LeavePeriod,
  type LeaveRequestParsed,
  type LeaveRequestRecord,
  type LeavePreviewReply,
  type LeaveSavedReply,
  type LeaveSubmittedReply,
  type OutboxRow,
  type PersonCalendar,
  type RequestRoute,
  type TeamLeave,
  type WorkPattern,
} from '@teamfolk/shared';
import { BalancesService, companyCalendarOf } from '../balances/balances.service';
import { clockOf } from '../db/record-definition';
import { BlackoutsService } from '../blackouts/blackouts.service';
import { publicHolidays } from '../calendar/holidays';
import { issueDecisionLinks } from '../decisions/decision-links';
import { reminderOutboxRow } from '../decisions/reminders';
import { HttpError } from '../http/errors';
import { keepLeaveDaysInStep } from '../reports/leave-days.service';
import { isRowId, type ListQuery } from '../http/list-query';
import type { AuthContext } from '../http/types';
import { readRequestTeam, type RequestTeamRead } from '../teams/teams.repository';
import { toLeaveRecord } from './leave-record';
import {
  LeavesRepository,
  type LeavePageCriteria,
  type LeaveSortField,
  type LeaveTransaction,
  type LockedLeave,
  type Submitter,
  type SubmitterKey,
} from './leaves.repository';

const timedPeriodOf = (record: LeaveRequestRecord) => ({
  startDate: record.start_date,
  endDate: record.end_date,
  startTime: record.start_time,
  endTime: record.end_time,
});

const periodOf = (record: LeaveRequestRecord): LeavePeriod => ({
  leaveType: record.leave_type,
  ...timedPeriodOf(record),
});

/** How far around the day a request arrives its approvers' leave is read: an absence longer than this reads as ending there. */
const APPROVER_LEAVE_WINDOW_DAYS = 62;

/** The approved leave of a request's colleagues as coverage and who-else-is-out read it: dates only. */
function teamLeaveOf(read: RequestTeamRead): TeamLeave[] {
  return read.colleagueLeave.map((leave) => ({
    employeeId: leave.employeeId,
    name: leave.name,
    period: {
      leaveType: leave.leaveType,
      startDate: leave.startDate,
      endDate: leave.endDate,
      startTime: clockOf(leave.startTime),
      endTime: clockOf(leave.endTime),
    },
  }));
}

/** Each person's days: their pattern history over the company's, less the company's holidays. */
function calendarsOf(read: RequestTeamRead, company: PersonCalendar): (employeeId: number) => PersonCalendar {
  return (employeeId) => ({
    ...company,
    patterns: read.patterns.filter((change) => change.employeeId === employeeId),
  });
}

/** What a submission decides before it writes: the preview's answer, and the submission's request and e-mails. */
interface SubmissionAssessment {
  record: LeaveRequestRecord;
  submitter: Submitter;
  sickOverdrawn: boolean;
  balanceAfter: number | null;
  warnings: string[];
  colleaguesOut: ColleagueOut[];
  /** Who is sent the request, with the e-mail's line on why when it went to the admins. */
  recipients: Recipient[];
  note: string | null;
  /** The blackout refusal an admin recording someone's leave overrode (audited); null: none. */
  blackoutOverridden: string | null;
  /** The company's week, which counts the working days until the reminder. */
  companyPattern: WorkPattern;
}

interface Recipient {
  id: number;
  email: string;
  name: string;
  decisionEmails: DecisionEmailPreference;
}

/** Leave requests: submission, one-click decisions, withdrawal, and the balances they move. */
export class LeavesService {
  private readonly repository: LeavesRepository;

  constructor(
    sequelize: Sequelize,
    private readonly appUrl: string,
    private readonly balances = new BalancesService(sequelize),
    private readonly blackouts = new BlackoutsService(sequelize),
  ) {
    this.repository = new LeavesRepository(sequelize);
  }

  /**
   * Which requests a list page shows: the company's to an admin, their own to anyone else and their
   * teams' members' to an approver, filtered as asked; `toDecide`: only the pending ones they may decide.
   */
  pageCriteria(auth: AuthContext, query: ListQuery<LeaveSortField>, toDecide = false): LeavePageCriteria {
    const { status, request_type: requestType, employee_id: employeeId, from, to } = query.filter;
    const equalTo = <T>(name: string, value: unknown, valid: (candidate: unknown) => candidate is T): T | null => {
      if (value === undefined) return null;
      if (!valid(value)) throw new HttpError(400, `filter ${name} is not valid`);
      return value;
    };
    const isText = (value: unknown): value is string => typeof value === 'string';
    const day = (name: 'from' | 'to', value: unknown): string | null => {
      if (value === undefined) return null;
      // A real day, not only its format: '7462-55-24' failed the query with a 500.
      if (!isoDate(name).safeParse(value).success)
        throw new HttpError(400, `filter ${name} must be a date (YYYY-MM-DD)`);
      return value as string;
    };
    return {
      companyId: auth.companyId,
      ownedByUser: auth.role === 'admin' ? null : auth.userId,
      approvedTeams: (auth.approvesTeams ?? []).map((team) => team.id),
      toDecide,
      status: equalTo('status', status, isText),
      requestType: equalTo('request_type', requestType, isText),
      employeeId: equalTo('employee_id', employeeId, isRowId),
      from: day('from', from),
      to: day('to', to),
      sort: query.sort,
      range: query.range,
    };
  }

  /**
   * Records a pending request and tells its deciders (routing.ts): the team's approvers, else the
   * admins, with the coverage warnings the preview showed.
   */
  async submit(auth: AuthContext, input: LeaveRequestParsed, requestId: string): Promise<LeaveSubmittedReply> {
    return this.repository.write(async (leaves) => {
      const assessed = await this.assess(auth, input, leaves);
      const { record, submitter } = assessed;
      const link = new URL(`/dashboard/leaves?status=pending&focus=${record.id}`, this.appUrl).toString();
      // Users who chose the daily digest hear of the request there, not now.
      const toldNow = assessed.recipients.filter((recipient) => recipient.decisionEmails === 'immediate');
      const decisionLinks = issueDecisionLinks({
        companyId: auth.companyId,
        leaveRequestId: record.id,
        recipientUserIds: toldNow.map((recipient) => recipient.id),
        appUrl: this.appUrl,
        now: submitter.now,
      });
      await leaves.insertPending(
        record,
        {
          companyId: auth.companyId,
          employeeId: submitter.employeeId,
          userId: submitter.userId,
          createdBy: auth.userId,
          createdAt: submitter.now,
        },
        {
          actor: auth,
          audit: {
            action: 'leave.submitted',
            entity: 'leave_request',
            entityId: record.id,
            after: assessed.blackoutOverridden
              ? { ...record, blackout_overridden: assessed.blackoutOverridden }
              : record,
          },
          outbox: [
            ...toldNow.map((recipient) =>
              outboxRowOf({
                companyId: auth.companyId,
                job: 'send-email',
                requestId,
                payload: {
                  idempotencyKey: `leave-submitted-${record.id}-${recipient.id}`,
                  to: recipient.email,
                  mail: {
                    template: 'leave-submitted',
                    name: recipient.name,
                    employeeName: record.employee_name,
                    summary: describeLeave(record),
                    reason: record.reason,
                    link,
                    decide: decisionLinks.buttons.get(recipient.id),
                    ...(assessed.note ? { routedBecause: assessed.note } : {}),
                  },
                },
              }),
            ),
            reminderOutboxRow({
              companyId: auth.companyId,
              leaveRequestId: record.id,
              now: submitter.now,
              today: submitter.today,
              country: submitter.country,
              region: submitter.region,
              companyPattern: assessed.companyPattern,
              requestId,
            }),
          ],
        },
        decisionLinks.rows,
      );
      return {
        ...record,
        message: leaveTexts.submitted,
        warnings: assessed.warnings,
        ...(assessed.sickOverdrawn ? { warning: leaveTexts.sickOverdrawn } : {}),
      };
    });
  }

  /**
   * POST /api/leaves/preview: what submitting would count, leave and warn of, refused as the
   * submission would refuse it (the same checks, in a transaction rolled back), nothing written.
   */
  async preview(auth: AuthContext, input: LeaveRequestParsed): Promise<LeavePreviewReply> {
    return this.repository.rehearse(async (leaves) => {
      const assessed = await this.assess(auth, input, leaves);
      return {
        days_count: assessed.record.days_count,
        hours_count: assessed.record.hours_count,
        balance_after: assessed.balanceAfter,
        warnings: assessed.warnings,
        colleagues_out: assessed.colleaguesOut,
      };
    });
  }

  /**
   * Everything a submission decides before it writes, inside its transaction: whose it is, what it
   * counts and leaves of the balance, what it would be refused for (4xx), the team's coverage, who
   * else is out, and whom it is sent to. The submission and the preview share it, refusals included.
   */
  private async assess(
    auth: AuthContext,
    input: LeaveRequestParsed,
    leaves: LeaveTransaction,
  ): Promise<SubmissionAssessment> {
    if (spanInDays(input.start_date, input.end_date) > MAX_LEAVE_SPAN_DAYS)
      throw new HttpError(400, leaveTexts.spanTooLong, { field: 'end_date' });
    if (!canAccess(auth, { resource: 'leaves', action: 'create', record: { employee_id: input.employee_id ?? null } }))
      throw new HttpError(403, authTexts.adminOnly);
    const key: SubmitterKey =
      input.employee_id !== undefined
        ? { employeeId: input.employee_id }
        : auth.role === 'employee'
          ? { employeeOfUser: auth.userId }
          : { admin: auth.userId };
    const locked = await leaves.lockSubmitter(auth.companyId, auth.userId, key, {
      startDate: input.start_date,
      endDate: input.end_date,
    });
    if (!locked) {
      if ('admin' in key) throw new HttpError(401, authTexts.sessionExpired);
      throw new HttpError(404, 'Employee not found', { field: 'employee_id' });
    }
    const { submitter, sameDays } = locked;
    const holidays = publicHolidays(submitter.country, submitter.region, input.start_date, input.end_date);
    // An admin's own leave draws on no balance and follows the default week, as before leave years.
    const preview = previewLeave(input, null, new Set(holidays.map((holiday) => holiday.date)));
    const period: LeavePeriod = {
      leaveType: input.leave_type,
      startDate: input.start_date,
      endDate: input.end_date,
      startTime: input.start_time,
      endTime: input.end_time,
    };
    let duration = preview.duration;
    let requestDays: string[] | null = null;
    let refusal: string | null = null;
    let sickOverdrawn = false;
    let balanceAfter: number | null = null;
    // The person's ledger (or, for an admin's own leave, the company's context), the request's team
    // and the blackouts over its dates travel in one round trip. The approvers' leave is read around
    // the transaction's today, the day the ledger's context reads too.
    const requestDates = { from: input.start_date, to: input.end_date };
    const [ledger, read, blackoutRefusalOf] = await Promise.all([
      submitter.employeeId === null
        ? this.balances.contextInWrite(leaves.ledger(), auth.companyId).then((context) => ({ write: null, context }))
        : this.balances
            .lockForWrite(leaves.ledger(), auth.companyId, submitter.employeeId, {
              period: requestDates,
              lock: !leaves.rehearsal,
            })
            .then((write) => write && { write, context: write.context }),
      readRequestTeam(leaves.ledger(), auth.companyId, submitter.employeeId, requestDates, {
        from: plusDays(submitter.today, -APPROVER_LEAVE_WINDOW_DAYS),
        to: plusDays(submitter.today, APPROVER_LEAVE_WINDOW_DAYS),
      }),
      this.blackouts.refusalFor(leaves.ledger(), {
        companyId: auth.companyId,
        employeeId: submitter.employeeId,
        requestType: input.request_type,
        ...requestDates,
      }),
    ]);
    if (!ledger) throw new HttpError(404, 'Employee not found', { field: 'employee_id' });
    const { write, context } = ledger;
    if (write) {
      // Counted by the person's pattern, and set against each leave year's balance it touches.
      const count = this.balances.countInWrite(write, period);
      duration = { days: count.days, hours: count.hours };
      requestDays = count.perDay.map((day) => day.date);
      const kind = balanceKindOf(input.request_type);
      if (kind) {
        const parts = this.balances.requestParts(write, kind, count);
        refusal = this.balances.refusalOf(write, kind, parts);
        sickOverdrawn = kind === 'sick' && overdrawsSickDays(parts);
        balanceAfter = balanceAfterRequest(parts);
      }
    }
    if (countsNoWorkingDay(duration)) throw new HttpError(400, leaveTexts.noWorkingDays, { field: 'start_date' });
    const record = toLeaveRecord({
      id: submitter.leaveId,
      employee_id: submitter.employeeId,
      employee_name: submitter.name,
      request_type: input.request_type,
      leave_type: input.leave_type,
      start_date: input.start_date,
      end_date: input.end_date,
      start_time: input.start_time ?? null,
      end_time: input.end_time ?? null,
      reason: input.reason || null,
      days_count: duration.days,
      hours_count: duration.hours,
      status: 'pending',
      created_at: submitter.now,
      decided_at: null,
    });
    if (sameDays.some((existing) => periodsOverlap(timedPeriodOf(record), existing)))
      throw new HttpError(409, leaveTexts.overlap);
    if (refusal) throw new HttpError(422, refusal);

    const today = context.today;
    const company = companyCalendarOf(
      context,
      [today, input.start_date].sort()[0]!,
      [plusDays(today, APPROVER_LEAVE_WINDOW_DAYS), input.end_date].sort().at(-1)!,
    );
    const days = requestDays ?? countLeave(period, company).perDay.map((day) => day.date);
    const blackout = blackoutRefusalOf(days);
    const teamLeave = teamLeaveOf(read);
    const warnings =
      submitter.employeeId === null || !read.team
        ? []
        : coverageWarnings(
            coverageConflicts({
              maxAbsent: read.team.maxAbsent,
              request: { employeeId: submitter.employeeId, requestType: input.request_type, days },
              teamLeave,
              calendarOf: calendarsOf(read, company),
            }),
          );
    // Only an admin recording someone else's leave may accept it inside a blackout: the audit entry says so.
    const overridesBlackout = auth.role === 'admin' && input.employee_id !== undefined && input.override_blackout;
    if (blackout && !overridesBlackout) throw new HttpError(400, blackout, { field: 'start_date' });
    const route = this.routeOf(submitter, read, today, company);
    return {
      blackoutOverridden: blackout,
      companyPattern: company.companyPattern,
      record,
      submitter,
      sickOverdrawn,
      balanceAfter,
      warnings,
      colleaguesOut: colleaguesOut(submitter.employeeId, days, teamLeave),
      ...this.recipientsOf(route, submitter, read, today),
    };
  }

  /** Who is sent a new request now (routing.ts): the team's approvers present, else the admins. */
  private routeOf(submitter: Submitter, read: RequestTeamRead, today: string, company: PersonCalendar): RequestRoute {
    return routeRequest({
      owner: { employeeId: submitter.employeeId, userId: submitter.userId, teamId: read.team?.id ?? null },
      team: read.team
        ? {
            id: read.team.id,
            approvers: read.team.approvers.map(({ employeeId, userId }) => ({ employeeId, userId })),
          }
        : null,
      adminUserIds: submitter.admins.map((admin) => admin.id),
      approverLeave: read.approverLeave,
      arrivesOn: today,
      companyCalendar: company,
    });
  }

  /**
   * The addresses of a route's recipients, and the e-mail's line on why it went to the admins: none
   * for a person in no team, where the admins are who decides, as before teams.
   */
  private recipientsOf(
    route: RequestRoute,
    submitter: Submitter,
    read: RequestTeamRead,
    today: string,
  ): Pick<SubmissionAssessment, 'recipients' | 'note'> {
    const users = new Map<number, Recipient>();
    for (const admin of submitter.admins)
      users.set(admin.id, {
        id: admin.id,
        email: admin.email,
        name: admin.name,
        decisionEmails: admin.decision_emails,
      });
    for (const approver of read.team?.approvers ?? [])
      if (approver.userId !== null && approver.email !== null)
        users.set(approver.userId, {
          id: approver.userId,
          email: approver.email,
          name: approver.name,
          decisionEmails: approver.decisionEmails,
        });
    return {
      recipients: route.recipientUserIds.flatMap((id) => {
        const user = users.get(id);
        return user ? [user] : [];
      }),
      note: route.reason === 'no_team' ? null : routeNote(route, today),
    };
  }

  /**
   * Approves or rejects a pending request once: the row lock makes a second click a clean 409. An
   * approval that takes the owner's team over its cap answers 409 naming the days and people, unless
   * `override`, which the audit entry records with the warnings it overrode.
   */
  async decide(
    auth: AuthContext,
    id: number,
    approved: boolean,
    requestId: string,
    { override = false }: { override?: boolean } = {},
  ): Promise<LeaveSavedReply> {
    return this.repository.write(async (leaves) => {
      const locked = await this.lockLeave(auth, id, 'approve', leaves);
      const { leave, recipient } = locked;
      if (leave.status !== 'pending') throw new HttpError(409, leaveTexts.onlyPendingDecided);
      const overridden = approved ? await this.coverageOverridden(auth, leave, override, leaves) : [];
      const decision = approved ? 'approved' : 'rejected';
      const after = await this.settle(auth, locked, decision, leaves, {
        balance: approved ? +1 : 0,
        auditAfter: overridden.length > 0 ? { coverage_override: overridden } : {},
        outbox: recipient
          ? [
              decisionMailRow({
                companyId: auth.companyId,
                requestId,
                template: 'leave-decided',
                subjectId: leave.id,
                to: recipient.email,
                name: recipient.name ?? leave.employee_name,
                decision,
                summary: describeLeave(leave),
                link: new URL('/dashboard/leaves', this.appUrl).toString(),
              }),
            ]
          : [],
      });
      return { ...after, message: approved ? leaveTexts.approved : leaveTexts.rejected };
    });
  }

  /**
   * The coverage warnings an approval overrides: none when the team has room (or no cap, or the
   * request is a sick day: counted, never refused); over the cap without `override`, a 409 naming the
   * days and people. The others' approved leave counts, the request itself still pending.
   */
  private async coverageOverridden(
    auth: AuthContext,
    leave: LeaveRequestRecord,
    override: boolean,
    leaves: LeaveTransaction,
  ): Promise<string[]> {
    if (leave.employee_id === null || leave.request_type === 'sick_day') return [];
    const dates = { from: leave.start_date, to: leave.end_date };
    const read = await readRequestTeam(leaves.ledger(), auth.companyId, leave.employee_id, dates, dates);
    if (!read.team || read.team.maxAbsent === null) return [];
    const context = await this.balances.contextInWrite(leaves.ledger(), auth.companyId);
    const calendarOf = calendarsOf(read, companyCalendarOf(context, leave.start_date, leave.end_date));
    const conflicts = coverageConflicts({
      maxAbsent: read.team.maxAbsent,
      request: {
        employeeId: leave.employee_id,
        requestType: leave.request_type,
        days: countLeave(periodOf(leave), calendarOf(leave.employee_id)).perDay.map((day) => day.date),
      },
      teamLeave: teamLeaveOf(read),
      calendarOf,
    });
    const refusal = coverageRefusal(conflicts);
    if (refusal && !override) throw new HttpError(409, refusal, { warnings: coverageWarnings(conflicts) });
    return coverageWarnings(conflicts);
  }

  /** The owner withdraws a pending request; an admin may also withdraw an approved one, giving the balance back. */
  async cancel(auth: AuthContext, id: number): Promise<LeaveSavedReply> {
    return this.repository.write(async (leaves) => {
      const locked = await this.lockLeave(auth, id, 'cancel', leaves);
      const { status } = locked.leave;
      const record = { own: locked.own, status };
      if (!canAccess(auth, { resource: 'leaves', action: 'cancel', record })) {
        throw new HttpError(409, leaveTexts.cannotWithdraw);
      }
      const after = await this.settle(auth, locked, 'cancelled', leaves, { balance: status === 'approved' ? -1 : 0 });
      return { ...after, message: leaveTexts.withdrawn };
    });
  }

  /**
   * Moves the ledger in the decision's transaction: each day taken (checked again, as another approval
   * may have used the balance since the submission) or given back, in its own leave year. A person
   * removed since keeps no balance to move.
   */
  private async moveLedger(
    auth: AuthContext,
    leaves: LeaveTransaction,
    employeeId: number,
    leave: LeaveRequestRecord,
    kind: BalanceKind,
    move: 'take' | 'give back',
  ): Promise<void> {
    const runner = leaves.ledger();
    const write = await this.balances.lockForWrite(runner, auth.companyId, employeeId, {
      period: { from: leave.start_date, to: leave.end_date },
    });
    if (!write) return;
    let entries;
    if (move === 'take') {
      const count = this.balances.countInWrite(write, periodOf(leave));
      const refusal = this.balances.refusalOf(write, kind, this.balances.requestParts(write, kind, count));
      if (refusal) throw new HttpError(422, refusal);
      entries = this.balances.takenEntries(kind, leave.id, count);
    } else {
      entries = await this.balances.returnedEntries(runner, auth.companyId, write, kind, leave.id, periodOf(leave));
    }
    await this.balances.record(runner, auth.companyId, write, entries);
  }

  /**
   * Locks a request the caller may do `action` to in some state: a request of another person they may
   * not act on is not found to them, whatever its state. Its state is the caller's to check.
   */
  private async lockLeave(
    auth: AuthContext,
    id: number,
    action: 'approve' | 'cancel',
    leaves: LeaveTransaction,
  ): Promise<LockedLeave & { own: boolean }> {
    const locked = await leaves.lockLeave(auth.companyId, id, auth.userId);
    if (!locked) throw new HttpError(404, leaveTexts.notFound);
    const own = locked.lockerEmployeeId !== null && locked.leave.employee_id === locked.lockerEmployeeId;
    if (!canAccess(auth, { resource: 'leaves', action, record: { own, team_id: locked.ownerTeamId } })) {
      // An approver sees their own request among their team's, and is told why they may not decide it.
      const approvesOwnTeam = (auth.approvesTeams ?? []).some((team) => team.id === locked.ownerTeamId);
      if (action === 'approve' && own && approvesOwnTeam) throw new HttpError(403, teamTexts.cannotDecideOwn);
      throw new HttpError(404, leaveTexts.notFound);
    }
    return { ...locked, own };
  }

  /**
   * Gives a locked request its new status, with its audit entry and e-mails, and moves the balance it
   * draws: +1 takes it (checked again: another approval may have used it since), -1 gives it back.
   */
  private async settle(
    auth: AuthContext,
    { leave: before, employee, now }: LockedLeave,
    status: 'approved' | 'rejected' | 'cancelled',
    leaves: LeaveTransaction,
    {
      balance,
      outbox,
      auditAfter = {},
    }: { balance: -1 | 0 | 1; outbox?: OutboxRow[]; auditAfter?: Record<string, unknown> },
  ): Promise<LeaveRequestRecord> {
    const after: LeaveRequestRecord = { ...before, status, decided_at: now.toISOString() };
    const kind = balance === 0 || !employee ? null : balanceKindOf(before.request_type);
    if (kind && employee)
      await this.moveLedger(auth, leaves, employee.id, before, kind, balance === 1 ? 'take' : 'give back');
    // The reports' leave days move with the status, whatever the request draws on.
    if (employee)
      await keepLeaveDaysInStep(leaves.ledger(), auth.companyId, { ...after, employee_id: employee.id }, before.status);
    await leaves.settle(
      {
        companyId: auth.companyId,
        id: before.id,
        status,
        decidedBy: auth.userId,
        decidedAt: now,
      },
      {
        actor: auth,
        audit: {
          action: `leave.${status}`,
          entity: 'leave_request',
          entityId: before.id,
          before,
          after: { ...after, ...auditAfter },
        },
        outbox,
      },
    );
    return after;
  }
}
