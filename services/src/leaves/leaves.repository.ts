/**
 * The only code of the leaves domain that touches the database. One choice: raw SQL. A leave write
 * is one batched transaction (shared/src/db/batched-transaction.ts) of two round trips: the locks and
 * reads it is decided by, then the change with its audit entry, its e-mails and COMMIT. A list page
 * is Postgres's own JSON (db/json-pages.ts) from the leave request's record definition (leave-record.ts).
 */
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  changeTrailClauses,
  inBatchedTransaction,
  inReadOnlyBatches,
  type BatchedTransaction,
  type ChangeTrail,
  type DecisionEmailPreference,
  type LEAVE_SORT_FIELDS,
  type LeaveRequestRecord,
  type LeaveStatus,
  type TimedPeriod,
} from '@teamfolk/shared';
import { pipelinedRunner, type SqlRunner } from '../balances/balances.repository';
import { queryParameters, selectJsonPage, type JsonPage } from '../db/json-pages';
import { clockOf } from '../db/record-definition';
import { decisionLinkClause, type DecisionLinkRow } from '../decisions/decision-links';
import type { ListQuery } from '../http/list-query';
import { LEAVE_RECORD, toLeaveRecord, type LeaveRow } from './leave-record';

export type LeaveSortField = (typeof LEAVE_SORT_FIELDS)[number];

/** Which of a company's requests a list page shows, and in which order. */
export interface LeavePageCriteria {
  companyId: number;
  /** Only the requests of this user's own employee profile (and approvedTeams'); null for the whole company's. */
  ownedByUser: number | null;
  /** The teams whose members' requests the user also sees, as their approver (with ownedByUser). */
  approvedTeams: number[];
  /** Only the pending requests the user may decide: an admin any; an approver their teams' members', not their own. */
  toDecide: boolean;
  status: string | null;
  requestType: string | null;
  employeeId: number | null;
  /** Requests that end on or after this day. */
  from: string | null;
  /** Requests that start on or before this day. */
  to: string | null;
  sort: ListQuery<LeaveSortField>['sort'];
  range: ListQuery<LeaveSortField>['range'];
}

const SORT_EXPRESSIONS: Record<LeaveSortField, string> = {
  id: LEAVE_RECORD.sql('id'),
  created_at: LEAVE_RECORD.sql('created_at'),
  start_date: LEAVE_RECORD.sql('start_date'),
  end_date: LEAVE_RECORD.sql('end_date'),
  status: LEAVE_RECORD.sql('status'),
  request_type: LEAVE_RECORD.sql('request_type'),
  employee_name: `lower(${LEAVE_RECORD.sql('employee_name')})`,
  days_count: LEAVE_RECORD.sql('days_count'),
};

/** Whose leave a submission is: an employee (by id, or by their sign-in) or an admin's own (no profile). */
export type SubmitterKey = { employeeId: number } | { employeeOfUser: number } | { admin: number };

/** Whose leave a submission is, locked, with what else the submission needs. */
export interface Submitter {
  /** Null for an admin's own leave. */
  employeeId: number | null;
  userId: number | null;
  name: string;
  /** The company's holiday calendar. */
  country: string | null;
  region: string | null;
  /** The transaction's time. */
  now: Date;
  /** The new request's id, drawn from its sequence. */
  leaveId: number;
  /** The company's active admins but the submitter, to be told (now, or in their daily digest). */
  admins: Array<{ id: number; email: string; name: string; decision_emails: DecisionEmailPreference }>;
  /** The company's day at `now`. */
  today: string;
}

type SubmitterRow = {
  employee_id: number | null;
  user_id: number | null;
  name: string;
  country: string | null;
  region: string | null;
  now: Date;
  leave_id: string;
  admins: Submitter['admins'];
  today: string;
};

interface TimedRow {
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
}

const timedPeriodOf = (row: TimedRow): TimedPeriod => ({
  startDate: row.start_date,
  endDate: row.end_date,
  startTime: clockOf(row.start_time),
  endTime: clockOf(row.end_time),
});

/** A request locked for its decision or withdrawal. */
export interface LockedLeave {
  leave: LeaveRequestRecord;
  /** The transaction's time. */
  now: Date;
  /** Where its decision is sent: the requester, while their sign-in is active. */
  recipient: { email: string; name: string | null } | null;
  /** The employee profile of the user who locked it, to tell their own requests. */
  lockerEmployeeId: number | null;
  /** Its employee, locked too; null for an admin's own leave. */
  employee: { id: number } | null;
  /** Its owner's team now (its approvers decide it); null: in no team. */
  ownerTeamId: number | null;
}

interface LockedLeaveRow extends LeaveRow {
  now: Date;
  recipient_email: string | null;
  recipient_name: string | null;
  own_employee_id: number | null;
  owner_team_id: number | null;
}

/** Who records a new request, besides its record. */
export interface LeaveOwner {
  companyId: number;
  employeeId: number | null;
  userId: number | null;
  createdBy: number;
  createdAt: Date;
}

/** A locked request's new status (the balance it moves is the ledger's: balances/). */
export interface Settlement {
  companyId: number;
  id: number;
  status: Exclude<LeaveStatus, 'pending'>;
  decidedBy: number;
  decidedAt: Date;
}

/** The statements of one leave write: each call is one round trip; the last commits. */
export class LeaveTransaction {
  /** The transaction as the balances, teams and blackouts repositories run it: reads issued together travel together. */
  private readonly pipelined: SqlRunner;

  /**
   * A rehearsal (the preview) writes nothing and takes no lock: it may wait on no submission, and
   * what it reads is what a submission would find unless one commits in between.
   */
  constructor(
    private readonly batch: BatchedTransaction,
    readonly rehearsal = false,
  ) {
    this.pipelined = pipelinedRunner(batch);
  }

  /**
   * Locks whose leave a submission is and reads what the submission needs besides: the company's
   * holiday calendar, the admins to tell, the new request's id, the transaction's time, and, after
   * the lock (so that a concurrent submission's row is seen), the subject's requests open on those
   * days. The admins to tell are all but the one acting. Null for a subject that is not there.
   */
  async lockSubmitter(
    companyId: number,
    actorUserId: number,
    key: SubmitterKey,
    days: { startDate: string; endDate: string },
  ): Promise<{ submitter: Submitter; sameDays: TimedPeriod[] } | null> {
    const replacements = {
      companyId,
      employeeId: 'employeeId' in key ? key.employeeId : null,
      userId: 'employeeOfUser' in key ? key.employeeOfUser : 'admin' in key ? key.admin : null,
      startDate: days.startDate,
      endDate: days.endDate,
      actorUserId,
      lockKey: 'admin' in key ? 1_000_000_000 + key.admin : null,
    };
    // A rehearsal writes nothing, a sequence's next value included: its request has no id.
    const leaveId = this.rehearsal ? '0' : `nextval(pg_get_serial_sequence('leave_requests', 'id'))`;
    const common = `c.country, c.region, now() AS now, ${leaveId} AS leave_id,
              (now() AT TIME ZONE c.time_zone)::date::text AS today,
              (SELECT coalesce(json_agg(json_build_object('id', a.id, 'email', a.email, 'name', a.name,
                                                          'decision_emails', a.decision_emails) ORDER BY a.id), '[]')
                 FROM users a
                WHERE a.company_id = c.id AND a.role = 'admin' AND a.disabled_at IS NULL AND a.id <> :actorUserId) AS admins`;
    const sameDays = `SELECT start_date, end_date, start_time, end_time FROM leave_requests
        WHERE company_id = :companyId AND status IN ('pending', 'approved')
          AND start_date <= :endDate AND end_date >= :startDate`;
    let found: [SubmitterRow | undefined, TimedRow[]];
    if (!('admin' in key)) {
      const which = 'employeeId' in key ? 'id = :employeeId' : 'user_id = :userId';
      const [rows, existing] = (await this.batch.send(
        `SELECT e.id AS employee_id, e.user_id, e.name, ${common}
           FROM employees e JOIN companies c ON c.id = e.company_id
          WHERE e.company_id = :companyId AND e.deleted_at IS NULL AND e.${which}
            ${this.rehearsal ? '' : 'FOR UPDATE OF e'};
         ${sameDays} AND employee_id =
           (SELECT id FROM employees WHERE company_id = :companyId AND deleted_at IS NULL AND ${which})`,
        replacements,
      )) as [SubmitterRow[], TimedRow[]];
      found = [rows[0], existing];
    } else {
      // An admin's own leave: the advisory lock serialises their submissions as the row lock does an employee's.
      const [, rows, existing] = (await this.batch.send(
        `SELECT ${this.rehearsal ? 'NULL' : 'pg_advisory_xact_lock(:lockKey)'};
         SELECT NULL AS employee_id, u.id AS user_id, u.name, ${common}
           FROM users u JOIN companies c ON c.id = u.company_id
          WHERE u.company_id = :companyId AND u.id = :userId;
         ${sameDays} AND employee_id IS NULL AND user_id = :userId`,
        replacements,
      )) as [unknown, SubmitterRow[], TimedRow[]];
      found = [rows[0], existing];
    }
    const [row, existing] = found;
    if (!row) return null;
    return {
      submitter: {
        employeeId: row.employee_id,
        userId: row.user_id,
        name: row.name,
        country: row.country,
        region: row.region,
        now: row.now,
        leaveId: Number(row.leave_id),
        admins: row.admins,
        today: row.today,
      },
      sameDays: existing.map(timedPeriodOf),
    };
  }

  /** Records a new pending request, its audit entry, e-mails and their decision links, and commits. */
  async insertPending(
    record: LeaveRequestRecord,
    owner: LeaveOwner,
    trail: ChangeTrail,
    decisionLinks: readonly DecisionLinkRow[] = [],
  ): Promise<void> {
    const replacements: Record<string, unknown> = { ...record, ...owner };
    const links = decisionLinks.length > 0 ? `${decisionLinkClause(replacements, decisionLinks)},` : '';
    await this.batch.commit(
      `WITH leave AS (
         INSERT INTO leave_requests (id, company_id, employee_id, user_id, employee_name, request_type, leave_type,
                                     start_date, end_date, start_time, end_time, reason, days_count, hours_count,
                                     status, created_by, created_at, updated_at)
         VALUES (:id, :companyId, :employeeId, :userId, :employee_name, :request_type, :leave_type, :start_date,
                 :end_date, :start_time, :end_time, :reason, :days_count, :hours_count, 'pending', :createdBy,
                 :createdAt, :createdAt)),
       ${links}
       ${changeTrailClauses(replacements, trail)}
       SELECT 1`,
      replacements,
    );
  }

  /**
   * Locks a request of the company, with the address its decision is sent to, then the balances of
   * its employee: in this order, as every path that locks both does. Null when the company has no
   * such request.
   */
  async lockLeave(companyId: number, id: number, lockerUserId: number): Promise<LockedLeave | null> {
    const [[leave], [employee]] = (await this.batch.send(
      `SELECT ${LEAVE_RECORD.columnList}, now() AS now, requester.email AS recipient_email,
              requester.name AS recipient_name,
              (SELECT id FROM employees WHERE user_id = :userId AND company_id = :companyId) AS own_employee_id,
              (SELECT team_id FROM employees
                WHERE id = l.employee_id AND company_id = l.company_id AND deleted_at IS NULL) AS owner_team_id
         FROM ${LEAVE_RECORD.from}
         LEFT JOIN users requester
           ON requester.id = l.user_id AND requester.company_id = l.company_id AND requester.disabled_at IS NULL
        WHERE l.id = :id AND l.company_id = :companyId
          FOR UPDATE OF l;
       SELECT id FROM employees
        WHERE company_id = :companyId
          AND id = (SELECT employee_id FROM leave_requests WHERE id = :id AND company_id = :companyId)
          FOR UPDATE`,
      { id, companyId, userId: lockerUserId },
    )) as [LockedLeaveRow[], Array<{ id: number }>];
    if (!leave) return null;
    return {
      leave: toLeaveRecord(leave),
      now: leave.now,
      recipient: leave.recipient_email ? { email: leave.recipient_email, name: leave.recipient_name } : null,
      lockerEmployeeId: leave.own_employee_id,
      employee: employee ? { id: employee.id } : null,
      ownerTeamId: leave.owner_team_id,
    };
  }

  /** The transaction as the balances repository runs it: the ledger moves in the leave's own transaction. */
  ledger(): SqlRunner {
    return this.pipelined;
  }

  /** Gives a locked request its new status, writes its audit entry and e-mails, and commits. */
  async settle(settlement: Settlement, trail: ChangeTrail): Promise<void> {
    const replacements: Record<string, unknown> = {
      id: settlement.id,
      companyId: settlement.companyId,
      status: settlement.status,
      decidedBy: settlement.decidedBy,
      decidedAt: settlement.decidedAt,
    };
    await this.batch.commit(
      `WITH decided AS (
         UPDATE leave_requests SET status = :status, decided_by = :decidedBy, decided_at = :decidedAt, updated_at = now()
          WHERE id = :id AND company_id = :companyId),
       ${changeTrailClauses(replacements, trail)}
       SELECT 1`,
      replacements,
    );
  }
}

export class LeavesRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** Runs one leave write: see LeaveTransaction. Anything thrown in `work` rolls it back. */
  write<T>(work: (leaves: LeaveTransaction) => Promise<T>): Promise<T> {
    return inBatchedTransaction(this.sequelize, (batch) => work(new LeaveTransaction(batch)));
  }

  /**
   * Runs `work` as a leave write would run, with the same reads but no lock and nothing written: what
   * a write would decide (the preview). Each round trip is a read-only transaction (inReadOnlyBatches).
   */
  rehearse<T>(work: (leaves: LeaveTransaction) => Promise<T>): Promise<T> {
    return inReadOnlyBatches(this.sequelize, (batch) => work(new LeaveTransaction(batch, true)));
  }

  /** A page of the company's requests as the JSON array the API answers. */
  page(criteria: LeavePageCriteria): Promise<JsonPage> {
    const parameters = queryParameters();
    const { param } = parameters;
    const company = param(criteria.companyId);
    const conditions = [`l.company_id = ${company}`];
    if (criteria.ownedByUser !== null) {
      const own = `(SELECT id FROM employees WHERE user_id = ${param(criteria.ownedByUser)} AND company_id = ${company})`;
      const teams = criteria.approvedTeams;
      const ofApprovedTeams = () => `l.employee_id IN (SELECT id FROM employees
          WHERE company_id = ${company} AND team_id = ANY(${param(teams)}::int[]) AND deleted_at IS NULL)`;
      if (criteria.toDecide) {
        conditions.push(teams.length > 0 ? ofApprovedTeams() : 'false');
        conditions.push(`l.employee_id IS DISTINCT FROM ${own}`);
      } else if (teams.length > 0) {
        conditions.push(`(l.employee_id = ${own} OR ${ofApprovedTeams()})`);
      } else {
        conditions.push(`l.employee_id = ${own}`);
      }
    }
    if (criteria.toDecide) conditions.push(`l.status = 'pending'`);
    if (criteria.status !== null) conditions.push(`l.status = ${param(criteria.status)}`);
    if (criteria.requestType !== null) conditions.push(`l.request_type = ${param(criteria.requestType)}`);
    if (criteria.employeeId !== null) conditions.push(`l.employee_id = ${param(criteria.employeeId)}`);
    if (criteria.from !== null) conditions.push(`l.end_date >= ${param(criteria.from)}`);
    if (criteria.to !== null) conditions.push(`l.start_date <= ${param(criteria.to)}`);
    const { sort } = criteria;
    return selectJsonPage(this.sequelize, LEAVE_RECORD, {
      conditions,
      parameters,
      order: sort ? `${SORT_EXPRESSIONS[sort.field]} ${sort.order}, l.id DESC` : 'l.created_at DESC, l.id DESC',
      range: criteria.range,
    });
  }
}

/**
 * Leave recorded for an employee before they accepted their invitation becomes their sign-in's own
 * (their decision e-mails reach them, the calendar shows them their sick days), in the transaction
 * that creates the sign-in (auth's invitation acceptance).
 */
export async function assignLeaveToSignIn(
  sequelize: Sequelize,
  { companyId, employeeId, userId }: { companyId: number; employeeId: number; userId: number },
  transaction: Transaction,
): Promise<void> {
  await sequelize.query(
    `UPDATE leave_requests SET user_id = :userId, updated_at = now()
      WHERE employee_id = :employeeId AND company_id = :companyId AND user_id IS NULL`,
    { replacements: { companyId, employeeId, userId }, transaction, type: QueryTypes.UPDATE },
  );
}
