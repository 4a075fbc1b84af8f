/**
 * Raw SQL: what the reports read (issue 31). Every read is one statement over a whole scope (a
 * company, or an approver's teams), never one per person; sums come from leave_days (migration 0025)
 * through its (company_id, date) indexes.
 */
import { QueryTypes, type Sequelize } from 'sequelize';
import type { LedgerBalance, RequestType, WorkPattern } from '@teamfolk/shared';
import type { PendingLeaveRow } from '../balances/balances.repository';

/**
 * Whose rows a report reads: a company's people, narrowed to some teams (null: all of them, and the
 * people in none). Ids in a Postgres array literal, bound as one value.
 */
export interface ReportScope {
  companyId: number;
  teamIds: number[] | null;
}

export interface ScopedPerson {
  id: number;
  name: string;
  team_id: number | null;
  hire_date: string;
  end_date: string | null;
}

export interface PersonWithPatterns extends ScopedPerson {
  patterns: Array<{ effectiveFrom: string; pattern: WorkPattern | null }>;
}

export interface AbsenceSums {
  key: number | string | null;
  vacation: string;
  sick: string;
  bank_hours: string;
  other: string;
}

export interface TeamMonthSums {
  team_id: number | null;
  month: string;
  absent: string;
  sick: string;
}

export interface SickDayRow {
  employee_id: number;
  date: string;
  days: string;
}

export interface PendingRowOf extends PendingLeaveRow {
  employee_id: number;
}

/**
 * A person's sums of one balance in a leave year, in tenths, split at a day: what balancesOnDate and
 * vacationUptake (shared/src/rules/uptake.ts) work out from the ledger. Each kept person also has a
 * row whose `balance` is null, so that someone with no entry at all in the year is known to be kept.
 */
export interface KeptBalanceSums {
  employee_id: number;
  balance: LedgerBalance | null;
  entitlement: string;
  taken: string;
  booked: string;
  carried: string;
  expiring: string;
  expiry_on: string | null;
  allowance: string;
}

export interface ActivityCriteria {
  companyId: number;
  from: string | null;
  to: string | null;
  employeeId: number | null;
  kind: string | null;
  order: 'ASC' | 'DESC';
  sortByKind: boolean;
  range: { start: number; end: number } | null;
}

export interface ActivityRecord {
  id: string;
  at: Date;
  actor: string | null;
  kind: string;
  subject: string;
  before: unknown;
  after: unknown;
}

const teamArray = (teamIds: number[] | null) => (teamIds === null ? null : `{${teamIds.join(',')}}`);

/** The people of the scope, as `e` (employees). */
const IN_SCOPE = `e.company_id = :companyId AND e.deleted_at IS NULL
     AND (:teamIds::int[] IS NULL OR e.team_id = ANY (:teamIds::int[]))`;

const SCOPED_PEOPLE = `
  SELECT e.id, e.name, e.team_id, e.hire_date::text AS hire_date, e.end_date::text AS end_date
    FROM employees e
   WHERE ${IN_SCOPE}`;

const ABSENCE_KEYS = {
  person: 'p.id',
  team: 'p.team_id',
  month: `to_char(d.date, 'YYYY-MM')`,
} as const;

export class ReportsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private rows<R extends object>(sql: string, replacements: Record<string, unknown>): Promise<R[]> {
    return this.sequelize.query<R>(sql, { replacements, type: QueryTypes.SELECT });
  }

  private scoped(scope: ReportScope) {
    return { companyId: scope.companyId, teamIds: teamArray(scope.teamIds) };
  }

  /** The company's teams among `teamIds` (null: all), by name. */
  teams(scope: ReportScope): Promise<Array<{ id: number; name: string }>> {
    return this.rows(
      `SELECT id, name FROM teams
        WHERE company_id = :companyId AND (:teamIds::int[] IS NULL OR id = ANY (:teamIds::int[]))
        ORDER BY name, id`,
      this.scoped(scope),
    );
  }

  people(scope: ReportScope): Promise<ScopedPerson[]> {
    return this.rows(`${SCOPED_PEOPLE} ORDER BY e.name, e.id`, this.scoped(scope));
  }

  /** People in scope with their pattern history, for counting their working days. */
  peopleWithPatterns(scope: ReportScope): Promise<PersonWithPatterns[]> {
    return this.rows(
      `SELECT p.*, coalesce(w.patterns, '[]') AS patterns
         FROM (${SCOPED_PEOPLE}) p
         LEFT JOIN (SELECT employee_id,
                           json_agg(json_build_object('effectiveFrom', effective_from, 'pattern', pattern)) AS patterns
                      FROM employee_work_patterns WHERE company_id = :companyId GROUP BY employee_id) w
           ON w.employee_id = p.id
        ORDER BY p.name, p.id`,
      this.scoped(scope),
    );
  }

  /** Approved leave in [from, to] of the people in scope, summed per person, team or month. */
  absenceSums(
    scope: ReportScope,
    groupBy: keyof typeof ABSENCE_KEYS,
    from: string,
    to: string,
    requestType: RequestType | null,
  ): Promise<AbsenceSums[]> {
    return this.rows(
      `SELECT ${ABSENCE_KEYS[groupBy]} AS key,
              coalesce(sum(d.days) FILTER (WHERE d.request_type = 'vacation'), 0) AS vacation,
              coalesce(sum(d.days) FILTER (WHERE d.request_type = 'sick_day'), 0) AS sick,
              coalesce(sum(d.hours) FILTER (WHERE d.request_type = 'hours_bank'), 0) AS bank_hours,
              coalesce(sum(d.days) FILTER (WHERE d.request_type = 'other'), 0) AS other
         FROM leave_days d JOIN (${SCOPED_PEOPLE}) p ON p.id = d.employee_id
        WHERE d.company_id = :companyId AND d.date BETWEEN :from AND :to
          AND (:requestType::text IS NULL OR d.request_type = :requestType)
        GROUP BY 1`,
      { ...this.scoped(scope), from, to, requestType },
    );
  }

  /** Approved leave per team and month in [from, to], on days the person was employed. */
  teamMonthSums(scope: ReportScope, from: string, to: string): Promise<TeamMonthSums[]> {
    // Grouped by the month's first day and compared as dates: formatting or casting each of a large
    // company's 180,000 leave days of three years took Postgres four times as long.
    return this.rows(
      `SELECT team_id, to_char(month, 'YYYY-MM') AS month, absent, sick
         FROM (SELECT e.team_id, date_trunc('month', d.date)::date AS month, sum(d.days) AS absent,
                      coalesce(sum(d.days) FILTER (WHERE d.request_type = 'sick_day'), 0) AS sick
                 FROM leave_days d JOIN employees e ON e.id = d.employee_id
                WHERE d.company_id = :companyId AND d.date BETWEEN :from AND :to AND ${IN_SCOPE}
                  AND d.date >= e.hire_date AND (e.end_date IS NULL OR d.date <= e.end_date)
                GROUP BY 1, 2) sums`,
      { ...this.scoped(scope), from, to },
    );
  }

  /** The sick days of the people in scope in [from, to]. */
  sickDays(scope: ReportScope, from: string, to: string): Promise<SickDayRow[]> {
    return this.rows(
      `SELECT d.employee_id, d.date::text AS date, d.days
         FROM leave_days d JOIN (${SCOPED_PEOPLE}) p ON p.id = d.employee_id
        WHERE d.company_id = :companyId AND d.request_type = 'sick_day' AND d.date BETWEEN :from AND :to`,
      { ...this.scoped(scope), from, to },
    );
  }

  /**
   * The ledger sums of a leave year on a day, per person in scope and balance, for the people whose
   * derived entries of that year are kept (derived_entries_year): their recorded entries and their
   * derived ones added up in one statement. People whose kept entries are of another year are left out.
   */
  keptBalanceSums(scope: ReportScope, year: number, on: string): Promise<KeptBalanceSums[]> {
    // Recorded entries (a leave entry per working day: most rows) are summed apart, and never expire;
    // their amounts are whole tenths (numeric(7,1)). The few derived ones per person carry the
    // carry-over and the expiries.
    return this.rows(
      `WITH kept AS (
         SELECT e.id, e.derived_entries FROM employees e WHERE ${IN_SCOPE} AND e.derived_entries_year = :year),
       recorded AS (
         SELECT b.employee_id, b.balance,
                10 * sum(b.amount) FILTER (WHERE b.figure = 'total' AND b.entry_date <= :on) AS entitlement,
                -10 * sum(b.amount) FILTER (WHERE b.figure = 'used' AND b.entry_date <= :on) AS taken,
                -10 * sum(b.amount) FILTER (WHERE b.figure = 'used' AND b.entry_date > :on) AS booked,
                0 AS carried, 0 AS expiring, NULL::date AS expiry_on,
                10 * sum(b.amount) FILTER (WHERE b.figure = 'total') AS allowance
           FROM balance_entries b JOIN kept k ON k.id = b.employee_id
          WHERE b.company_id = :companyId AND b.leave_year = :year
          GROUP BY b.employee_id, b.balance),
       derived_rows AS (
         SELECT k.id AS employee_id, d.balance, d.kind, d.figure, d.date, round(d.amount * 10) AS tenths
           FROM kept k CROSS JOIN LATERAL jsonb_to_recordset(k.derived_entries)
                AS d(date date, balance text, kind text, figure text, amount numeric)),
       first_expiry AS (
         SELECT employee_id, balance, min(date) AS date FROM derived_rows
          WHERE kind = 'expiry' AND date > :on GROUP BY employee_id, balance),
       derived AS (
         SELECT r.employee_id, r.balance,
                sum(r.tenths) FILTER (WHERE r.figure = 'total' AND r.date <= :on) AS entitlement,
                -sum(r.tenths) FILTER (WHERE r.figure = 'used' AND r.date <= :on) AS taken,
                -sum(r.tenths) FILTER (WHERE r.figure = 'used' AND r.date > :on) AS booked,
                sum(r.tenths) FILTER (WHERE r.kind = 'carry_over') AS carried,
                -sum(r.tenths) FILTER (WHERE r.kind = 'expiry' AND r.date = f.date) AS expiring,
                f.date AS expiry_on,
                sum(r.tenths) FILTER (WHERE r.figure = 'total' AND r.kind <> 'expiry') AS allowance
           FROM derived_rows r LEFT JOIN first_expiry f USING (employee_id, balance)
          GROUP BY r.employee_id, r.balance, f.date),
       sums AS (SELECT * FROM recorded UNION ALL SELECT * FROM derived)
       SELECT s.employee_id, s.balance,
              coalesce(sum(s.entitlement), 0) AS entitlement, coalesce(sum(s.taken), 0) AS taken,
              coalesce(sum(s.booked), 0) AS booked, coalesce(sum(s.carried), 0) AS carried,
              coalesce(sum(s.expiring), 0) AS expiring, max(s.expiry_on)::text AS expiry_on,
              coalesce(sum(s.allowance), 0) AS allowance
         FROM sums s GROUP BY s.employee_id, s.balance
       UNION ALL
       SELECT k.id, NULL, 0, 0, 0, 0, 0, NULL, 0 FROM kept k`,
      { ...this.scoped(scope), year, on },
    );
  }

  /** Pending requests of the people in scope that touch [from, to]. */
  pendingLeave(scope: ReportScope, from: string, to: string): Promise<PendingRowOf[]> {
    return this.rows(
      `SELECT r.employee_id, r.request_type, r.leave_type, r.start_date::text AS start_date,
              r.end_date::text AS end_date, to_char(r.start_time, 'HH24:MI') AS start_time,
              to_char(r.end_time, 'HH24:MI') AS end_time
         FROM leave_requests r JOIN (${SCOPED_PEOPLE}) p ON p.id = r.employee_id
        WHERE r.company_id = :companyId AND r.status = 'pending' AND r.start_date <= :to AND r.end_date >= :from`,
      { ...this.scoped(scope), from, to },
    );
  }

  /**
   * A page of the audit log and the sign-ins of the security log, newest first unless asked, with
   * the total. A person's entries: what they did, and what was done to them or their requests.
   */
  async activity(criteria: ActivityCriteria): Promise<{ rows: ActivityRecord[]; total: number }> {
    const replacements = {
      companyId: criteria.companyId,
      from: criteria.from,
      to: criteria.to,
      employeeId: criteria.employeeId,
      kind: criteria.kind,
      offset: criteria.range?.start ?? 0,
      limit: criteria.range ? criteria.range.end - criteria.range.start + 1 : null,
    };
    const entries = `
      WITH person AS (SELECT id, user_id FROM employees WHERE company_id = :companyId AND id = :employeeId::int),
      entries AS (
        SELECT 'audit-' || a.id AS id, a.created_at AS at, a.actor_user_id, a.action AS kind, a.entity,
               a.entity_id, a.before, a.after
          FROM audit_log a
         WHERE a.company_id = :companyId
           AND (:from::date IS NULL OR a.created_at >= :from::date)
           AND (:to::date IS NULL OR a.created_at < :to::date + 1)
           AND (:kind::text IS NULL OR a.action = :kind)
           AND (:employeeId::int IS NULL
                OR a.actor_user_id = (SELECT user_id FROM person)
                OR (a.entity = 'employee' AND a.entity_id = :employeeId::text)
                OR (a.entity = 'leave_request' AND a.entity_id IN (
                      SELECT r.id::text FROM leave_requests r
                       WHERE r.company_id = :companyId AND r.employee_id = :employeeId::int)))
        UNION ALL
        SELECT 'security-' || s.id, s.created_at, s.user_id, s.kind, 'sign-in', NULL,
               NULL, jsonb_strip_nulls(jsonb_build_object('email', s.email, 'ip', s.ip, 'user_agent', s.user_agent))
          FROM security_events s
         WHERE s.company_id = :companyId AND (s.kind LIKE 'sign-in.%' OR s.kind = 'sign-out')
           AND (:from::date IS NULL OR s.created_at >= :from::date)
           AND (:to::date IS NULL OR s.created_at < :to::date + 1)
           AND (:kind::text IS NULL OR s.kind = :kind)
           AND (:employeeId::int IS NULL OR s.user_id = (SELECT user_id FROM person)))`;
    const order = criteria.sortByKind
      ? `x.kind ${criteria.order}, x.at DESC, x.id`
      : `x.at ${criteria.order}, x.id ${criteria.order}`;
    const [rows, [count]] = await Promise.all([
      this.rows<ActivityRecord>(
        `${entries}
         SELECT x.id, x.at, u.name AS actor, x.kind,
                coalesce(CASE x.entity
                           WHEN 'employee' THEN (SELECT e.name FROM employees e
                                                  WHERE e.company_id = :companyId AND e.id::text = x.entity_id)
                           WHEN 'leave_request' THEN (SELECT r.employee_name FROM leave_requests r
                                                       WHERE r.company_id = :companyId AND r.id::text = x.entity_id)
                           WHEN 'sign-in' THEN u.name
                         END, x.entity || coalesce(' ' || x.entity_id, '')) AS subject,
                x.before, x.after
           FROM (SELECT * FROM entries x ORDER BY ${order} OFFSET :offset LIMIT :limit) x
           LEFT JOIN users u ON u.id = x.actor_user_id
          ORDER BY ${order}`,
        replacements,
      ),
      this.rows<{ total: string }>(`${entries} SELECT count(*) AS total FROM entries`, replacements),
    ]);
    return { rows, total: Number(count?.total ?? 0) };
  }
}
