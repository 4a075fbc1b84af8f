import { addDays, addMonths, differenceInCalendarDays, format, getISODay, parseISO } from 'date-fns';
import { WEEKDAYS, type Weekday } from '../contracts';

/**
 * Calendar arithmetic on dates as the API speaks them (YYYY-MM-DD). Dates are days, not instants:
 * every function here is independent of the machine's time zone. Such strings sort as the days do,
 * so `a < b` compares two dates.
 */

export const isoDay = (date: Date): string => format(date, 'yyyy-MM-dd');

export function plusDays(isoDate: string, days: number): string {
  return isoDay(addDays(parseISO(isoDate), days));
}

/** The same day of the month `months` later, or that month's last day (31 Jan + 1 month = 28 or 29 Feb). */
export function plusMonths(isoDate: string, months: number): string {
  return isoDay(addMonths(parseISO(isoDate), months));
}

/** Days from `from` to `to`, both included; 0 when `to` is before `from`. */
export function daysInclusive(from: string, to: string): number {
  return Math.max(0, differenceInCalendarDays(parseISO(to), parseISO(from)) + 1);
}

export function weekdayOf(isoDate: string): Weekday {
  return WEEKDAYS[getISODay(parseISO(isoDate)) - 1] as Weekday;
}

/** Every day from `from` to `to`, both included. */
export function eachIsoDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = parseISO(from), last = parseISO(to); day <= last; day = addDays(day, 1)) days.push(isoDay(day));
  return days;
}

export const laterOf = (a: string, b: string): string => (a > b ? a : b);
export const earlierOf = (a: string, b: string): string => (a < b ? a : b);
