/**
 * The only code of the balances domain that touches the database. One choice: raw SQL, run through a
 * SqlRunner: a Sequelize transaction (the balances and employees routes) or a leave write's batched
 * transaction, so the ledger moves in the same transaction as the change that moves it.
 *
 * What is stored: the company's policy versions, each person's pattern history, the RECORDED entries
 * (adjustment, leave, leave_returned, time_credit) by leave year, and the kept closing of each
 * finished year. Allowance, accrual, carry-over and expiry are derived by the rules on read, from a
 * year's entries and the closing of the year before only.
 *
 * Invariant of the figures stored on `employees` (the six spec figures, vacation_days_carried,
 * vacation_days_expiring, vacation_days_expiring_on): they are the current leave year's ledger
 * figures on every day up to balance_figures_valid_until. Every write that changes them (leave
 * approved or withdrawn, adjustments, credits, a policy or pattern change, a hire) rewrites them in
 * its own transaction; a read that uses them first refreshes the company's rows whose valid_until
 * has passed, or is null (figures written without the ledger: opened from those figures). So the
 * list pages read them as plain columns (db/json-pages.ts). The same writes keep the year's derived
 * entries beside them (derived_entries, of derived_entries_year), which the reports sum in SQL, and
 * that year's closing (derived_closing), which a ledger of a later year opens from as from a kept one.
 */
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  inReadOnlyBatches,
  sixFiguresOfInput,
  type BalanceEntry,
  type BatchedTransaction,
  type EmployeeBalancesInput,
  type LeavePolicy,
  type LeaveStatus,
  type LedgerBalance,
  type LedgerEntryKind,
  type LedgerFigure,
  type BatchStatement,
  type KeptDerivedEntry,
  type WorkPattern,
  type SixFigures,
  type YearClosing,
} from '@teamfolk/shared';

type Row = Record<string, unknown>;

/** Runs one statement and answers its rows: inside a Sequelize transaction, or a batched one. */
export interface SqlRunner {
  rows<R extends object = Row>(sql: string, replacements?: Record<string, unknown>): Promise<R[]>;
}

/** Without a transaction, each statement stands alone. */
export function sequelizeRunner(sequelize: Sequelize, transaction?: Transaction): SqlRunner {
  return {
    rows: <R extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
      sequelize.query<R>(sql, { replacements, transaction, type: QueryTypes.SELECT }),
  };
}

/**
 * A batched transaction as a runner: statements issued together (in one turn of the event loop, as
 * Promise.all issues them) travel together, in one round trip.
 */
export function pipelinedRunner(batch: BatchedTransaction): SqlRunner {
  let queued: Array<BatchStatement & { resolve: (rows: Row[]) => void; reject: (error: unknown) => void }> = [];
  const flush = () => {
    const statements = queued;
    queued = [];
    batch.sendEach(statements).then(
      (results) => statements.forEach((statement, index) => statement.resolve(results[index] ?? [])),
      (error: unknown) => statements.forEach((statement) => statement.reject(error)),
    );
  };
  return {
    rows: <R extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
      new Promise<R[]>((resolve, reject) => {
        if (queued.length === 0) queueMicrotask(flush);
        queued.push({ sql, replacements, resolve: resolve as (rows: Row[]) => void, reject });
      }),
  };
}

/** What every ledger of a company needs: its today, holiday calendar, and policy versions. */
export interface CompanyLedgerContext {
  today: string;
  country: string | null;
  region: string | null;
  /** Oldest first. */
  policies: Array<{ appliesFromYear: number; policy: LeavePolicy }>;
}

/** An entry as stored, with the leave year it counts in. */
export interface StoredEntry extends BalanceEntry {
  leaveYear: number;
}

/** One person's ledger inputs: terms, stored figures, pattern history, latest closing and the entries after it. */
export interface LedgerSubject {
  id: number;
  userId: number | null;
  hireDate: string;
  endDate: string | null;
  vacationDays: number | null;
  sickDays: number | null;
  /** Null: figures not from the ledger yet. */
  ledgerFromYear: number | null;
  figures: SixFigures;
  workPattern: WorkPattern | null;
  patterns: Array<{ effectiveFrom: string; pattern: WorkPattern | null }>;
  /** The latest kept closing before the year asked for, or null. */
  closing: YearClosing | null;
  /** The entries of the years after that closing (or from the ledger's first year) up to the year asked for. */
  entries: StoredEntry[];
}

/** The figures of the current year written back to `employees`. */
export interface StoredFigures {
  id: number;
  vacation_days_total: number;
  vacation_days_used: number;
  sick_days_total: number;
  sick_days_used: number;
  bank_hours_total: number;
  bank_hours_used: number;
  vacation_days_carried: number;
  vacation_days_expiring: number;
  vacation_days_expiring_on: string | null;
  balance_figures_valid_until: string;
  ledger_from_year: number;
  vacation_days_allowance: number | null;
  sick_days_allowance: number | null;
  /** The current year's derived entries, which the balances reports sum with the recorded ones. */
  derived_entries_year: number;
  derived_entries: KeptDerivedEntry[];
  /** That year's closing, which a ledger of the next year opens from. */
  derived_closing: YearClosing;
}

/** The stored figures, numerics read as text. */
type StoredFigureColumns = Record<keyof EmployeeBalancesInput, string>;

interface SubjectRow extends StoredFigureColumns {
  id: number;
  user_id: number | null;
  hire_date: string;
  end_date: string | null;
  vacation_days_allowance: string | null;
  sick_days_allowance: string | null;
  ledger_from_year: number | null;
  work_pattern: WorkPattern | null;
  patterns: LedgerSubject['patterns'];
  closing: YearClosing | null;
  entries: Array<{
    leave_year: number;
    date: string;
    balance: LedgerBalance;
    kind: LedgerEntryKind;
    figure: LedgerFigure;
    amount: string | number;
    note: string | null;
    leave_request_id: number | null;
    time_credit_id: number | null;
  }>;
}

const storedEntryOf = ({ leave_year: leaveYear, amount, ...entry }: SubjectRow['entries'][number]): StoredEntry => ({
  ...entry,
  leaveYear,
  amount: Number(amount),
});

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

function subjectOf(row: SubjectRow): LedgerSubject {
  return {
    id: row.id,
    userId: row.user_id,
    hireDate: row.hire_date,
    endDate: row.end_date,
    vacationDays: numberOrNull(row.vacation_days_allowance),
    sickDays: numberOrNull(row.sick_days_allowance),
    ledgerFromYear: row.ledger_from_year,
    figures: sixFiguresOfInput(row),
    workPattern: row.work_pattern,
    patterns: row.patterns,
    closing: row.closing,
    entries: row.entries.map(storedEntryOf),
  };
}

/** Which of the company's people a subject read takes. */
export type SubjectSelection =
  { employeeId: number } | { employeeIds: number[] } | { staleOn: string } | { everyone: true };

/**
 * The statement that reads people's ledger inputs (BalancesRepository.subjects; the benchmark
 * EXPLAINs it): with :companyId, :toYear, :fromYear and the selection's own replacement. For one
 * person without a lock, teamfolk_ledger_subject (migration 0030) runs the same statement.
 */
export function ledgerSubjectsSql(
  selection: SubjectSelection,
  { lock, skipLocked = false }: { lock: boolean; skipLocked?: boolean },
): string {
  const which =
    'employeeId' in selection
      ? 'e.id = :employeeId'
      : 'employeeIds' in selection
        ? 'e.id = ANY(ARRAY[:employeeIds]::integer[])'
        : 'staleOn' in selection
          ? '(e.balance_figures_valid_until IS NULL OR e.balance_figures_valid_until < :staleOn)'
          : 'true';
  return `SELECT e.id, e.user_id, e.hire_date::text AS hire_date, e.end_date::text AS end_date,
            e.vacation_days_allowance, e.sick_days_allowance, e.ledger_from_year,
            e.vacation_days_total, e.vacation_days_used, e.sick_days_total, e.sick_days_used,
            e.bank_hours_total, e.bank_hours_used, e.work_pattern,
            coalesce((SELECT json_agg(json_build_object('effectiveFrom', p.effective_from, 'pattern', p.pattern))
                        FROM employee_work_patterns p
                       WHERE p.company_id = e.company_id AND p.employee_id = e.id), '[]') AS patterns,
            k.closing,
            coalesce((SELECT json_agg(json_build_object('leave_year', b.leave_year, 'date', b.entry_date,
                                        'balance', b.balance, 'kind', b.kind, 'figure', b.figure,
                                        'amount', b.amount, 'note', b.note, 'leave_request_id', b.leave_request_id,
                                        'time_credit_id', b.time_credit_id) ORDER BY b.id)
                        FROM balance_entries b
                       WHERE b.company_id = e.company_id AND b.employee_id = e.id
                         AND b.leave_year > coalesce(k.year, least(e.ledger_from_year, :fromYear) - 1, :toYear)
                         AND b.leave_year <= :toYear), '[]') AS entries
       FROM employees e
       LEFT JOIN LATERAL (SELECT e.derived_entries_year AS year, e.derived_closing AS closing
                           WHERE e.derived_entries_year < :fromYear AND e.derived_closing IS NOT NULL
                             AND e.balance_figures_valid_until IS NOT NULL
                          UNION ALL
                          (SELECT year, closing FROM balance_year_closings
                            WHERE company_id = e.company_id AND employee_id = e.id AND year < :fromYear
                            ORDER BY year DESC LIMIT 1)
                          ORDER BY year DESC LIMIT 1) k ON true
      WHERE e.company_id = :companyId AND e.deleted_at IS NULL AND ${which}
      ORDER BY e.id ${lock ? `FOR UPDATE OF e${skipLocked ? ' SKIP LOCKED' : ''}` : ''}`;
}

export class BalancesRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** Runs `work` in a Sequelize transaction, through a runner. */
  transaction<T>(work: (runner: SqlRunner) => Promise<T>): Promise<T> {
    return this.sequelize.transaction((transaction) => work(sequelizeRunner(this.sequelize, transaction)));
  }

  /** Reads only: the statements `work` issues together travel in one round trip, a read-only transaction. */
  readTogether<T>(work: (runner: SqlRunner) => Promise<T>): Promise<T> {
    return inReadOnlyBatches(this.sequelize, (batch) => work(pipelinedRunner(batch)));
  }

  /** The company's today, holiday calendar and policy versions (migration 0031: a plan the connection keeps). */
  async context(runner: SqlRunner, companyId: number): Promise<CompanyLedgerContext> {
    const [row] = await runner.rows<{
      today: string;
      country: string | null;
      region: string | null;
      policies: CompanyLedgerContext['policies'];
    }>('SELECT * FROM teamfolk_ledger_context(:companyId)', { companyId });
    if (!row) throw new Error(`Company ${companyId} is not there`);
    return row;
  }

  /**
   * Whether any of the company's people have figures past their valid_until on `today` (or none from
   * the ledger yet), and until when the stored figures all hold: the instant the company's day after
   * the earliest valid_until begins.
   */
  async freshness(runner: SqlRunner, companyId: number): Promise<{ stale: boolean; freshUntil: Date | null }> {
    const [row] = await runner.rows<{ stale: boolean; fresh_until: Date | null }>(
      `SELECT bool_or(e.balance_figures_valid_until IS NULL
                      OR e.balance_figures_valid_until < (now() AT TIME ZONE c.time_zone)::date) AS stale,
              ((min(e.balance_figures_valid_until) + 1)::timestamp AT TIME ZONE c.time_zone) AS fresh_until
         FROM companies c LEFT JOIN employees e ON e.company_id = c.id AND e.deleted_at IS NULL
        WHERE c.id = :companyId
        GROUP BY c.time_zone`,
      { companyId },
    );
    return { stale: row?.stale ?? false, freshUntil: row?.fresh_until ? new Date(row.fresh_until) : null };
  }

  /**
   * People's ledger inputs for the years `fromYear` (default: `toYear`) to `toYear`: one person,
   * those whose figures are stale on a day, or everyone; locked when asked (passing over rows others
   * hold, when asked too). Bounded: the latest closing before `fromYear` and the entries after it up
   * to `toYear`, never older ones.
   */
  async subjects(
    runner: SqlRunner,
    companyId: number,
    selection: SubjectSelection,
    toYear: number,
    { lock, skipLocked = false, fromYear = toYear }: { lock: boolean; skipLocked?: boolean; fromYear?: number },
  ): Promise<LedgerSubject[]> {
    // One person unlocked (a ledger or forecast read, a preview) is the same statement as a function
    // (migration 0030), whose plan the connection keeps.
    const sql =
      'employeeId' in selection && !lock
        ? 'SELECT * FROM teamfolk_ledger_subject(:companyId, :employeeId, :fromYear, :toYear)'
        : ledgerSubjectsSql(selection, { lock, skipLocked });
    const rows = await runner.rows<SubjectRow>(sql, {
      companyId,
      toYear,
      fromYear: Math.min(fromYear, toYear),
      ...selection,
    });
    return rows.map(subjectOf);
  }

  /** Records entries of one person; the closings of their years (and later ones) are no longer right. */
  async insertEntries(
    runner: SqlRunner,
    companyId: number,
    employeeId: number,
    entries: readonly StoredEntry[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const rows = entries.map((entry) => ({
      leave_year: entry.leaveYear,
      balance: entry.balance,
      kind: entry.kind,
      figure: entry.figure,
      entry_date: entry.date,
      amount: entry.amount,
      note: entry.note,
      leave_request_id: entry.leave_request_id,
      time_credit_id: entry.time_credit_id,
    }));
    await runner.rows(
      `WITH added AS (
         INSERT INTO balance_entries (company_id, employee_id, leave_year, balance, kind, figure, entry_date, amount,
                                      note, leave_request_id, time_credit_id)
         SELECT :companyId, :employeeId, leave_year, balance, kind, figure, entry_date, amount, note,
                leave_request_id, time_credit_id
           FROM jsonb_to_recordset(:entries::jsonb) AS x(leave_year integer, balance text, kind text, figure text,
                entry_date date, amount numeric, note text, leave_request_id integer, time_credit_id integer)),
       forgotten AS (
         DELETE FROM balance_year_closings
          WHERE company_id = :companyId AND employee_id = :employeeId AND year >= :fromYear)
       SELECT 1`,
      {
        companyId,
        employeeId,
        entries: JSON.stringify(rows),
        fromYear: Math.min(...entries.map((entry) => entry.leaveYear)),
      },
    );
  }

  /** The `leave` entries a request recorded when it was approved. */
  async takenEntries(runner: SqlRunner, companyId: number, leaveRequestId: number): Promise<StoredEntry[]> {
    const rows = await runner.rows<SubjectRow['entries'][number]>(
      `SELECT leave_year, entry_date::text AS date, balance, kind, figure, amount, note, leave_request_id, time_credit_id
         FROM balance_entries
        WHERE company_id = :companyId AND leave_request_id = :leaveRequestId AND kind = 'leave'
        ORDER BY entry_date, id`,
      { companyId, leaveRequestId },
    );
    return rows.map(storedEntryOf);
  }

  /** Keeps finished years' closings; one already kept stays (same inputs, same closing). */
  async keepClosings(
    runner: SqlRunner,
    companyId: number,
    closings: ReadonlyArray<{ employeeId: number; closing: YearClosing }>,
  ): Promise<void> {
    if (closings.length === 0) return;
    await runner.rows(
      `INSERT INTO balance_year_closings (company_id, employee_id, year, closing)
       SELECT :companyId, x.employee_id, x.year, x.closing
         FROM jsonb_to_recordset(:closings::jsonb) AS x(employee_id integer, year integer, closing jsonb)
       ON CONFLICT (employee_id, year) DO NOTHING`,
      {
        companyId,
        closings: JSON.stringify(
          closings.map(({ employeeId, closing }) => ({ employee_id: employeeId, year: closing.year, closing })),
        ),
      },
    );
  }

  /** Writes people's current-year figures back, in one statement. */
  async writeFigures(runner: SqlRunner, companyId: number, figures: readonly StoredFigures[]): Promise<void> {
    if (figures.length === 0) return;
    await runner.rows(
      `UPDATE employees e
          SET vacation_days_total = x.vacation_days_total, vacation_days_used = x.vacation_days_used,
              sick_days_total = x.sick_days_total, sick_days_used = x.sick_days_used,
              bank_hours_total = x.bank_hours_total, bank_hours_used = x.bank_hours_used,
              vacation_days_carried = x.vacation_days_carried, vacation_days_expiring = x.vacation_days_expiring,
              vacation_days_expiring_on = x.vacation_days_expiring_on,
              balance_figures_valid_until = x.balance_figures_valid_until, ledger_from_year = x.ledger_from_year,
              vacation_days_allowance = x.vacation_days_allowance, sick_days_allowance = x.sick_days_allowance,
              derived_entries_year = x.derived_entries_year, derived_entries = x.derived_entries,
              derived_closing = x.derived_closing, updated_at = now()
         FROM jsonb_to_recordset(:figures::jsonb) AS x(id integer, vacation_days_total numeric,
              vacation_days_used numeric, sick_days_total numeric, sick_days_used numeric, bank_hours_total numeric,
              bank_hours_used numeric, vacation_days_carried numeric, vacation_days_expiring numeric,
              vacation_days_expiring_on date, balance_figures_valid_until date, ledger_from_year integer,
              vacation_days_allowance numeric, sick_days_allowance numeric, derived_entries_year integer,
              derived_entries jsonb, derived_closing jsonb)
        WHERE e.id = x.id AND e.company_id = :companyId`,
      { companyId, figures: JSON.stringify(figures) },
    );
  }

  /** Whether the company has recorded any balance entry (its leave years are then fixed). */
  async hasEntries(runner: SqlRunner, companyId: number): Promise<boolean> {
    const [row] = await runner.rows<{ recorded: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM balance_entries WHERE company_id = :companyId) AS recorded',
      { companyId },
    );
    return row?.recorded ?? false;
  }

  /** Writes the policy version that applies from `year` on (a second change in the year replaces it). */
  async savePolicy(runner: SqlRunner, companyId: number, year: number, policy: LeavePolicy): Promise<void> {
    await runner.rows(
      `INSERT INTO leave_policies (company_id, applies_from_year, policy)
       VALUES (:companyId, :year, :policy::jsonb)
       ON CONFLICT (company_id, applies_from_year) DO UPDATE SET policy = EXCLUDED.policy, created_at = now()`,
      { companyId, year, policy: JSON.stringify(policy) },
    );
  }

  /** Records a person's pattern from a day on (a second change on that day replaces it) and the one they have now. */
  async savePattern(
    runner: SqlRunner,
    companyId: number,
    employeeId: number,
    effectiveFrom: string,
    pattern: WorkPattern | null,
  ): Promise<void> {
    await runner.rows(
      `WITH saved AS (
         INSERT INTO employee_work_patterns (company_id, employee_id, effective_from, pattern)
         VALUES (:companyId, :employeeId, :effectiveFrom, :pattern::jsonb)
         ON CONFLICT (employee_id, effective_from) DO UPDATE SET pattern = EXCLUDED.pattern)
       UPDATE employees SET work_pattern = :pattern::jsonb WHERE id = :employeeId AND company_id = :companyId`,
      { companyId, employeeId, effectiveFrom, pattern: pattern === null ? null : JSON.stringify(pattern) },
    );
  }

  /** The person's pending requests that touch the period, to count in the ledger's pending figures. */
  pendingLeave(
    runner: SqlRunner,
    companyId: number,
    employeeId: number,
    from: string,
    to: string,
  ): Promise<PendingLeaveRow[]> {
    return runner.rows<PendingLeaveRow>(
      `SELECT request_type, leave_type, start_date::text AS start_date, end_date::text AS end_date,
              to_char(start_time, 'HH24:MI') AS start_time, to_char(end_time, 'HH24:MI') AS end_time
         FROM leave_requests
        WHERE company_id = :companyId AND employee_id = :employeeId AND status = :pending
          AND start_date <= :to AND end_date >= :from`,
      { companyId, employeeId, from, to, pending: 'pending' satisfies LeaveStatus },
    );
  }
}

export interface PendingLeaveRow {
  request_type: string;
  leave_type: string;
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
}
