/**
 * Calendar days as the API sends them, YYYY-MM-DD, for every screen. They are handled and formatted as UTC
 * midnights: that way no time zone or daylight-saving change can shift one to the previous day.
 */

export const DAY_MS = 86_400_000;

const pad = (value: number) => String(value).padStart(2, '0');

/** The user's own calendar day as YYYY-MM-DD. */
export function todayAsIsoDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The UTC midnight of a YYYY-MM-DD day; undefined for anything else. */
export function utcTimeOf(isoDate: string): number | undefined {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return undefined;
  return Date.UTC(year, month - 1, day);
}

/** The calendar day of a UTC time as YYYY-MM-DD. */
export function isoDateOfUtcTime(time: number): string {
  const date = new Date(time);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A calendar day moved by whole days, YYYY-MM-DD in and out. */
export function addDaysToIsoDate(isoDate: string, days: number): string {
  const time = utcTimeOf(isoDate);
  return time === undefined ? isoDate : isoDateOfUtcTime(time + days * DAY_MS);
}

/** An en-US format for calendar days: it reads their UTC midnights in UTC. */
export function calendarDayFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
}

/** The day in a calendar-day format; the text itself when it is not a YYYY-MM-DD date. */
export function formatIsoDate(isoDate: string, format: Intl.DateTimeFormat): string {
  const time = utcTimeOf(isoDate);
  return time === undefined ? isoDate : format.format(time);
}

const shortDateFormat = calendarDayFormat({ weekday: 'short', month: 'short', day: 'numeric' });

/** 2026-03-02 → Mon, Mar 2. */
export function formatShortDate(isoDate: string): string {
  return formatIsoDate(isoDate, shortDateFormat);
}
