import { utcTimeOf, type CalendarMonth } from './calendarMonth';

// Calendar days are formatted as UTC midnights: read in UTC they cannot slip to the previous day in western time zones.
const utc = { timeZone: 'UTC' } as const;
const monthTitleFormat = new Intl.DateTimeFormat('en-US', { ...utc, month: 'long', year: 'numeric' });
const fullDateFormat = new Intl.DateTimeFormat('en-US', {
  ...utc,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const shortDateFormat = new Intl.DateTimeFormat('en-US', { ...utc, weekday: 'short', month: 'short', day: 'numeric' });
const weekdayLongFormat = new Intl.DateTimeFormat('en-US', { ...utc, weekday: 'long' });
const weekdayShortFormat = new Intl.DateTimeFormat('en-US', { ...utc, weekday: 'short' });
const monthShortFormat = new Intl.DateTimeFormat('en-US', { ...utc, month: 'short' });
const dayCountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** March 2026. */
export function formatMonthTitle({ year, month }: CalendarMonth): string {
  return monthTitleFormat.format(Date.UTC(year, month - 1, 1));
}

/** Monday, March 2, 2026. */
export function formatFullDate(isoDate: string): string {
  return fullDateFormat.format(utcTimeOf(isoDate));
}

/** Mon, Mar 2. */
export function formatShortDate(isoDate: string): string {
  return shortDateFormat.format(utcTimeOf(isoDate));
}

/** Mar, for the date badges of the agenda. */
export function formatMonthShort(isoDate: string): string {
  return monthShortFormat.format(utcTimeOf(isoDate));
}

/** The weekday names from Sunday (January 4, 1970 was a Sunday), long and short. */
export const WEEKDAYS = Array.from({ length: 7 }, (_, weekday) => {
  const time = Date.UTC(1970, 0, 4 + weekday);
  return { long: weekdayLongFormat.format(time), short: weekdayShortFormat.format(time) };
});

/** Mon, Mar 2 – Wed, Mar 4; a single day alone. */
export function formatPeriod(start: string, end: string): string {
  return start === end ? formatShortDate(start) : `${formatShortDate(start)} – ${formatShortDate(end)}`;
}

/** Working days to at most one decimal: 3, 0.5. */
export function formatDayCount(days: number): string {
  return dayCountFormat.format(days);
}

/** The day of the month without a leading zero. */
export function dayNumberOf(isoDate: string): number {
  return Number(isoDate.slice(8, 10));
}
