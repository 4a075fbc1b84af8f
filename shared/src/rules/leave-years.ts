import { daysInclusive, plusDays } from './iso-days';

/**
 * Leave years. A company's leave year starts on the first day of a month of its choosing (January by
 * default) and runs twelve months; it is named by the calendar year it starts in: with an April start,
 * leave year 2027 runs 1 April 2027 to 31 March 2028.
 *
 * Invariants: every date lies in exactly one leave year (start ≤ date ≤ end); consecutive years touch
 * (a year's end is the day before the next one's start); a year has 365 days, or 366 when it holds a
 * 29 February.
 */

export interface LeaveYearBounds {
  /** Named by the calendar year it starts in. */
  year: number;
  /** First day, YYYY-MM-DD. */
  start: string;
  /** Last day, YYYY-MM-DD. */
  end: string;
}

const monthStart = (year: number, month: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

/** The leave year a date belongs to. `startMonth` is 1 (January) to 12. */
export function leaveYearOf(isoDate: string, startMonth: number): number {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month >= startMonth ? year : year - 1;
}

export function leaveYearBounds(year: number, startMonth: number): LeaveYearBounds {
  return {
    year,
    start: monthStart(year, startMonth),
    end: plusDays(monthStart(year + 1, startMonth), -1),
  };
}

/** The bounds of the leave year a date belongs to. */
export function leaveYearContaining(isoDate: string, startMonth: number): LeaveYearBounds {
  return leaveYearBounds(leaveYearOf(isoDate, startMonth), startMonth);
}

export function daysInLeaveYear(year: number, startMonth: number): number {
  const { start, end } = leaveYearBounds(year, startMonth);
  return daysInclusive(start, end);
}

/** The first day of each of the year's twelve months, in order. */
export function monthStartsOfLeaveYear(year: number, startMonth: number): string[] {
  return Array.from({ length: 12 }, (_, index) => {
    const month = startMonth + index;
    return month > 12 ? monthStart(year + 1, month - 12) : monthStart(year, month);
  });
}

/** The leave years a period touches, in order (one, or more for a period across a year's end). */
export function leaveYearsOfPeriod(from: string, to: string, startMonth: number): number[] {
  const first = leaveYearOf(from, startMonth);
  const last = leaveYearOf(to, startMonth);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
}

/** Whether a date lies in the leave year that holds `today` or in the one after it (the forecast's range). */
export function isInForecastRange(isoDate: string, today: string, startMonth: number): boolean {
  const year = leaveYearOf(isoDate, startMonth) - leaveYearOf(today, startMonth);
  return year === 0 || year === 1;
}
