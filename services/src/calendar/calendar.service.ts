import { addDays, format } from 'date-fns';
import ical from 'ical-generator';
import pLimit from 'p-limit';
import { QueryTypes, type Sequelize } from 'sequelize';
import {
  calendarTexts,
  Company,
  companyOf,
  REQUEST_TYPE_LABELS,
  runAsCompany,
  Subscription,
  User,
  type CalendarEvent,
  type CompanySettings,
  type PublicHoliday,
} from '@teamfolk/shared';
import { recordAudit } from '../audit/audit';
import { assertSubscriptionLive } from '../billing/subscription-expired.middleware';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { feedToken, feedTokenMatches, feedUserId } from './calendar-feed';
import { compactDate, dayAfter, escapeText, icalEvent, utcStamp, type ExportedLeave } from './ical-events';
import { isKnownHolidayRegion, publicHolidays } from './holidays';
import { partialDayClock } from './ical-zones';
import { sortByStartThenName } from './name-order';

interface LeaveRow {
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

interface EventRow extends LeaveRow {
  days_count: string;
  status: CalendarEvent['status'];
}

export interface CalendarSettings {
  jwtSecret: string;
  appUrl: string;
}

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
/**
 * Calendars read at once per process; the others wait their turn before reading any. Each is CPU
 * work on thousands of rows, so more at a time only adds memory, not speed: unlimited, as many as
 * the database pool has connections held their rows while waiting for the CPU. The screens' ranges
 * and the exports queue apart, so that a month never waits behind a year's file. A file's turn ends
 * once its rows are read: writing it out waits on its client, and a slow one must not hold up
 * anyone else's.
 */
export const CALENDAR_BUILDS_AT_ONCE = 2;
const calendarRanges = pLimit(CALENDAR_BUILDS_AT_ONCE);
const calendarExports = pLimit(CALENDAR_BUILDS_AT_ONCE);

const LEAVE_COLUMNS = `l.id, l.employee_name, l.user_id AS employee_user_id, l.request_type, l.start_date, l.end_date,
         l.start_time, l.end_time, l.reason`;

/**
 * Leave of the given statuses between :start and :end. Every column it may read is in
 * leave_requests_calendar_idx (migration 0012), so Postgres answers from the index alone. No ORDER
 * BY: sorting in Postgres cost more than the scan, and calendar files need no order; the screens'
 * order is made in `events`.
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

/** External calendars get a year back and a year ahead: enough to plan, bounded to stay fast. */
const EXPORT_WINDOW_DAYS = 365;

/** Who is out, public holidays, and the same in the calendars people already use. */
export class CalendarService {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly settings: CalendarSettings,
  ) {}

  /**
   * Approved and pending leave of the range as the screens list it: by start date, then by name. An
   * admin sees every reason; an employee their own leave in full and colleagues' in part.
   */
  async events(viewer: AuthContext, start: string, end: string): Promise<CalendarEvent[]> {
    return calendarRanges(async () => {
      const rows = await this.rows<EventRow>(CALENDAR_EVENTS_SQL, {
        companyId: viewer.companyId,
        statuses: ['approved', 'pending'],
        start,
        end,
      });
      return sortByStartThenName(rows.map((row) => presentEvent(row, viewer)));
    });
  }

  /** Approved leave of the range, in no particular order. */
  private async exportedLeave(viewer: AuthContext, start: string, end: string): Promise<ExportedLeave[]> {
    const rows = await this.rows<LeaveRow>(EXPORTED_LEAVE_SQL, {
      companyId: viewer.companyId,
      statuses: ['approved'],
      start,
      end,
    });
    return rows.map((row) => presentLeave(row, viewer));
  }

  /**
   * The rows as the driver reads them: a SELECT-typed query would copy each one into a new object
   * first, which on a year's file (25,000 rows) is garbage the calendar has no use for.
   */
  private async rows<Row>(sql: string, replacements: Record<string, unknown>): Promise<Row[]> {
    const [rows] = await this.sequelize.query(sql, { replacements, type: QueryTypes.RAW });
    return rows as Row[];
  }

  async holidays(viewer: AuthContext, start: string, end: string): Promise<PublicHoliday[]> {
    const company = await this.company(viewer.companyId);
    return publicHolidays(company.country, company.region, start, end);
  }

  /**
   * Writes the viewer's calendar file to `out` as it is made. Nothing is written before the rows
   * are read, so a failure up to then can still be answered as an error.
   */
  async ical(viewer: AuthContext, out: CalendarFileOutput): Promise<void> {
    const today = new Date();
    // Calendar apps order events themselves: the file's order is not worth a sort.
    const [company, leave] = await calendarExports(() =>
      Promise.all([
        this.company(viewer.companyId),
        this.exportedLeave(viewer, iso(addDays(today, -EXPORT_WINDOW_DAYS)), iso(addDays(today, EXPORT_WINDOW_DAYS))),
      ]),
    );
    await writeIcalFile(company, leave, out);
  }

  async googleLinks(viewer: AuthContext): Promise<string[]> {
    return calendarExports(async () => {
      const today = new Date();
      const [company, leave] = await Promise.all([
        this.company(viewer.companyId),
        this.exportedLeave(viewer, iso(today), iso(addDays(today, EXPORT_WINDOW_DAYS))),
      ]);
      // The console opens the first link: the next leave to start.
      const { tzid } = partialDayClock(company.timeZone);
      return sortByStartThenName(leave).map((event) => googleTemplateUrl(event, tzid ?? company.timeZone));
    });
  }

  async feedUrl(viewer: AuthContext): Promise<string> {
    return this.urlFor(await this.userOf(viewer));
  }

  async regenerateFeed(viewer: AuthContext): Promise<string> {
    const user = await this.userOf(viewer);
    await user.increment('calendarFeedVersion');
    await user.reload();
    return this.urlFor(user);
  }

  /** The secret feed: no bearer token, only the user's view of their own company. */
  async feed(token: string, out: CalendarFileOutput): Promise<void> {
    const userId = feedUserId(token);
    const companyId = userId === null ? null : await companyOf(this.sequelize, 'user', userId);
    return runAsCompany(companyId, () => this.feedOf(userId, token, out));
  }

  private async feedOf(userId: number | null, token: string, out: CalendarFileOutput): Promise<void> {
    const user = userId === null ? null : await User.findByPk(userId);
    if (
      !user ||
      user.disabledAt ||
      !feedTokenMatches(this.settings.jwtSecret, token, user.id, user.calendarFeedVersion)
    ) {
      throw new HttpError(404, calendarTexts.feedNotFound);
    }
    // Closed with the rest of the product: names and sick days stop reaching subscribed calendars.
    assertSubscriptionLive(await Subscription.findOne({ where: { companyId: user.companyId } }));
    return this.ical(
      { userId: user.id, companyId: user.companyId, role: user.role, emailVerified: Boolean(user.emailVerifiedAt) },
      out,
    );
  }

  async getSettings(viewer: AuthContext): Promise<CompanySettings> {
    const company = await this.company(viewer.companyId);
    return { country: company.country, region: company.region, timeZone: company.timeZone };
  }

  async saveSettings(viewer: AuthContext, input: CompanySettings): Promise<CompanySettings & { message: string }> {
    const region = input.country ? (input.region ?? null) : null;
    if (input.country && !isKnownHolidayRegion(input.country, region)) {
      throw new HttpError(400, calendarTexts.unknownCountry, { field: region ? 'region' : 'country' });
    }
    return this.sequelize.transaction(async (transaction) => {
      const company = await Company.findByPk(viewer.companyId, {
        transaction,
        lock: transaction.LOCK.UPDATE,
        rejectOnEmpty: true,
      });
      const before = { country: company.country, region: company.region, timeZone: company.timeZone };
      await company.update({ country: input.country, region, timeZone: input.timeZone }, { transaction });
      const after = { country: company.country, region: company.region, timeZone: company.timeZone };
      await recordAudit(transaction, viewer, {
        action: 'company.calendar_settings_updated',
        entity: 'company',
        entityId: viewer.companyId,
        before,
        after,
      });
      return { ...after, message: calendarTexts.settingsSaved };
    });
  }

  private userOf(viewer: AuthContext): Promise<User> {
    return User.findOne({ where: { id: viewer.userId, companyId: viewer.companyId }, rejectOnEmpty: true });
  }

  private company(companyId: number): Promise<Company> {
    return Company.findByPk(companyId, { rejectOnEmpty: true });
  }

  private urlFor(user: User): string {
    return new URL(
      `/api/calendar/feed/${feedToken(this.settings.jwtSecret, user.id, user.calendarFeedVersion)}.ics`,
      this.settings.appUrl,
    ).toString();
  }
}

function presentLeave(row: LeaveRow, viewer: AuthContext): ExportedLeave {
  const fullView = viewer.role === 'admin' || row.employee_user_id === viewer.userId;
  return {
    id: row.id,
    employeeName: row.employee_name,
    requestType: !fullView && row.request_type === 'sick_day' ? 'out' : row.request_type,
    start: row.start_date,
    end: row.end_date,
    startTime: row.start_time?.slice(0, 5) ?? null,
    endTime: row.end_time?.slice(0, 5) ?? null,
    reason: fullView ? row.reason : null,
  };
}

function presentEvent(row: EventRow, viewer: AuthContext): CalendarEvent {
  // Not a spread: copying into a new object took longer than reading the rows from Postgres.
  return Object.assign(presentLeave(row, viewer), { daysCount: Number(row.days_count), status: row.status });
}

function eventTitle(event: ExportedLeave): string {
  const label = event.requestType === 'out' ? calendarTexts.out : REQUEST_TYPE_LABELS[event.requestType];
  return `${event.employeeName}: ${label}`;
}

/** Where a calendar file goes (an HTTP response): written to piece by piece, until it is closed. */
export interface CalendarFileOutput {
  /** False when the piece had to wait in memory for a slow client: wait for `drained` before the next. */
  write(text: string): boolean;
  /** Resolves once the client has taken what waited, or has gone. */
  drained(): Promise<void>;
  readonly destroyed: boolean;
}

/**
 * Characters of a calendar file handed on at once. Writing a piece encodes it into a buffer of up to
 * three bytes a character; at 32 Ki characters that stays under glibc's 128 KiB mmap threshold, so
 * the buffers come from and go back to malloc's heap. Larger ones are mapped and unmapped each
 * time, and each unmapping raises the threshold to its size: from then on, blocks of that size
 * stay resident once freed.
 */
export const ICAL_PIECE_CHARACTERS = 32 * 1024;

/**
 * The calendar file: ical-generator writes the calendar and its VTIMEZONE, ical-events.ts the events.
 * The file goes out in pieces as it is written: a whole file (25,000 events, 6.5 MB for a 2,000-person
 * company) held at once, as one string or one buffer, is a large block per request that the process
 * kept resident after it was freed. A name outside Latin-1 makes only its own piece a two-byte string.
 */
export async function writeIcalFile(
  company: Pick<Company, 'name' | 'timeZone'>,
  events: ExportedLeave[],
  out: CalendarFileOutput,
): Promise<void> {
  const clock = partialDayClock(company.timeZone);
  const shell = ical({
    // ical-generator writes the name as given (NAME and X-WR-CALNAME); it folds but does not escape it.
    name: escapeText(`${company.name} · who is out`),
    prodId: { company: 'Teamfolk', product: 'leave-calendar', language: 'EN' },
    ...(clock.tzid !== null && { timezone: { name: clock.tzid, generator: () => clock.vtimezone } }),
  }).toString();
  const options = { clock, stamp: utcStamp(new Date()), title: eventTitle };
  const end = shell.lastIndexOf('END:VCALENDAR');
  let piece = shell.slice(0, end);
  for (const event of events) {
    const text = icalEvent(event, options);
    if (piece.length + text.length > ICAL_PIECE_CHARACTERS) {
      // A slow client makes the pieces wait: the process then holds no more than one of them.
      if (out.write(piece)) {
        // A response corks what is written in one tick into one write, encoded into one buffer: each
        // piece goes on its own. Not a turn of the event loop: two files would then be written in
        // turns, and both finish late.
        await new Promise((resolve) => process.nextTick(resolve));
      } else {
        await out.drained();
      }
      // The client went away: the rest of the file would go nowhere.
      if (out.destroyed) return;
      piece = '';
    }
    piece += text;
  }
  out.write(piece + shell.slice(end));
}

/** Google Calendar's event template link: all-day dates end exclusive; timed ones carry the zone. */
function googleTemplateUrl(event: ExportedLeave, timeZone: string): string {
  const partial = Boolean(event.startTime && event.endTime);
  const dates = partial
    ? `${compactDate(event.start)}T${event.startTime!.replace(':', '')}00/${compactDate(event.start)}T${event.endTime!.replace(':', '')}00`
    : `${compactDate(event.start)}/${dayAfter(event.end)}`;
  const params = new URLSearchParams({ action: 'TEMPLATE', text: eventTitle(event), dates });
  if (event.reason) params.set('details', event.reason);
  if (partial) params.set('ctz', timeZone);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
