import { addDays, format } from 'date-fns';
import pLimit from 'p-limit';
import type { Sequelize } from 'sequelize';
import {
  calendarTexts,
  canAccess,
  recordAudit,
  runAsCompany,
  type CalendarEntry,
  type CalendarEvent,
  type CompanySettings,
  type PublicHoliday,
} from '@teamfolk/shared';
import { assertSubscriptionLive } from '../billing/subscription-expired.middleware';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { feedToken, feedTokenMatches, feedUserId } from './calendar-feed';
import { CalendarRepository, type EventRow, type LeaveRow } from './calendar.repository';
import { compactDate, dayAfter, eventTitle, type ExportedLeave } from './ical-events';
import type { CalendarFile } from './ical-file';
import { isKnownHolidayRegion, publicHolidays } from './holidays';
import { partialDayClock } from './ical-zones';
import { sortByStartThenName } from './name-order';

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

/** External calendars get a year back and a year ahead: enough to plan, bounded to stay fast. */
const EXPORT_WINDOW_DAYS = 365;

/** Who is out, public holidays, and the same in the calendars people already use. */
export class CalendarService {
  private readonly repository: CalendarRepository;

  constructor(
    sequelize: Sequelize,
    private readonly settings: CalendarSettings,
  ) {
    this.repository = new CalendarRepository(sequelize);
  }

  /**
   * Approved and pending leave of the range as the screens list it: by start date, then by name. An
   * admin sees every reason; an employee their own leave in full and colleagues' in part. Then the
   * blackout periods of the range, by start date. With a team: its members' leave, and its and the
   * company's periods.
   */
  async events(viewer: AuthContext, start: string, end: string, teamId?: number): Promise<CalendarEntry[]> {
    return calendarRanges(async () => {
      // One after the other: a calendar month takes one pooled connection at a time.
      const rows = await this.repository.eventsBetween(viewer.companyId, start, end, teamId);
      const blackouts = await this.repository.blackoutsBetween(viewer.companyId, start, end, teamId);
      const leave: CalendarEntry[] = sortByStartThenName(rows.map((row) => presentEvent(row, viewer)));
      return leave.concat(
        blackouts.map((row) => ({
          kind: 'blackout',
          id: row.id,
          start: row.start_date,
          end: row.end_date,
          reason: row.reason,
          teamId: row.team_id,
          requestTypes: row.request_types,
        })),
      );
    });
  }

  /** Approved leave of the range as the viewer may see it, in no particular order. */
  private async exportedLeave(viewer: AuthContext, start: string, end: string): Promise<ExportedLeave[]> {
    const rows = await this.repository.approvedLeaveBetween(viewer.companyId, start, end);
    return rows.map((row) => presentLeave(row, viewer));
  }

  async holidays(viewer: AuthContext, start: string, end: string): Promise<PublicHoliday[]> {
    const company = await this.repository.companyCalendar(viewer.companyId);
    return publicHolidays(company.country, company.region ?? null, start, end);
  }

  /**
   * The viewer's calendar file, a year back and a year ahead, read in the exports' turn. Calendar
   * apps order events themselves: the file's order is not worth a sort.
   */
  async calendarFile(viewer: AuthContext): Promise<CalendarFile> {
    const today = new Date();
    const [company, leave] = await calendarExports(() =>
      Promise.all([
        this.repository.companyCalendar(viewer.companyId),
        this.exportedLeave(viewer, iso(addDays(today, -EXPORT_WINDOW_DAYS)), iso(addDays(today, EXPORT_WINDOW_DAYS))),
      ]),
    );
    return { company, leave };
  }

  async googleLinks(viewer: AuthContext): Promise<string[]> {
    return calendarExports(async () => {
      const today = new Date();
      const [company, leave] = await Promise.all([
        this.repository.companyCalendar(viewer.companyId),
        this.exportedLeave(viewer, iso(today), iso(addDays(today, EXPORT_WINDOW_DAYS))),
      ]);
      // The console opens the first link: the next leave to start.
      const { tzid } = partialDayClock(company.timeZone);
      return sortByStartThenName(leave).map((event) => googleTemplateUrl(event, tzid ?? company.timeZone));
    });
  }

  async feedUrl(viewer: AuthContext): Promise<string> {
    return this.urlFor(viewer.userId, await this.repository.feedVersion(viewer.companyId, viewer.userId));
  }

  async regenerateFeed(viewer: AuthContext): Promise<string> {
    return this.urlFor(viewer.userId, await this.repository.raiseFeedVersion(viewer.companyId, viewer.userId));
  }

  /** The secret feed: no bearer token, only the user's view of their own company. */
  async feed(token: string): Promise<CalendarFile> {
    const userId = feedUserId(token);
    const companyId = userId === null ? null : await this.repository.companyOfUser(userId);
    return runAsCompany(companyId, () => this.feedOf(userId, token));
  }

  private async feedOf(userId: number | null, token: string): Promise<CalendarFile> {
    const user = userId === null ? null : await this.repository.feedUser(userId);
    if (!user || user.disabled || !feedTokenMatches(this.settings.jwtSecret, token, user.userId, user.feedVersion)) {
      throw new HttpError(404, calendarTexts.feedNotFound);
    }
    // Closed with the rest of the product: names and sick days stop reaching subscribed calendars.
    assertSubscriptionLive(user.subscription);
    return this.calendarFile({
      userId: user.userId,
      companyId: user.companyId,
      role: user.role,
      emailVerified: user.emailVerified,
    });
  }

  async getSettings(viewer: AuthContext): Promise<CompanySettings> {
    const company = await this.repository.companyCalendar(viewer.companyId);
    return { country: company.country, region: company.region, timeZone: company.timeZone };
  }

  async saveSettings(viewer: AuthContext, input: CompanySettings): Promise<CompanySettings & { message: string }> {
    const region = input.country ? (input.region ?? null) : null;
    if (input.country && !isKnownHolidayRegion(input.country, region)) {
      throw new HttpError(400, calendarTexts.unknownCountry, { field: region ? 'region' : 'country' });
    }
    return this.repository.transaction(async (transaction) => {
      const before = await this.repository.settingsForUpdate(viewer.companyId, transaction);
      const after = await this.repository.saveSettings(
        viewer.companyId,
        { country: input.country, region, timeZone: input.timeZone },
        transaction,
      );
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

  private urlFor(userId: number, feedVersion: number): string {
    return new URL(
      `/api/calendar/feed/${feedToken(this.settings.jwtSecret, userId, feedVersion)}.ics`,
      this.settings.appUrl,
    ).toString();
  }
}

function presentLeave(row: LeaveRow, viewer: AuthContext): ExportedLeave {
  const own = row.employee_user_id === viewer.userId;
  const fullView = canAccess(viewer, { resource: 'leaves', action: 'showDetails', record: { own } });
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
