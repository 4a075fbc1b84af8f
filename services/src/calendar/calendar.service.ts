import { addDays, format } from 'date-fns';
import ical from 'ical-generator';
import pLimit from 'p-limit';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { QueryTypes, type Sequelize } from 'sequelize';
import {
  calendarTexts,
  Company,
  companyOf,
  REQUEST_TYPE_LABELS,
  runAsCompany,
  User,
  type CalendarEvent,
  type CompanySettings,
  type PublicHoliday,
} from '@teamfolk/shared';
import { recordAudit } from '../audit/audit';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { feedToken, feedTokenMatches, feedUserId } from './calendar-feed';
import { compactDate, dayAfter, icalEvent, utcStamp } from './ical-events';
import { isKnownHolidayRegion, publicHolidays } from './holidays';

interface EventRow {
  id: number;
  employee_name: string;
  employee_user_id: number | null;
  request_type: CalendarEvent['requestType'];
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  reason: string | null;
  days_count: string;
  status: CalendarEvent['status'];
}

export interface CalendarSettings {
  jwtSecret: string;
  appUrl: string;
}

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
/**
 * Calendar files written at once per process: each is CPU work on thousands of rows, so more at a
 * time only adds memory (every one holds its rows and text), not speed.
 */
const calendarFiles = pLimit(2);

/** Who is out between :start and :end: the query behind the calendar, its exports and the benchmark's plan check. */
export const CALENDAR_EVENTS_SQL = `
  SELECT l.id, l.employee_name, l.user_id AS employee_user_id, l.request_type, l.start_date, l.end_date,
         l.start_time, l.end_time, l.reason, l.days_count, l.status
    FROM leave_requests l
   WHERE l.company_id = :companyId AND l.status IN (:statuses)
     AND l.end_date >= :start AND l.start_date <= :end
   ORDER BY l.start_date, lower(l.employee_name), l.id`;

/** External calendars get a year back and a year ahead: enough to plan, bounded to stay fast. */
const EXPORT_WINDOW_DAYS = 365;

/** Who is out, public holidays, and the same in the calendars people already use. */
export class CalendarService {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly settings: CalendarSettings,
  ) {}

  async events(
    viewer: AuthContext,
    start: string,
    end: string,
    statuses: CalendarEvent['status'][] = ['approved', 'pending'],
  ): Promise<CalendarEvent[]> {
    const rows = await this.sequelize.query<EventRow>(CALENDAR_EVENTS_SQL, {
      replacements: { companyId: viewer.companyId, statuses, start, end },
      type: QueryTypes.SELECT,
    });
    return rows.map((row) => presentEvent(row, viewer));
  }

  async holidays(viewer: AuthContext, start: string, end: string): Promise<PublicHoliday[]> {
    const company = await this.company(viewer.companyId);
    return publicHolidays(company.country, company.region, start, end);
  }

  async ical(viewer: AuthContext): Promise<string> {
    return calendarFiles(async () => {
      const company = await this.company(viewer.companyId);
      const today = new Date();
      const events = await this.events(
        viewer,
        iso(addDays(today, -EXPORT_WINDOW_DAYS)),
        iso(addDays(today, EXPORT_WINDOW_DAYS)),
        ['approved'],
      );
      return icalText(company, events);
    });
  }

  async googleLinks(viewer: AuthContext): Promise<string[]> {
    const company = await this.company(viewer.companyId);
    const today = new Date();
    const events = await this.events(viewer, iso(today), iso(addDays(today, EXPORT_WINDOW_DAYS)), ['approved']);
    return events.map((event) => googleTemplateUrl(event, company.timeZone));
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
  async feed(token: string): Promise<string> {
    const userId = feedUserId(token);
    const companyId = userId === null ? null : await companyOf(this.sequelize, 'user', userId);
    return runAsCompany(companyId, () => this.feedOf(userId, token));
  }

  private async feedOf(userId: number | null, token: string): Promise<string> {
    const user = userId === null ? null : await User.findByPk(userId);
    if (
      !user ||
      user.disabledAt ||
      !feedTokenMatches(this.settings.jwtSecret, token, user.id, user.calendarFeedVersion)
    ) {
      throw new HttpError(404, calendarTexts.feedNotFound);
    }
    return this.ical({
      userId: user.id,
      companyId: user.companyId,
      role: user.role,
      emailVerified: Boolean(user.emailVerifiedAt),
    });
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

function presentEvent(row: EventRow, viewer: AuthContext): CalendarEvent {
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
    daysCount: Number(row.days_count),
    status: row.status,
  };
}

function eventTitle(event: CalendarEvent): string {
  const label = event.requestType === 'out' ? calendarTexts.out : REQUEST_TYPE_LABELS[event.requestType];
  return `${event.employeeName}: ${label}`;
}

/** The calendar file: ical-generator writes the calendar and its VTIMEZONE, ical-events.ts the events. */
function icalText(company: Company, events: CalendarEvent[]): string {
  const zoned = company.timeZone !== 'UTC';
  const shell = ical({
    name: `${company.name} · who is out`,
    prodId: { company: 'Teamfolk', product: 'leave-calendar', language: 'EN' },
    ...(zoned ? { timezone: { name: company.timeZone, generator: getVtimezoneComponent } } : {}),
  }).toString();
  const options = { timeZone: company.timeZone, stamp: utcStamp(new Date()), title: eventTitle };
  const end = shell.lastIndexOf('END:VCALENDAR');
  return `${shell.slice(0, end)}${events.map((event) => icalEvent(event, options)).join('')}${shell.slice(end)}`;
}

/** Google Calendar's event template link: all-day dates end exclusive; timed ones carry the zone. */
function googleTemplateUrl(event: CalendarEvent, timeZone: string): string {
  const partial = Boolean(event.startTime && event.endTime);
  const dates = partial
    ? `${compactDate(event.start)}T${event.startTime!.replace(':', '')}00/${compactDate(event.start)}T${event.endTime!.replace(':', '')}00`
    : `${compactDate(event.start)}/${dayAfter(event.end)}`;
  const params = new URLSearchParams({ action: 'TEMPLATE', text: eventTitle(event), dates });
  if (event.reason) params.set('details', event.reason);
  if (partial) params.set('ctz', timeZone);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
