import { z } from 'zod';
import type { LeaveStatus, RequestType } from './leaves';
import { teamFilterSchema, type BlockableRequestType } from './teams';

export const MAX_CALENDAR_RANGE_DAYS = 366;

/** The fixed name of the iCal export (spec section 7). */
export const ICAL_FILE_NAME = 'teamfolk-leave-calendar.ics';

const calendarDate = (field: string) =>
  z
    .string({ error: `${field} is required (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      // Postgres has no year 0: '0000-01-01' would pass the format and fail the query (a 500).
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '0001-01-01';
    }, `${field} is not a real date`);

/**
 * `?today=YYYY-MM-DD` of the dashboard's upcoming events: the caller's own calendar day, which
 * decides 'Today!' and 'Tomorrow'. Without it, the server's day in UTC.
 */
export const upcomingEventsQuerySchema = z.object({ today: calendarDate('today').optional() });

/** `?start=YYYY-MM-DD&end=YYYY-MM-DD`, both included, at most a year. */
export const calendarRangeSchema = z
  .object({ start: calendarDate('start'), end: calendarDate('end') })
  .refine((range) => range.start <= range.end, { path: ['end'], message: 'end must not be before start' })
  .refine(
    (range) =>
      (Date.parse(`${range.end}T00:00:00Z`) - Date.parse(`${range.start}T00:00:00Z`)) / 86_400_000 <
      MAX_CALENDAR_RANGE_DAYS,
    { path: ['end'], message: `The range may span at most ${MAX_CALENDAR_RANGE_DAYS} days` },
  );

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const TIME_ZONE_RULE = 'timeZone must be an IANA time zone, e.g. Europe/Berlin';

/** An IANA time zone as the browser names it (aliases such as Asia/Calcutta included). */
export const ianaTimeZone = z.string({ error: TIME_ZONE_RULE }).refine(isTimeZone, TIME_ZONE_RULE);

/** An ISO 3166 country code; whether public holidays are known for it is the API's to check. */
export const countryCode = z
  .string({ error: 'country must be a two-letter country code' })
  .regex(/^[A-Z]{2}$/, 'country must be a two-letter country code, e.g. DE');

export const companySettingsSchema = z.object({
  country: countryCode.nullable(),
  region: z
    .string({ error: 'region must be text' })
    .regex(/^[A-Za-z0-9-]{1,10}$/, 'region must be a region code, e.g. BY')
    .nullable()
    .optional(),
  timeZone: ianaTimeZone,
});
export type CompanySettings = z.output<typeof companySettingsSchema>;

/**
 * Who is out (spec section 3). Colleagues see no reason, and a colleague's sick day shows as
 * requestType 'out': health data stays between the employee and the admins.
 */
export interface CalendarEvent {
  id: number;
  employeeName: string;
  requestType: RequestType | 'out';
  start: string;
  end: string;
  startTime: string | null;
  endTime: string | null;
  reason: string | null;
  daysCount: number;
  status: Extract<LeaveStatus, 'approved' | 'pending'>;
}

/**
 * A blackout period on the calendar (issue 30), beside the leave: its own kind, everyone sees it
 * with its reason. `teamId` null: company-wide.
 */
export interface CalendarBlackout {
  kind: 'blackout';
  id: number;
  start: string;
  end: string;
  reason: string;
  teamId: number | null;
  requestTypes: BlockableRequestType[];
}

/** GET /api/calendar/events answers leave (CalendarEvent, no `kind`) and blackout periods. */
export type CalendarEntry = CalendarEvent | CalendarBlackout;

export const isCalendarBlackout = (entry: CalendarEntry): entry is CalendarBlackout =>
  'kind' in entry && entry.kind === 'blackout';

/** `?start=&end=` of the calendar, and `team_id=` to show one team's leave (and its and the company's blackouts). */
export const calendarEventsQuerySchema = z.intersection(calendarRangeSchema, teamFilterSchema);

export interface PublicHoliday {
  date: string;
  name: string;
}

export interface CalendarFeed {
  url: string;
}

export interface GoogleCalendarLinks {
  urls: string[];
}
