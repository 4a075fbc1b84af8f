import { EmptyResultError, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  companyOf,
  type BlockableRequestType,
  type CalendarEvent,
  type CompanySettings,
  type Role,
  type SubscriptionTimes,
} from '@teamfolk/shared';

/**
 * The calendar's only code that touches the database. Raw SQL throughout: a year's calendar file
 * reads 25,000 leave rows, which are taken as the driver returns them, and the few other reads
 * (the company's calendar settings, a feed's user) are single rows of a few columns.
 */

/** A leave row as the exports read it. */
export interface LeaveRow {
  id: number;
  employee_name: string;
  employee_user_id: number | null;
  request_type: CalendarEvent['requestType'];
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  reason: string | null;
}

/** A leave row as the screens read it: with its status and day count. */
export interface EventRow extends LeaveRow {
  days_count: string;
  status: CalendarEvent['status'];
}

/** A blackout period as the calendar reads it. */
export interface BlackoutRow {
  id: number;
  start_date: string;
  end_date: string;
  reason: string;
  team_id: number | null;
  request_types: BlockableRequestType[];
}

/** What a calendar shows of its company: its name and where its holidays and clock come from. */
export interface CompanyCalendar extends CompanySettings {
  name: string;
}

/** The user a secret feed link names, with their company's subscription (null: none yet). */
export interface FeedUser {
  userId: number;
  companyId: number;
  role: Role;
  emailVerified: boolean;
  disabled: boolean;
  feedVersion: number;
  subscription: SubscriptionTimes | null;
}

const LEAVE_COLUMNS = `l.id, l.employee_name, l.user_id AS employee_user_id, l.request_type, l.start_date, l.end_date,
         l.start_time, l.end_time, l.reason`;

/**
 * Leave of the given statuses between :start and :end. Every column it may read is in
 * leave_requests_calendar_idx (migration 0012), so Postgres answers from the index alone. No ORDER
 * BY: sorting in Postgres cost more than the scan, and calendar files need no order; the screens'
 * order is made by the service.
 */
const leaveBetween = (columns: string) => `
  SELECT ${columns}
    FROM leave_requests l
   WHERE l.company_id = :companyId AND l.status IN (:statuses)
     AND l.end_date >= :start AND l.start_date <= :end`;

/** Who is out between :start and :end: the query behind the calendar screens and the benchmark's plan check. */
export const CALENDAR_EVENTS_SQL = leaveBetween(`${LEAVE_COLUMNS}, l.days_count, l.status`);

/**
 * The exports' query: approved leave only, so without status and day count. On a year's file
 * (25,000 rows) the two columns cost a quarter of the time spent reading the rows.
 */
const EXPORTED_LEAVE_SQL = leaveBetween(LEAVE_COLUMNS);

const COMPANY_CALENDAR_SQL = `SELECT name, country, region, time_zone AS "timeZone" FROM companies WHERE id = :companyId`;

export class CalendarRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /**
   * Approved and pending leave of the company overlapping the range, in no particular order; with a
   * team, that team's members' only.
   */
  eventsBetween(companyId: number, start: string, end: string, teamId?: number): Promise<EventRow[]> {
    const replacements = { companyId, statuses: ['approved', 'pending'], start, end, teamId };
    if (teamId === undefined) return this.rows<EventRow>(CALENDAR_EVENTS_SQL, replacements);
    return this.rows<EventRow>(
      `${CALENDAR_EVENTS_SQL}
         AND l.employee_id IN (SELECT id FROM employees WHERE company_id = :companyId AND team_id = :teamId)`,
      replacements,
    );
  }

  /** Blackout periods overlapping the range: company-wide ones and, with a team, that team's; without, every team's. */
  blackoutsBetween(companyId: number, start: string, end: string, teamId?: number): Promise<BlackoutRow[]> {
    return this.sequelize.query<BlackoutRow>(
      `SELECT b.id, b.start_date::text AS start_date, b.end_date::text AS end_date, b.reason, b.team_id,
              b.request_types
         FROM blackouts b
        WHERE b.company_id = :companyId AND b.end_date >= :start AND b.start_date <= :end
          ${teamId === undefined ? '' : 'AND (b.team_id IS NULL OR b.team_id = :teamId)'}
        ORDER BY b.start_date, b.id`,
      { replacements: { companyId, start, end, teamId }, type: QueryTypes.SELECT },
    );
  }

  /** Approved leave of the company overlapping the range, in no particular order. */
  approvedLeaveBetween(companyId: number, start: string, end: string): Promise<LeaveRow[]> {
    return this.rows<LeaveRow>(EXPORTED_LEAVE_SQL, { companyId, statuses: ['approved'], start, end });
  }

  /**
   * The rows as the driver reads them: a SELECT-typed query would copy each one into a new object
   * first, which on a year's file (25,000 rows) is garbage the calendar has no use for.
   */
  private async rows<Row>(sql: string, replacements: Record<string, unknown>): Promise<Row[]> {
    const [rows] = await this.sequelize.query(sql, { replacements, type: QueryTypes.RAW });
    return rows as Row[];
  }

  async companyCalendar(companyId: number): Promise<CompanyCalendar> {
    return this.one<CompanyCalendar>(COMPANY_CALENDAR_SQL, { companyId });
  }

  /** The company's settings, its row locked until the transaction ends. */
  settingsForUpdate(companyId: number, transaction: Transaction): Promise<CompanySettings> {
    return this.one<CompanySettings>(
      'SELECT country, region, time_zone AS "timeZone" FROM companies WHERE id = :companyId FOR UPDATE',
      { companyId },
      transaction,
    );
  }

  saveSettings(companyId: number, settings: CompanySettings, transaction: Transaction): Promise<CompanySettings> {
    return this.one<CompanySettings>(
      `UPDATE companies SET country = :country, region = :region, time_zone = :timeZone, updated_at = now()
        WHERE id = :companyId
        RETURNING country, region, time_zone AS "timeZone"`,
      { companyId, country: settings.country, region: settings.region ?? null, timeZone: settings.timeZone },
      transaction,
    );
  }

  /** The company of a user whoever asks: a feed link arrives before anyone's company is known. */
  companyOfUser(userId: number): Promise<number | null> {
    return companyOf(this.sequelize, 'user', userId);
  }

  /** The user a feed link names, as the current company sees them; null when there is none. */
  async feedUser(userId: number): Promise<FeedUser | null> {
    const [row] = await this.sequelize.query<{
      id: number;
      company_id: number;
      role: Role;
      email_verified_at: Date | null;
      disabled_at: Date | null;
      calendar_feed_version: number;
      status: SubscriptionTimes['status'] | null;
      current_period_end: Date | null;
      ended_at: Date | null;
      updated_at: Date | null;
    }>(
      `SELECT u.id, u.company_id, u.role, u.email_verified_at, u.disabled_at, u.calendar_feed_version,
              s.status, s.current_period_end, s.ended_at, s.updated_at
         FROM users u LEFT JOIN subscriptions s ON s.company_id = u.company_id
        WHERE u.id = :userId`,
      { replacements: { userId }, type: QueryTypes.SELECT },
    );
    if (!row) return null;
    return {
      userId: row.id,
      companyId: row.company_id,
      role: row.role,
      emailVerified: Boolean(row.email_verified_at),
      disabled: Boolean(row.disabled_at),
      feedVersion: row.calendar_feed_version,
      subscription: row.status
        ? {
            status: row.status,
            currentPeriodEnd: row.current_period_end,
            endedAt: row.ended_at,
            updatedAt: row.updated_at,
          }
        : null,
    };
  }

  async feedVersion(companyId: number, userId: number): Promise<number> {
    const row = await this.one<{ version: number }>(
      'SELECT calendar_feed_version AS version FROM users WHERE id = :userId AND company_id = :companyId',
      { companyId, userId },
    );
    return row.version;
  }

  /** Raises the user's feed version, which retires every feed link given before; answers the new one. */
  async raiseFeedVersion(companyId: number, userId: number): Promise<number> {
    const row = await this.one<{ version: number }>(
      `UPDATE users SET calendar_feed_version = calendar_feed_version + 1, updated_at = now()
        WHERE id = :userId AND company_id = :companyId
        RETURNING calendar_feed_version AS version`,
      { companyId, userId },
    );
    return row.version;
  }

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  /** The one row the statement names; the signed-in caller's own rows exist, so none is a fault. */
  private async one<Row extends object>(
    sql: string,
    replacements: Record<string, unknown>,
    transaction?: Transaction,
  ): Promise<Row> {
    const [row] = await this.sequelize.query<Row>(sql, { replacements, type: QueryTypes.SELECT, transaction });
    if (!row) throw new EmptyResultError(`No row for ${JSON.stringify(replacements)}`);
    return row;
  }
}
