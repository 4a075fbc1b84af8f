/**
 * The only code of the time-credits domain that touches the database. One choice: raw SQL, through
 * the balances repository's SqlRunner, so a decision moves the ledger in its own transaction.
 */
import type { Sequelize } from 'sequelize';
import {
  changeTrailClauses,
  type ChangeTrail,
  type TimeCreditRecord,
  type TimeCreditStatus,
  type TIME_CREDIT_SORT_FIELDS,
} from '@teamfolk/shared';
import { sequelizeRunner, type SqlRunner } from '../balances/balances.repository';
import type { ListQuery } from '../http/list-query';

export type TimeCreditSortField = (typeof TIME_CREDIT_SORT_FIELDS)[number];

const SORT_EXPRESSIONS: Record<TimeCreditSortField, string> = {
  id: 't.id',
  date: 't.date',
  created_at: 't.created_at',
  status: 't.status',
  employee_name: 'lower(e.name)',
  hours: 't.hours',
};

const RECORD_COLUMNS = `t.id, t.employee_id, e.name AS employee_name, t.date::text AS date, t.hours::float8 AS hours,
       t.reason, t.status, t.created_at, t.decided_at`;

interface CreditRow extends Omit<TimeCreditRecord, 'created_at' | 'decided_at'> {
  created_at: Date;
  decided_at: Date | null;
}

const recordOf = (row: CreditRow): TimeCreditRecord => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  decided_at: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
});

/** Whose extra hours are logged: the named employee (an admin's choice) or the caller's own profile. */
export type CreditOwnerKey = { employeeId: number } | { employeeOfUser: number };

/** The person a new credit is for, locked, with the admins to tell. */
export interface CreditOwner {
  employeeId: number;
  userId: number | null;
  name: string;
  /** The company's active admins but the submitter. */
  admins: Array<{ id: number; email: string; name: string }>;
}

/** A credit locked for its decision, with where the decision is sent. */
export interface LockedCredit {
  credit: TimeCreditRecord;
  now: Date;
  /** The employee's sign-in while it is active. */
  recipient: { email: string; name: string } | null;
}

/** Which of a company's credits a list page shows. */
export interface CreditPageCriteria {
  companyId: number;
  /** Only this user's own credits; null for the company's. */
  ownedByUser: number | null;
  status: TimeCreditStatus | null;
  sort: ListQuery<TimeCreditSortField>['sort'];
  range: ListQuery<TimeCreditSortField>['range'];
}

export class TimeCreditsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** Runs one write in a transaction, through a runner the balances service shares. */
  transaction<T>(work: (runner: SqlRunner) => Promise<T>): Promise<T> {
    return this.sequelize.transaction((transaction) => work(sequelizeRunner(this.sequelize, transaction)));
  }

  async lockOwner(runner: SqlRunner, companyId: number, actorUserId: number, key: CreditOwnerKey) {
    const which = 'employeeId' in key ? 'e.id = :employeeId' : 'e.user_id = :userId';
    const [row] = await runner.rows<{
      employee_id: number;
      user_id: number | null;
      name: string;
      admins: CreditOwner['admins'];
    }>(
      `SELECT e.id AS employee_id, e.user_id, e.name,
              (SELECT coalesce(json_agg(json_build_object('id', a.id, 'email', a.email, 'name', a.name) ORDER BY a.id), '[]')
                 FROM users a
                WHERE a.company_id = e.company_id AND a.role = 'admin' AND a.disabled_at IS NULL
                  AND a.id <> :actorUserId) AS admins
         FROM employees e
        WHERE e.company_id = :companyId AND e.deleted_at IS NULL AND ${which}
          FOR UPDATE OF e`,
      {
        companyId,
        actorUserId,
        employeeId: 'employeeId' in key ? key.employeeId : null,
        userId: 'employeeOfUser' in key ? key.employeeOfUser : null,
      },
    );
    return row
      ? ({ employeeId: row.employee_id, userId: row.user_id, name: row.name, admins: row.admins } satisfies CreditOwner)
      : null;
  }

  /** Records a pending credit with its audit entry and e-mails; answers its record. */
  async insertPending(
    runner: SqlRunner,
    credit: { companyId: number; owner: CreditOwner; date: string; hours: number; reason: string; createdBy: number },
    trail: (record: TimeCreditRecord) => ChangeTrail,
  ): Promise<TimeCreditRecord> {
    const [row] = await runner.rows<CreditRow>(
      `INSERT INTO time_credits (company_id, employee_id, user_id, date, hours, reason, created_by)
       VALUES (:companyId, :employeeId, :userId, :date, :hours, :reason, :createdBy)
       RETURNING id, employee_id, :name AS employee_name, date::text AS date, hours::float8 AS hours, reason, status,
                 created_at, decided_at`,
      {
        companyId: credit.companyId,
        employeeId: credit.owner.employeeId,
        userId: credit.owner.userId,
        name: credit.owner.name,
        date: credit.date,
        hours: credit.hours,
        reason: credit.reason,
        createdBy: credit.createdBy,
      },
    );
    const record = recordOf(row!);
    await this.writeTrail(runner, trail(record));
    return record;
  }

  /** Locks a credit of the company; null when it has none such. */
  async lockCredit(runner: SqlRunner, companyId: number, id: number): Promise<LockedCredit | null> {
    const [row] = await runner.rows<
      CreditRow & { now: Date; recipient_email: string | null; recipient_name: string | null }
    >(
      `SELECT ${RECORD_COLUMNS}, now() AS now, u.email AS recipient_email, u.name AS recipient_name
         FROM time_credits t
         JOIN employees e ON e.id = t.employee_id AND e.company_id = t.company_id
         LEFT JOIN users u ON u.id = e.user_id AND u.company_id = t.company_id AND u.disabled_at IS NULL
        WHERE t.id = :id AND t.company_id = :companyId
          FOR UPDATE OF t`,
      { id, companyId },
    );
    if (!row) return null;
    const { now, recipient_email: email, recipient_name: name, ...credit } = row;
    return { credit: recordOf(credit), now, recipient: email ? { email, name: name ?? credit.employee_name } : null };
  }

  /** Gives a locked credit its decision, with its audit entry and e-mail. */
  async settle(
    runner: SqlRunner,
    decision: { companyId: number; id: number; status: TimeCreditStatus; decidedBy: number; decidedAt: Date },
    trail: ChangeTrail,
  ): Promise<void> {
    await runner.rows(
      `UPDATE time_credits SET status = :status, decided_by = :decidedBy, decided_at = :decidedAt
        WHERE id = :id AND company_id = :companyId`,
      decision,
    );
    await this.writeTrail(runner, trail);
  }

  private async writeTrail(runner: SqlRunner, trail: ChangeTrail): Promise<void> {
    const replacements: Record<string, unknown> = {};
    await runner.rows(`WITH ${changeTrailClauses(replacements, trail)} SELECT 1`, replacements);
  }

  /** A list page of credits and the total behind it. */
  async page(criteria: CreditPageCriteria): Promise<{ records: TimeCreditRecord[]; total: number }> {
    const conditions = ['t.company_id = :companyId'];
    if (criteria.ownedByUser !== null) conditions.push('e.user_id = :ownedByUser');
    if (criteria.status !== null) conditions.push('t.status = :status');
    const order = criteria.sort
      ? `${SORT_EXPRESSIONS[criteria.sort.field]} ${criteria.sort.order}, t.id ${criteria.sort.order}`
      : 't.created_at DESC, t.id DESC';
    const page = criteria.range ? 'LIMIT :limit OFFSET :offset' : '';
    const rows = await sequelizeRunner(this.sequelize).rows<CreditRow & { total: string }>(
      `SELECT ${RECORD_COLUMNS}, count(*) OVER () AS total
         FROM time_credits t JOIN employees e ON e.id = t.employee_id AND e.company_id = t.company_id
        WHERE ${conditions.join(' AND ')}
        ORDER BY ${order} ${page}`,
      {
        companyId: criteria.companyId,
        ownedByUser: criteria.ownedByUser,
        status: criteria.status,
        limit: criteria.range ? criteria.range.end - criteria.range.start + 1 : null,
        offset: criteria.range?.start ?? 0,
      },
    );
    return {
      records: rows.map(({ total: _total, ...row }) => recordOf(row)),
      total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    };
  }
}
