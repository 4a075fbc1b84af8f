import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  amountDrawn,
  authTexts,
  balanceKindOf,
  balanceRefusal,
  Company,
  describeLeave,
  Employee,
  isoDate,
  LeaveRequest,
  leaveDuration,
  leaveTexts,
  MAX_LEAVE_SPAN_DAYS,
  periodsOverlap,
  remaining,
  spanInDays,
  User,
  writeOutbox,
  type BalanceKind,
  type LEAVE_SORT_FIELDS,
  type LeaveRequestParsed,
  type LeaveRequestRecord,
  type LeaveSavedReply,
} from '@teamfolk/shared';
import { recordAudit } from '../audit/audit';
import { publicHolidays } from '../calendar/holidays';
import { HttpError } from '../http/errors';
import type { ListQuery } from '../http/list-query';
import { selectPage } from '../http/paged-select';
import type { AuthContext } from '../http/types';
import { LEAVE_COLUMNS, leaveRecordOf, toLeaveRecord, type LeaveRow } from './leave-record';

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

const BALANCE_COLUMNS: Record<
  BalanceKind,
  {
    total: 'vacationDaysTotal' | 'sickDaysTotal' | 'bankHoursTotal';
    used: 'vacationDaysUsed' | 'sickDaysUsed' | 'bankHoursUsed';
  }
> = {
  vacation: { total: 'vacationDaysTotal', used: 'vacationDaysUsed' },
  sick: { total: 'sickDaysTotal', used: 'sickDaysUsed' },
  bank: { total: 'bankHoursTotal', used: 'bankHoursUsed' },
};

/** Whose leave a request is: an employee (with balances) or an admin's own (none). */
interface LeaveSubject {
  employee: Employee | null;
  userId: number | null;
  name: string;
}

export interface LeavePage {
  records: LeaveRequestRecord[];
  total: number;
}

/** Leave requests: submission, one-click decisions, withdrawal, and the balances they move. */
export class LeavesService {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly appUrl: string,
  ) {}

  async list(auth: AuthContext, query: ListQuery<LeaveSortField>): Promise<LeavePage> {
    const conditions = ['l.company_id = :companyId'];
    const replacements: Record<string, unknown> = { companyId: auth.companyId };
    if (auth.role !== 'admin') {
      conditions.push('l.employee_id = (SELECT id FROM employees WHERE user_id = :userId AND company_id = :companyId)');
      replacements.userId = auth.userId;
    }
    const { status, request_type: requestType, employee_id: employeeId, from, to } = query.filter;
    const addEquality = (column: string, name: string, value: unknown, valid: (candidate: unknown) => boolean) => {
      if (value === undefined) return;
      if (!valid(value)) throw new HttpError(400, `filter ${name} is not valid`);
      conditions.push(`${column} = :${name}`);
      replacements[name] = value;
    };
    addEquality('l.status', 'status', status, (value) => typeof value === 'string');
    addEquality('l.request_type', 'request_type', requestType, (value) => typeof value === 'string');
    addEquality('l.employee_id', 'employee_id', employeeId, (value) => Number.isInteger(value));
    for (const [name, value] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (value === undefined) continue;
      // A real day, not only its format: '7462-55-24' failed the query with a 500.
      if (!isoDate(name).safeParse(value).success)
        throw new HttpError(400, `filter ${name} must be a date (YYYY-MM-DD)`);
      conditions.push(name === 'from' ? 'l.end_date >= :from' : 'l.start_date <= :to');
      replacements[name] = value;
    }
    const { rows, total } = await selectPage<LeaveRow>(this.sequelize, {
      columns: LEAVE_COLUMNS,
      from: 'leave_requests l',
      conditions,
      replacements,
      order: query.sort
        ? `${SORT_EXPRESSIONS[query.sort.field]} ${query.sort.order}, l.id DESC`
        : 'l.created_at DESC, l.id DESC',
      range: query.range,
    });
    return { records: rows.map(toLeaveRecord), total };
  }

  async submit(auth: AuthContext, input: LeaveRequestParsed, requestId: string): Promise<LeaveSavedReply> {
    if (spanInDays(input.start_date, input.end_date) > MAX_LEAVE_SPAN_DAYS)
      throw new HttpError(400, leaveTexts.spanTooLong, { field: 'end_date' });
    const company = await Company.findByPk(auth.companyId, { rejectOnEmpty: true });
    const holidays = publicHolidays(company.country, company.region, input.start_date, input.end_date);
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
    if (duration.days === 0) throw new HttpError(400, leaveTexts.noWorkingDays, { field: 'start_date' });

    return this.sequelize.transaction(async (transaction) => {
      const subject = await this.subjectOf(auth, input.employee_id, transaction);
      await this.assertNoOverlap(auth.companyId, subject, input, transaction);
      const kind = subject.employee ? balanceKindOf(input.request_type) : null;
      let warning: string | undefined;
      if (subject.employee && kind) {
        const left = this.remainingOf(subject.employee, kind);
        const refusal = balanceRefusal(kind, left, amountDrawn(kind, duration));
        if (refusal) throw new HttpError(422, refusal);
        if (kind === 'sick' && amountDrawn(kind, duration) > left) warning = leaveTexts.sickOverdrawn;
      }
      const leave = await LeaveRequest.create(
        {
          companyId: auth.companyId,
          employeeId: subject.employee?.id ?? null,
          userId: subject.userId,
          employeeName: subject.name,
          requestType: input.request_type,
          leaveType: input.leave_type,
          startDate: input.start_date,
          endDate: input.end_date,
          startTime: input.start_time ?? null,
          endTime: input.end_time ?? null,
          reason: input.reason || null,
          daysCount: duration.days,
          hoursCount: duration.hours,
          createdBy: auth.userId,
        },
        { transaction },
      );
      const record = leaveRecordOf(leave);
      await recordAudit(transaction, auth, {
        action: 'leave.submitted',
        entity: 'leave_request',
        entityId: leave.id,
        after: record,
      });
      await this.notifyAdmins(auth, record, transaction, requestId);
      return { ...record, message: leaveTexts.submitted, ...(warning ? { warning } : {}) };
    });
  }

  /** Approves or rejects a pending request once: the row lock makes a second click a clean 409. */
  async decide(auth: AuthContext, id: number, approved: boolean, requestId: string): Promise<LeaveSavedReply> {
    return this.sequelize.transaction(async (transaction) => {
      const leave = await this.find(auth, id, transaction);
      if (leave.status !== 'pending') throw new HttpError(409, leaveTexts.onlyPendingDecided);
      const before = leaveRecordOf(leave);
      if (approved) await this.moveBalance(auth, leave, +1, transaction);
      await leave.update(
        { status: approved ? 'approved' : 'rejected', decidedBy: auth.userId, decidedAt: new Date() },
        { transaction },
      );
      const after = leaveRecordOf(leave);
      await recordAudit(transaction, auth, {
        action: approved ? 'leave.approved' : 'leave.rejected',
        entity: 'leave_request',
        entityId: leave.id,
        before,
        after,
      });
      await this.notifyEmployee(leave, after, approved ? 'approved' : 'rejected', transaction, requestId);
      return { ...after, message: approved ? leaveTexts.approved : leaveTexts.rejected };
    });
  }

  /** The owner withdraws a pending request; an admin may also withdraw an approved one, giving the balance back. */
  async cancel(auth: AuthContext, id: number): Promise<LeaveSavedReply> {
    return this.sequelize.transaction(async (transaction) => {
      const leave = await this.find(auth, id, transaction);
      const isAdmin = auth.role === 'admin';
      const withdrawable = leave.status === 'pending' || (leave.status === 'approved' && isAdmin);
      if (!withdrawable) throw new HttpError(409, leaveTexts.cannotWithdraw);
      const before = leaveRecordOf(leave);
      if (leave.status === 'approved') await this.moveBalance(auth, leave, -1, transaction);
      await leave.update({ status: 'cancelled', decidedBy: auth.userId, decidedAt: new Date() }, { transaction });
      const after = leaveRecordOf(leave);
      await recordAudit(transaction, auth, {
        action: 'leave.cancelled',
        entity: 'leave_request',
        entityId: leave.id,
        before,
        after,
      });
      return { ...after, message: leaveTexts.withdrawn };
    });
  }

  /** Loads and locks a request the caller may see: any of the company's for an admin, their own otherwise. */
  private async find(auth: AuthContext, id: number, transaction: Transaction): Promise<LeaveRequest> {
    const leave = await LeaveRequest.findOne({
      where: { id, companyId: auth.companyId },
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
    if (!leave) throw new HttpError(404, leaveTexts.notFound);
    if (auth.role !== 'admin') {
      const own = await Employee.findOne({ where: { userId: auth.userId, companyId: auth.companyId }, transaction });
      if (!own || leave.employeeId !== own.id) throw new HttpError(404, leaveTexts.notFound);
    }
    return leave;
  }

  private async subjectOf(
    auth: AuthContext,
    employeeId: number | undefined,
    transaction: Transaction,
  ): Promise<LeaveSubject> {
    if (employeeId !== undefined && auth.role !== 'admin') throw new HttpError(403, authTexts.adminOnly);
    if (employeeId !== undefined || auth.role === 'employee') {
      const employee = await Employee.findOne({
        where: {
          companyId: auth.companyId,
          deletedAt: null,
          ...(employeeId !== undefined ? { id: employeeId } : { userId: auth.userId }),
        },
        lock: transaction.LOCK.UPDATE,
        transaction,
      });
      if (!employee) throw new HttpError(404, 'Employee not found', { field: 'employee_id' });
      return { employee, userId: employee.userId, name: employee.name };
    }
    const admin = await User.findByPk(auth.userId, { transaction, rejectOnEmpty: true });
    // Serialises an admin's own submissions the way the employee row lock does for employees.
    await this.sequelize.query('SELECT pg_advisory_xact_lock(:key)', {
      replacements: { key: 1_000_000_000 + auth.userId },
      transaction,
    });
    return { employee: null, userId: admin.id, name: admin.name };
  }

  private async assertNoOverlap(
    companyId: number,
    subject: LeaveSubject,
    input: LeaveRequestParsed,
    transaction: Transaction,
  ) {
    const owner = subject.employee
      ? { clause: 'employee_id = :employeeId', replacements: { employeeId: subject.employee.id } }
      : { clause: 'employee_id IS NULL AND user_id = :userId', replacements: { userId: subject.userId } };
    const existing = await this.sequelize.query<{
      start_date: string;
      end_date: string;
      start_time: string | null;
      end_time: string | null;
    }>(
      `SELECT start_date, end_date, start_time, end_time FROM leave_requests
        WHERE company_id = :companyId AND ${owner.clause} AND status IN ('pending', 'approved')
          AND start_date <= :endDate AND end_date >= :startDate`,
      {
        replacements: { companyId, startDate: input.start_date, endDate: input.end_date, ...owner.replacements },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    const requested = {
      startDate: input.start_date,
      endDate: input.end_date,
      startTime: input.start_time,
      endTime: input.end_time,
    };
    const clash = existing.some((row) =>
      periodsOverlap(requested, {
        startDate: row.start_date,
        endDate: row.end_date,
        startTime: row.start_time?.slice(0, 5),
        endTime: row.end_time?.slice(0, 5),
      }),
    );
    if (clash) throw new HttpError(409, leaveTexts.overlap);
  }

  private remainingOf(employee: Employee, kind: BalanceKind): number {
    const columns = BALANCE_COLUMNS[kind];
    return remaining(employee[columns.total], employee[columns.used]);
  }

  /** Adds (+1) or gives back (-1) what the request draws, checking the balance again on approval. */
  private async moveBalance(auth: AuthContext, leave: LeaveRequest, direction: 1 | -1, transaction: Transaction) {
    const kind = balanceKindOf(leave.requestType);
    if (!kind || leave.employeeId === null) return;
    const employee = await Employee.findOne({
      where: { id: leave.employeeId, companyId: auth.companyId },
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
    if (!employee) return;
    const amount = amountDrawn(kind, { days: leave.daysCount, hours: leave.hoursCount });
    if (direction === 1) {
      const refusal = balanceRefusal(kind, this.remainingOf(employee, kind), amount);
      if (refusal) throw new HttpError(422, refusal);
    }
    const used = BALANCE_COLUMNS[kind].used;
    await employee.update({ [used]: Math.max(0, remaining(employee[used], -direction * amount)) }, { transaction });
  }

  private async notifyAdmins(
    auth: AuthContext,
    record: LeaveRequestRecord,
    transaction: Transaction,
    requestId: string,
  ) {
    const admins = await User.findAll({
      where: { companyId: auth.companyId, role: 'admin', disabledAt: null },
      transaction,
    });
    const link = new URL(`/dashboard/leaves?status=pending&focus=${record.id}`, this.appUrl).toString();
    for (const admin of admins.filter((candidate) => candidate.id !== auth.userId)) {
      await writeOutbox(transaction, {
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
      });
    }
  }

  private async notifyEmployee(
    leave: LeaveRequest,
    record: LeaveRequestRecord,
    decision: 'approved' | 'rejected',
    transaction: Transaction,
    requestId: string,
  ) {
    if (!leave.userId) return;
    const person = await User.findOne({
      where: { id: leave.userId, companyId: leave.companyId, disabledAt: null },
      transaction,
    });
    if (!person) return;
    await writeOutbox(transaction, {
      companyId: leave.companyId,
      job: 'send-email',
      requestId,
      payload: {
        idempotencyKey: `leave-decided-${leave.id}`,
        to: person.email,
        mail: {
          template: 'leave-decided',
          name: person.name,
          decision,
          summary: describeLeave(record),
          link: new URL('/dashboard/leaves', this.appUrl).toString(),
        },
      },
    });
  }
}
