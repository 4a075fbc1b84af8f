import type { Sequelize } from 'sequelize';
import {
  authTexts,
  balanceKindOf,
  canAccess,
  countsNoWorkingDay,
  describeLeave,
  eachIsoDay,
  isoDate,
  leaveTexts,
  MAX_LEAVE_SPAN_DAYS,
  outboxRowOf,
  overdrawsSickDays,
  periodsOverlap,
  previewLeave,
  spanInDays,
  weekdayOf,
  type BalanceKind,
  type LeavePeriod,
  type LeaveRequestParsed,
  type LeaveRequestRecord,
  type LeaveSavedReply,
  type OutboxRow,
  type WorkPattern,
} from '@teamfolk/shared';
import { BalancesService, policyFor } from '../balances/balances.service';
import { BlackoutsService } from '../blackouts/blackouts.service';
import { publicHolidays } from '../calendar/holidays';
import { issueDecisionLinks } from '../decisions/decision-links';
import { reminderOutboxRow } from '../decisions/reminders';
import { HttpError } from '../http/errors';
import { isRowId, type ListQuery } from '../http/list-query';
import type { AuthContext } from '../http/types';
import { toLeaveRecord } from './leave-record';
import {
  LeavesRepository,
  type LeavePageCriteria,
  type LeaveSortField,
  type LeaveTransaction,
  type LockedLeave,
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

  /** Which requests a list page shows: the company's to an admin, their own to anyone else, filtered as asked. */
  pageCriteria(auth: AuthContext, query: ListQuery<LeaveSortField>): LeavePageCriteria {
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
      status: equalTo('status', status, isText),
      requestType: equalTo('request_type', requestType, isText),
      employeeId: equalTo('employee_id', employeeId, isRowId),
      from: day('from', from),
      to: day('to', to),
      sort: query.sort,
      range: query.range,
    };
  }

  async submit(auth: AuthContext, input: LeaveRequestParsed, requestId: string): Promise<LeaveSavedReply> {
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
    return this.repository.write(async (leaves) => {
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
      let duration = preview.duration;
      // An admin's own leave follows the default week: weekdays that are no public holiday.
      let days = eachIsoDay(input.start_date, input.end_date).filter(
        (day) => !['sat', 'sun'].includes(weekdayOf(day)) && !holidays.some((holiday) => holiday.date === day),
      );
      let refusal: string | null = null;
      let sickOverdrawn = false;
      let companyPattern: WorkPattern | undefined;
      if (submitter.employeeId !== null) {
        const write = await this.balances.lockForWrite(leaves.ledger(), auth.companyId, submitter.employeeId, {
          period: { from: input.start_date, to: input.end_date },
        });
        if (!write) throw new HttpError(404, 'Employee not found', { field: 'employee_id' });
        // Counted by the person's pattern, and set against each leave year's balance it touches.
        const count = this.balances.countInWrite(write, {
          leaveType: input.leave_type,
          startDate: input.start_date,
          endDate: input.end_date,
          startTime: input.start_time,
          endTime: input.end_time,
        });
        duration = { days: count.days, hours: count.hours };
        days = count.perDay.map((day) => day.date);
        companyPattern = policyFor(write.context, write.currentYear).work_pattern;
        const kind = balanceKindOf(input.request_type);
        if (kind) {
          const parts = this.balances.requestParts(write, kind, count);
          refusal = this.balances.refusalOf(write, kind, parts);
          sickOverdrawn = kind === 'sick' && overdrawsSickDays(parts);
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
      if (sameDays.some((period) => periodsOverlap(timedPeriodOf(record), period)))
        throw new HttpError(409, leaveTexts.overlap);
      if (refusal) throw new HttpError(422, refusal);
      const blackout = await this.blackouts.refusalFor(leaves.ledger(), {
        companyId: auth.companyId,
        employeeId: submitter.employeeId,
        requestType: input.request_type,
        days,
      });
      // Only an admin recording someone else's leave may accept it inside a blackout: the audit entry says so.
      const overridesBlackout = auth.role === 'admin' && input.employee_id !== undefined && input.override_blackout;
      if (blackout && !overridesBlackout) throw new HttpError(400, blackout, { field: 'start_date' });
      const link = new URL(`/dashboard/leaves?status=pending&focus=${record.id}`, this.appUrl).toString();
      // Users who chose the daily digest hear of the request there, not now.
      const toldNow = submitter.admins.filter((admin) => admin.decision_emails === 'immediate');
      const decisionLinks = issueDecisionLinks({
        companyId: auth.companyId,
        leaveRequestId: record.id,
        recipientUserIds: toldNow.map((admin) => admin.id),
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
            after: blackout ? { ...record, blackout_overridden: blackout } : record,
          },
          outbox: [
            ...toldNow.map((admin) =>
              outboxRowOf({
                companyId: auth.companyId,
                job: 'send-email',
                requestId,
                payload: {
                  idempotencyKey: `leave-submitted-${record.id}-${admin.id}`,
                  to: admin.email,
                  mail: {
                    template: 'leave-submitted',
                    name: admin.name,
                    employeeName: record.employee_name,
                    summary: describeLeave(record),
                    reason: record.reason,
                    link,
                    decide: decisionLinks.buttons.get(admin.id),
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
              companyPattern,
              requestId,
            }),
          ],
        },
        decisionLinks.rows,
      );
      return {
        ...record,
        message: leaveTexts.submitted,
        ...(sickOverdrawn ? { warning: leaveTexts.sickOverdrawn } : {}),
      };
    });
  }

  /** Approves or rejects a pending request once: the row lock makes a second click a clean 409. */
  async decide(auth: AuthContext, id: number, approved: boolean, requestId: string): Promise<LeaveSavedReply> {
    return this.repository.write(async (leaves) => {
      const locked = await this.lockLeave(auth, id, 'approve', leaves);
      const { leave, recipient } = locked;
      if (leave.status !== 'pending') throw new HttpError(409, leaveTexts.onlyPendingDecided);
      const decision = approved ? 'approved' : 'rejected';
      const after = await this.settle(auth, locked, decision, leaves, {
        balance: approved ? +1 : 0,
        outbox: recipient
          ? [
              outboxRowOf({
                companyId: auth.companyId,
                job: 'send-email',
                requestId,
                payload: {
                  idempotencyKey: `leave-decided-${leave.id}`,
                  to: recipient.email,
                  mail: {
                    template: 'leave-decided',
                    name: recipient.name ?? leave.employee_name,
                    decision,
                    summary: describeLeave(leave),
                    link: new URL('/dashboard/leaves', this.appUrl).toString(),
                  },
                },
              }),
            ]
          : [],
      });
      return { ...after, message: approved ? leaveTexts.approved : leaveTexts.rejected };
    });
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
    if (!canAccess(auth, { resource: 'leaves', action, record: { own } }))
      throw new HttpError(404, leaveTexts.notFound);
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
    { balance, outbox }: { balance: -1 | 0 | 1; outbox?: OutboxRow[] },
  ): Promise<LeaveRequestRecord> {
    const after: LeaveRequestRecord = { ...before, status, decided_at: now.toISOString() };
    const kind = balance === 0 || !employee ? null : balanceKindOf(before.request_type);
    if (kind && employee)
      await this.moveLedger(auth, leaves, employee.id, before, kind, balance === 1 ? 'take' : 'give back');
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
        audit: { action: `leave.${status}`, entity: 'leave_request', entityId: before.id, before, after },
        outbox,
      },
    );
    return after;
  }
}
