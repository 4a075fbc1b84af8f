import { QueryTypes, Transaction, type Sequelize } from 'sequelize';
import type { DataExportScope, EmployeeRecord } from '@teamfolk/shared';
import { EMPLOYEE_RECORD } from '@teamfolk/services/domain';

/**
 * The only code of the privacy jobs that touches the database: what an export holds, and the
 * export's own row. Raw SQL: the datasets are column lists chosen one by one (what a person may have
 * back, none of the system's secrets), and the zip travels as a bound binary parameter.
 */

/** One file pair of the zip (`<name>.json` and `<name>.csv`): rows of plain values, columns in order. */
export interface Dataset {
  name: string;
  rows: Record<string, unknown>[];
}

export interface ExportSubject {
  companyId: number;
  /** The person who asked: for `self`, whose data it is. */
  userId: number;
  scope: DataExportScope;
}

type Query = (sql: string, replacements: Record<string, unknown>) => Promise<Record<string, unknown>[]>;

/** A field of the employee record as stored or derived (numerics as Postgres writes them), under its name. */
const employeeField = (field: keyof EmployeeRecord & string) => `${EMPLOYEE_RECORD.sql(field)} AS ${field}`;

/*
 * Every column a person could want back and nothing of the system's secrets: no password or token
 * hashes, no TOTP secrets, no provider ids. Balances are given with what remains, as the console
 * shows them, by the record's own rule. Over `employees e` (EMPLOYEE_RECORD.from).
 */
const EMPLOYEE_COLUMNS = `id, name, email, job_role AS role, hire_date, birthday,
  vacation_days_total, vacation_days_used, ${employeeField('vacation_days_remaining')},
  sick_days_total, sick_days_used, ${employeeField('sick_days_remaining')},
  bank_hours_total, bank_hours_used, ${employeeField('bank_hours_remaining')},
  ${employeeField('account_status')}, created_at, deleted_at AS removed_at`;

const LEAVE_COLUMNS = `id, employee_id, employee_name, request_type, leave_type, start_date, end_date,
  start_time, end_time, reason, days_count, hours_count, status, created_at, decided_at`;

const AUDIT_COLUMNS = 'id, created_at, actor_user_id, action, entity, entity_id, before, after';

const ACCOUNT_COLUMNS = `id, name, email, role, email_verified_at, last_login_at, created_at, disabled_at`;

/** The datasets of a company export: the spec's records plus the accounts that sign in. */
async function companyDatasets(query: Query, { companyId }: ExportSubject): Promise<Dataset[]> {
  const where = { companyId };
  return [
    {
      name: 'company',
      rows: await query(
        'SELECT id, name, country, region, time_zone, created_at FROM companies WHERE id = :companyId',
        where,
      ),
    },
    {
      name: 'accounts',
      rows: await query(`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE company_id = :companyId ORDER BY id`, where),
    },
    {
      name: 'employees',
      rows: await query(
        `SELECT ${EMPLOYEE_COLUMNS} FROM ${EMPLOYEE_RECORD.from} WHERE company_id = :companyId ORDER BY id`,
        where,
      ),
    },
    {
      name: 'leave_requests',
      rows: await query(
        `SELECT ${LEAVE_COLUMNS} FROM leave_requests WHERE company_id = :companyId ORDER BY start_date, id`,
        where,
      ),
    },
    {
      name: 'billing_cycles',
      rows: await query(
        `SELECT id, billing_date, seat_count, amount_due AS amount_due_cents, status, paid_at
           FROM billing_cycles WHERE company_id = :companyId ORDER BY billing_date`,
        where,
      ),
    },
    {
      name: 'audit_log',
      rows: await query(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE company_id = :companyId ORDER BY id`, where),
    },
  ];
}

/**
 * The datasets of a person's own export: their account, their employee profile, their leave, what
 * the audit log records about them or of them, and their sign-in history.
 */
async function personalDatasets(query: Query, { companyId, userId }: ExportSubject): Promise<Dataset[]> {
  const who = { companyId, userId };
  const employees = await query(
    `SELECT ${EMPLOYEE_COLUMNS} FROM ${EMPLOYEE_RECORD.from} WHERE company_id = :companyId AND user_id = :userId ORDER BY id`,
    who,
  );
  const employeeIds = employees.map((row) => Number(row.id));
  const leave = await query(
    `SELECT ${LEAVE_COLUMNS} FROM leave_requests
      WHERE company_id = :companyId AND (user_id = :userId OR employee_id IN (:employeeIds)) ORDER BY start_date, id`,
    { ...who, employeeIds: employeeIds.length ? employeeIds : [0] },
  );
  // audit_log.entity_id is text: ids are compared as written there.
  const textIds = (rows: Record<string, unknown>[]) => (rows.length ? rows.map((row) => String(row.id)) : ['']);
  return [
    {
      name: 'account',
      rows: await query(
        `SELECT u.id, u.name, u.email, u.role, c.name AS company, u.email_verified_at, u.last_login_at, u.created_at
           FROM users u JOIN companies c ON c.id = u.company_id
          WHERE u.company_id = :companyId AND u.id = :userId`,
        who,
      ),
    },
    { name: 'employee_profile', rows: employees },
    { name: 'leave_requests', rows: leave },
    {
      name: 'audit_log',
      rows: await query(
        `SELECT ${AUDIT_COLUMNS} FROM audit_log
          WHERE company_id = :companyId
            AND (actor_user_id = :userId
              OR (entity = 'user' AND entity_id = :userIdText)
              OR (entity = 'employee' AND entity_id IN (:employeeIds))
              OR (entity = 'leave_request' AND entity_id IN (:leaveIds)))
          ORDER BY id`,
        {
          ...who,
          userIdText: String(userId),
          employeeIds: textIds(employees),
          leaveIds: textIds(leave),
        },
      ),
    },
    {
      name: 'sign_in_history',
      rows: await query(
        `SELECT created_at, kind, route, status, ip, user_agent FROM security_events
          WHERE company_id = :companyId AND user_id = :userId ORDER BY id`,
        who,
      ),
    },
  ];
}

/** An export the job has taken on: who asked, and for what. */
export interface ClaimedExport {
  id: number;
  requested_by: number;
  scope: DataExportScope;
}

/** The finished zip of an export and how long it may be downloaded. */
export interface ExportFile {
  content: Buffer;
  readyAt: Date;
  expiresAt: Date;
}

export class PrivacyRepository {
  constructor(private readonly sequelize: Sequelize) {}

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  /** Marks a pending (or interrupted, running) export running; null when it is neither. */
  async claimExport(companyId: number, exportId: number): Promise<ClaimedExport | null> {
    const [claimed] = await this.sequelize.query<ClaimedExport>(
      `UPDATE data_exports SET status = 'running', updated_at = now()
        WHERE id = :exportId AND company_id = :companyId AND status IN ('pending', 'running')
        RETURNING id, requested_by, scope`,
      { replacements: { exportId, companyId }, type: QueryTypes.SELECT },
    );
    return claimed ?? null;
  }

  /**
   * Reads everything the export holds in one repeatable-read transaction, so the files agree with
   * each other even while the company keeps working.
   */
  datasets(subject: ExportSubject): Promise<Dataset[]> {
    const isolationLevel = Transaction.ISOLATION_LEVELS.REPEATABLE_READ;
    return this.sequelize.transaction({ isolationLevel, readOnly: true }, (transaction) => {
      const query: Query = (sql, replacements) =>
        this.sequelize.query<Record<string, unknown>>(sql, { replacements, type: QueryTypes.SELECT, transaction });
      return subject.scope === 'company' ? companyDatasets(query, subject) : personalDatasets(query, subject);
    });
  }

  /** Fills a running export with its file and marks it ready; false when it is no longer running (withdrawn). */
  async fillExport(
    companyId: number,
    exportId: number,
    { content, readyAt, expiresAt }: ExportFile,
    transaction: Transaction,
  ): Promise<boolean> {
    // Bound, not inlined: the zip travels to Postgres as a binary parameter.
    const [, meta] = await this.sequelize.query(
      `UPDATE data_exports
          SET status = 'ready', content = $content, size_bytes = $size, ready_at = $readyAt, expires_at = $expiresAt,
              updated_at = now()
        WHERE id = $exportId AND company_id = $companyId AND status = 'running'`,
      { bind: { content, size: content.length, readyAt, expiresAt, exportId, companyId }, transaction },
    );
    return ((meta as { rowCount?: number }).rowCount ?? 0) > 0;
  }

  /** The account that asked for an export, unless it has been disabled since. */
  async requester(
    companyId: number,
    userId: number,
    transaction: Transaction,
  ): Promise<{ email: string; name: string } | null> {
    const [row] = await this.sequelize.query<{ email: string; name: string }>(
      'SELECT email, name FROM users WHERE id = :userId AND company_id = :companyId AND disabled_at IS NULL',
      { replacements: { companyId, userId }, type: QueryTypes.SELECT, transaction },
    );
    return row ?? null;
  }

  /** Marks a running export failed, so the console stops waiting and offers to try again. */
  async markExportFailed(companyId: number, exportId: number): Promise<void> {
    await this.sequelize.query(
      `UPDATE data_exports SET status = 'failed', updated_at = now()
        WHERE id = :exportId AND company_id = :companyId AND status = 'running'`,
      { replacements: { exportId, companyId } },
    );
  }
}
