import type { Sequelize } from 'sequelize';
import {
  amountDrawn,
  authTexts,
  balanceKindOf,
  balanceRefusal,
  countsNoWorkingDay,
  describeLeave,
  inBatchedTransaction,
  isoDate,
  leaveDuration,
  leaveTexts,
  MAX_LEAVE_SPAN_DAYS,
  outboxRowOf,
  periodsOverlap,
  remaining,
  spanInDays,
  type BalanceKind,
  type BatchedTransaction,
  type LEAVE_SORT_FIELDS,
  type LeaveRequestParsed,
  type LeaveRequestRecord,
  type LeaveSavedReply,
  type OutboxRow,
  type TimedPeriod,
} from '@teamfolk/shared';
import { changeTrailClauses } from '../audit/audit';
import { publicHolidays } from '../calendar/holidays';
import { HttpError } from '../http/errors';
import { isRowId, type ListQuery } from '../http/list-query';
import { queryParameters, selectJsonPage, type JsonPage } from '../http/paged-select';
import type { AuthContext } from '../http/types';
import { clock, LEAVE_COLUMNS, LEAVE_RECORD_SELECT, toLeaveRecord, type LeaveRow } from './leave-record';

type LeaveSortField = (typeof LEAVE_SORT_FIELDS)[number];

const SORT_EXPRESSIONS: Record<LeaveSortField, string> = {
  id: 'l.id',
  created_at: 'l.created_at',
  start_date: 'l.start_date',
  end_date: 'l.end_date',
  status: 'l.status',
  request_type: 'l.request_type',
  employee_name: 'lower(l.employee_name)',
  days_count: 'l.days_count',
};

/** The columns of each balance on `employees`. */
const BALANCE_COLUMNS = {
  vacation: { total: 'vacation_days_total', used: 'vacation_days_used' },
  sick: { total: 'sick_days_total', used: 'sick_days_used' },
  bank: { total: 'bank_hours_total', used: 'bank_hours_used' },
} as const satisfies Record<BalanceKind, { total: string; used: string }>;

type BalanceColumn = (typeof BALANCE_COLUMNS)[BalanceKind][keyof (typeof BALANCE_COLUMNS)[BalanceKind]];

const BALANCE_COLUMN_LIST = Object.values(BALANCE_COLUMNS)
  .flatMap(({ total, used }) => [total, used])
  .join(', ');

/** An employee's balances, as Postgres returns numerics: strings. */
type BalanceRow = Record<BalanceColumn, string> & { id: number };

/** Whose leave a submission is, locked: an employee (with balances) or an admin's own (none). */
type LeaveSubject = Partial<Record<BalanceColumn, string>> & {
  employee_id: number | null;
  user_id: number | null;
  name: string;
  country: string | null;
  region: string | null;
  now: Date;
  /** The new request's id, drawn from its sequence. */
  leave_id: string;
  /** The company's active admins but the submitter, to be told. */
  admins: Array<{ id: number; email: string; name: string }>;
};

interface LockedLeave extends LeaveRow {
  now: Date;
  recipient_email: string | null;
  recipient_name: string | null;
  own_employee_id: number | null;
}

interface TimedRow {
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
}

const timedPeriodOf = (row: TimedRow): TimedPeriod => ({
  startDate: row.start_date,
  endDate: row.end_date,
  startTime: clock(row.start_time),
  endTime: clock(row.end_time),
});

/** Leave requests: submission, one-click decisions, withdrawal, and the balances they move. */
export class LeavesService {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly appUrl: string,
  ) {}

  async list(auth: AuthContext, query: ListQuery<LeaveSortField>): Promise<JsonPage> {
    const parameters = queryParameters();
    const { param } = parameters;
    const company = param(auth.companyId);
    const conditions = [`l.company_id = ${company}`];
    if (auth.role !== 'admin') {
      conditions.push(
        `l.employee_id = (SELECT id FROM employees WHERE user_id = ${param(auth.userId)} AND company_id = ${company})`,
      );
    }
    const { status, request_type: requestType, employee_id: employeeId, from, to } = query.filter;
    const addEquality = (column: string, name: string, value: unknown, valid: (candidate: unknown) => boolean) => {
      if (value === undefined) return;
      if (!valid(value)) throw new HttpError(400, `filter ${name} is not valid`);
      conditions.push(`${column} = ${param(value)}`);
    };
    addEquality('l.status', 'status', status, (value) => typeof value === 'string');
    addEquality('l.request_type', 'request_type', requestType, (value) => typeof value === 'string');
    addEquality('l.employee_id', 'employee_id', employeeId, isRowId);
    for (const [name, value] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (value === undefined) continue;
      // A real day, not only its format: '7462-55-24' failed the query with a 500.
      if (!isoDate(name).safeParse(value).success)
        throw new HttpError(400, `filter ${name} must be a date (YYYY-MM-DD)`);
      conditions.push(name === 'from' ? `l.end_date >= ${param(value)}` : `l.start_date <= ${param(value)}`);
    }
    return selectJsonPage(this.sequelize, {
      record: LEAVE_RECORD_SELECT,
      from: 'leave_requests l',
      conditions,
      parameters,
      order: query.sort
        ? `${SORT_EXPRESSIONS[query.sort.field]} ${query.sort.order}, l.id DESC`
        : 'l.created_at DESC, l.id DESC',
      range: query.range,
    });
  }

  async submit(auth: AuthContext, input: LeaveRequestParsed, requestId: string): Promise<LeaveSavedReply> {
    if (spanInDays(input.start_date, input.end_date) > MAX_LEAVE_SPAN_DAYS)
      throw new HttpError(400, leaveTexts.spanTooLong, { field: 'end_date' });
    if (input.employee_id !== undefined && auth.role !== 'admin') throw new HttpError(403, authTexts.adminOnly);
    return inBatchedTransaction(this.sequelize, async (transaction) => {
      const { subject, existing } = await this.lockSubject(auth, input, transaction);
      const holidays = publicHolidays(subject.country, subject.region, input.start_date, input.end_date);
      const duration = leaveDuration(
        {
          leaveType: input.leave_type,
          startDate: input.start_date,
          endDate: input.end_date,
          startTime: input.start_time,
          endTime: input.end_time,
        },
        { holidays: new Set(holidays.map((holiday) => holiday.date)) },
      );
      if (countsNoWorkingDay(duration)) throw new HttpError(400, leaveTexts.noWorkingDays, { field: 'start_date' });
      const record = toLeaveRecord({
        id: Number(subject.leave_id),
        employee_id: subject.employee_id,
        employee_name: subject.name,
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
        created_at: subject.now,
        decided_at: null,
      });
      const requested = timedPeriodOf(record);
      if (existing.some((row) => periodsOverlap(requested, timedPeriodOf(row))))
        throw new HttpError(409, leaveTexts.overlap);
      let warning: string | undefined;
      const kind = subject.employee_id === null ? null : balanceKindOf(input.request_type);
      if (kind) {
        const left = remaining(
          Number(subject[BALANCE_COLUMNS[kind].total]),
          Number(subject[BALANCE_COLUMNS[kind].used]),
        );
        const refusal = balanceRefusal(kind, left, amountDrawn(kind, duration));
        if (refusal) throw new HttpError(422, refusal);
        if (kind === 'sick' && amountDrawn(kind, duration) > left) warning = leaveTexts.sickOverdrawn;
      }
      const link = new URL(`/dashboard/leaves?status=pending&focus=${record.id}`, this.appUrl).toString();
      const replacements: Record<string, unknown> = {
        ...record,
        companyId: auth.companyId,
        employeeId: subject.employee_id,
        userId: subject.user_id,
        createdBy: auth.userId,
        now: subject.now,
      };
      const trail = changeTrailClauses(replacements, {
        actor: auth,
        audit: { action: 'leave.submitted', entity: 'leave_request', entityId: record.id, after: record },
        outbox: subject.admins.map((admin) =>
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
              },
            },
          }),
        ),
      });
      await transaction.commit(
        `WITH leave AS (
           INSERT INTO leave_requests (id, company_id, employee_id, user_id, employee_name, request_type, leave_type,
                                       start_date, end_date, start_time, end_time, reason, days_count, hours_count,
                                       status, created_by, created_at, updated_at)
           VALUES (:id, :companyId, :employeeId, :userId, :employee_name, :request_type, :leave_type, :start_date,
                   :end_date, :start_time, :end_time, :reason, :days_count, :hours_count, 'pending', :createdBy,
                   :now, :now)),
         ${trail}
         SELECT 1`,
        replacements,
      );
      return { ...record, message: leaveTexts.submitted, ...(warning ? { warning } : {}) };
    });
  }

  /** Approves or rejects a pending request once: the row lock makes a second click a clean 409. */
  async decide(auth: AuthContext, id: number, approved: boolean, requestId: string): Promise<LeaveSavedReply> {
    return inBatchedTransaction(this.sequelize, async (transaction) => {
      const { leave, employee } = await this.lockLeave(auth, id, transaction);
      if (leave.status !== 'pending') throw new HttpError(409, leaveTexts.onlyPendingDecided);
      const decision = approved ? 'approved' : 'rejected';
      const after = await this.settle(auth, { leave, employee }, decision, transaction, {
        balance: approved ? +1 : 0,
        outbox: leave.recipient_email
          ? [
              outboxRowOf({
                companyId: auth.companyId,
                job: 'send-email',
                requestId,
                payload: {
                  idempotencyKey: `leave-decided-${leave.id}`,
                  to: leave.recipient_email,
                  mail: {
                    template: 'leave-decided',
                    name: leave.recipient_name ?? leave.employee_name,
                    decision,
                    summary: describeLeave(toLeaveRecord(leave)),
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
    return inBatchedTransaction(this.sequelize, async (transaction) => {
      const { leave, employee } = await this.lockLeave(auth, id, transaction);
      const isAdmin = auth.role === 'admin';
      const withdrawable = leave.status === 'pending' || (leave.status === 'approved' && isAdmin);
      if (!withdrawable) throw new HttpError(409, leaveTexts.cannotWithdraw);
      const after = await this.settle(auth, { leave, employee }, 'cancelled', transaction, {
        balance: leave.status === 'approved' ? -1 : 0,
      });
      return { ...after, message: leaveTexts.withdrawn };
    });
  }

  /**
   * Locks a request the caller may see (any of the company's for an admin, their own otherwise), with
   * the address its decision is sent to (the requester's, while they are active), then the balances of
   * its employee: in this order, as every path that locks both does.
   */
  private async lockLeave(
    auth: AuthContext,
    id: number,
    transaction: BatchedTransaction,
  ): Promise<{ leave: LockedLeave; employee: BalanceRow | undefined }> {
    const [[leave], [employee]] = (await transaction.send(
      `SELECT ${LEAVE_COLUMNS}, now() AS now, requester.email AS recipient_email, requester.name AS recipient_name,
              (SELECT id FROM employees WHERE user_id = :userId AND company_id = :companyId) AS own_employee_id
         FROM leave_requests l
         LEFT JOIN users requester
           ON requester.id = l.user_id AND requester.company_id = l.company_id AND requester.disabled_at IS NULL
        WHERE l.id = :id AND l.company_id = :companyId
          FOR UPDATE OF l;
       SELECT id, ${BALANCE_COLUMN_LIST} FROM employees
        WHERE company_id = :companyId
          AND id = (SELECT employee_id FROM leave_requests WHERE id = :id AND company_id = :companyId)
          FOR UPDATE`,
      { id, companyId: auth.companyId, userId: auth.userId },
    )) as [LockedLeave[], BalanceRow[]];
    if (!leave) throw new HttpError(404, leaveTexts.notFound);
    if (auth.role !== 'admin' && (leave.own_employee_id === null || leave.employee_id !== leave.own_employee_id))
      throw new HttpError(404, leaveTexts.notFound);
    return { leave, employee };
  }

  /**
   * Gives a locked request its new status, with its audit entry and e-mails, and moves the balance it
   * draws: +1 takes it (checked again: another approval may have used it since), -1 gives it back.
   */
  private async settle(
    auth: AuthContext,
    { leave, employee }: { leave: LockedLeave; employee: BalanceRow | undefined },
    status: 'approved' | 'rejected' | 'cancelled',
    transaction: BatchedTransaction,
    { balance, outbox }: { balance: -1 | 0 | 1; outbox?: OutboxRow[] },
  ): Promise<LeaveRequestRecord> {
    const before = toLeaveRecord(leave);
    const after = toLeaveRecord({ ...leave, status, decided_at: leave.now });
    const kind = balance === 0 || !employee ? null : balanceKindOf(leave.request_type);
    const columns = kind ? BALANCE_COLUMNS[kind] : null;
    const replacements: Record<string, unknown> = {
      id: leave.id,
      companyId: auth.companyId,
      status,
      decidedBy: auth.userId,
      decidedAt: leave.now,
    };
    if (kind && columns && employee) {
      const amount = amountDrawn(kind, { days: before.days_count, hours: before.hours_count });
      const used = Number(employee[columns.used]);
      if (balance === 1) {
        const refusal = balanceRefusal(kind, remaining(Number(employee[columns.total]), used), amount);
        if (refusal) throw new HttpError(422, refusal);
      }
      Object.assign(replacements, { employeeId: employee.id, used: Math.max(0, remaining(used, -balance * amount)) });
    }
    const trail = changeTrailClauses(replacements, {
      actor: auth,
      audit: { action: `leave.${status}`, entity: 'leave_request', entityId: leave.id, before, after },
      outbox,
    });
    await transaction.commit(
      `WITH decided AS (
         UPDATE leave_requests SET status = :status, decided_by = :decidedBy, decided_at = :decidedAt, updated_at = now()
          WHERE id = :id AND company_id = :companyId),
       ${
         columns && employee
           ? `balance AS (
                UPDATE employees SET ${columns.used} = :used, updated_at = now()
                 WHERE id = :employeeId AND company_id = :companyId),`
           : ''
       }
       ${trail}
       SELECT 1`,
      replacements,
    );
    return after;
  }

  /**
   * Locks whose leave a submission is, an employee (with balances) or an admin's own (none), and reads
   * what the submission needs besides: the company's holiday calendar, the admins to tell, the new
   * request's id, the transaction's time, and, after the lock (so that a concurrent submission's row is
   * seen), the subject's requests of those days.
   */
  private async lockSubject(
    auth: AuthContext,
    input: LeaveRequestParsed,
    transaction: BatchedTransaction,
  ): Promise<{ subject: LeaveSubject; existing: TimedRow[] }> {
    const replacements = {
      companyId: auth.companyId,
      userId: auth.userId,
      employeeId: input.employee_id ?? null,
      startDate: input.start_date,
      endDate: input.end_date,
      lockKey: 1_000_000_000 + auth.userId,
    };
    const common = `c.country, c.region, now() AS now, nextval(pg_get_serial_sequence('leave_requests', 'id')) AS leave_id,
              (SELECT coalesce(json_agg(json_build_object('id', a.id, 'email', a.email, 'name', a.name) ORDER BY a.id), '[]')
                 FROM users a
                WHERE a.company_id = c.id AND a.role = 'admin' AND a.disabled_at IS NULL AND a.id <> :userId) AS admins`;
    const sameDays = `SELECT start_date, end_date, start_time, end_time FROM leave_requests
        WHERE company_id = :companyId AND status IN ('pending', 'approved')
          AND start_date <= :endDate AND end_date >= :startDate`;
    if (input.employee_id !== undefined || auth.role === 'employee') {
      const which = input.employee_id !== undefined ? 'id = :employeeId' : 'user_id = :userId';
      const [[subject], existing] = (await transaction.send(
        `SELECT e.id AS employee_id, e.user_id, e.name, ${BALANCE_COLUMN_LIST}, ${common}
           FROM employees e JOIN companies c ON c.id = e.company_id
          WHERE e.company_id = :companyId AND e.deleted_at IS NULL AND e.${which}
            FOR UPDATE OF e;
         ${sameDays} AND employee_id =
           (SELECT id FROM employees WHERE company_id = :companyId AND deleted_at IS NULL AND ${which})`,
        replacements,
      )) as [LeaveSubject[], TimedRow[]];
      if (!subject) throw new HttpError(404, 'Employee not found', { field: 'employee_id' });
      return { subject, existing };
    }
    // An admin's own leave: the advisory lock serialises their submissions as the row lock does an employee's.
    const [, [subject], existing] = (await transaction.send(
      `SELECT pg_advisory_xact_lock(:lockKey);
       SELECT NULL AS employee_id, u.id AS user_id, u.name, ${common}
         FROM users u JOIN companies c ON c.id = u.company_id
        WHERE u.company_id = :companyId AND u.id = :userId;
       ${sameDays} AND employee_id IS NULL AND user_id = :userId`,
      replacements,
    )) as [unknown, LeaveSubject[], TimedRow[]];
    if (!subject) throw new HttpError(401, authTexts.sessionExpired);
    return { subject, existing };
  }
}
