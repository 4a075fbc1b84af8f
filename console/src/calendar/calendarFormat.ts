import { calendarDayFormat, formatIsoDate, formatShortDate } from '../format/dates';
import type { CalendarMonth } from './calendarMonth';

const monthTitleFormat = calendarDayFormat({ month: 'long', year: 'numeric' });
const fullDateFormat = calendarDayFormat({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const weekdayLongFormat = calendarDayFormat({ weekday: 'long' });
const weekdayShortFormat = calendarDayFormat({ weekday: 'short' });

/** March 2026. */
export function formatMonthTitle({ year, month }: CalendarMonth): string {
  return monthTitleFormat.format(Date.UTC(year, month - 1, 1));
}

/** Monday, March 2, 2026. */
export function formatFullDate(isoDate: string): string {
  return formatIsoDate(isoDate, fullDateFormat);
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

/** The day of the month without a leading zero. */
export function dayNumberOf(isoDate: string): number {
  return Number(isoDate.slice(8, 10));
}
