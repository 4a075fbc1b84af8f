import { WEEKDAYS, type Weekday } from '../contracts';

/**
 * Calendar arithmetic on dates as the API speaks them (YYYY-MM-DD). Dates are days, not instants, so
 * the arithmetic is done on UTC midnights: independent of the machine's zone (date-fns works in local
 * time, where a daylight-saving change at midnight, as in Brazil, shifts every later day by an hour
 * and ended a loop over days one day early). Such strings sort as the days do: `a < b` compares them.
 */

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a UTC timestamp; years before 100 keep their four digits. */
function isoOf(utcMs: number): string {
  const date = new Date(utcMs);
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Build a UTC midnight without JavaScript's 0–99 → 1900–1999 year mapping. */
function utcMidnight(year: number, monthIndex: number, day: number): number {
  const date = new Date(Date.UTC(2000, monthIndex, day));
  date.setUTCFullYear(year + Math.floor(monthIndex / 12), ((monthIndex % 12) + 12) % 12, day);
  return date.getTime();
}

function utcOf(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  const monthIndex = Number(isoDate.slice(5, 7)) - 1;
  const day = Number(isoDate.slice(8, 10));
  // Date.UTC is the fast path, and right from year 100 on.
  return year >= 100 ? Date.UTC(year, monthIndex, day) : utcMidnight(year, monthIndex, day);
}

export function plusDays(isoDate: string, days: number): string {
  return isoOf(utcOf(isoDate) + days * DAY_MS);
}

/** The same day of the month `months` later, or that month's last day (31 Jan + 1 month = 28 or 29 Feb). */
export function plusMonths(isoDate: string, months: number): string {
  const year = Number(isoDate.slice(0, 4));
  const monthIndex = Number(isoDate.slice(5, 7)) - 1 + months;
  const lastDay = new Date(utcMidnight(year, monthIndex + 1, 0)).getUTCDate();
  return isoOf(utcMidnight(year, monthIndex, Math.min(Number(isoDate.slice(8, 10)), lastDay)));
}

/** Days from `from` to `to`, both included; 0 when `to` is before `from`. */
export function daysInclusive(from: string, to: string): number {
  return Math.max(0, Math.round((utcOf(to) - utcOf(from)) / DAY_MS) + 1);
}

export function weekdayOf(isoDate: string): Weekday {
  return WEEKDAYS[(new Date(utcOf(isoDate)).getUTCDay() + 6) % 7] as Weekday;
}

/** Every day from `from` to `to`, both included. */
export function eachIsoDay(from: string, to: string): string[] {
  const first = utcOf(from);
  return Array.from({ length: daysInclusive(from, to) }, (_, index) => isoOf(first + index * DAY_MS));
}

export const laterOf = (a: string, b: string): string => (a > b ? a : b);
export const earlierOf = (a: string, b: string): string => (a < b ? a : b);
