import { differenceInCalendarDays, eachDayOfInterval, format, isWeekend, parseISO } from 'date-fns';
import { DEFAULT_WORKDAY_HOURS, insufficientBalanceText, type LeaveType, type RequestType } from '../contracts';
import { oneDecimal } from './balances';

export interface LeaveDuration {
  /** Working days; a partial day is its hours as a fraction of the working day. */
  days: number;
  hours: number;
}

export interface LeavePeriod {
  leaveType: LeaveType;
  startDate: string;
  endDate: string;
  startTime?: string | null;
  endTime?: string | null;
}

export interface WorkCalendar {
  /** Public holidays as YYYY-MM-DD. */
  holidays?: ReadonlySet<string>;
  workdayHours?: number;
}

const toDate = (isoDate: string) => parseISO(isoDate);
const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');

export function isWorkingDay(isoDate: string, holidays: ReadonlySet<string> = new Set()): boolean {
  return !isWeekend(toDate(isoDate)) && !holidays.has(isoDate);
}

/** Monday to Friday from start to end inclusive, less public holidays. */
export function countWorkingDays(
  startDate: string,
  endDate: string,
  holidays: ReadonlySet<string> = new Set(),
): number {
  if (endDate < startDate) return 0;
  return eachDayOfInterval({ start: toDate(startDate), end: toDate(endDate) }).filter(
    (day) => !isWeekend(day) && !holidays.has(isoDay(day)),
  ).length;
}

/** Calendar days a request spans, first and last included. */
export function spanInDays(startDate: string, endDate: string): number {
  return differenceInCalendarDays(toDate(endDate), toDate(startDate)) + 1;
}

function minutesOf(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

/** What a request counts: working days, and the hours that an hours-bank request takes. */
export function leaveDuration(
  period: LeavePeriod,
  { holidays = new Set(), workdayHours = DEFAULT_WORKDAY_HOURS }: WorkCalendar = {},
): LeaveDuration {
  if (period.leaveType === 'partial_day') {
    if (!isWorkingDay(period.startDate, holidays) || !period.startTime || !period.endTime) return { days: 0, hours: 0 };
    const hours = Math.min(workdayHours, (minutesOf(period.endTime) - minutesOf(period.startTime)) / 60);
    return { days: oneDecimal(hours / workdayHours), hours: oneDecimal(Math.max(0, hours)) };
  }
  const days = countWorkingDays(period.startDate, period.endDate, holidays);
  return { days, hours: oneDecimal(days * workdayHours) };
}

/** A request that counts no working day (weekends and public holidays only) is refused: there is nothing to take. */
export function countsNoWorkingDay(duration: LeaveDuration): boolean {
  return duration.days === 0;
}

export type BalanceKind = 'vacation' | 'sick' | 'bank';

/** Which balance a request type draws on; 'other' touches none. */
export function balanceKindOf(requestType: RequestType): BalanceKind | null {
  switch (requestType) {
    case 'vacation':
      return 'vacation';
    case 'sick_day':
      return 'sick';
    case 'hours_bank':
      return 'bank';
    case 'other':
      return null;
  }
}

/** Days for vacation and sick leave, hours for the hours bank. */
export function amountDrawn(kind: BalanceKind, duration: LeaveDuration): number {
  return kind === 'bank' ? duration.hours : duration.days;
}

/**
 * Vacation and the hours bank may not go below zero; sick days may (the caller warns). Returns the
 * refusal text, or null when the request fits.
 */
export function balanceRefusal(kind: BalanceKind, remaining: number, requested: number): string | null {
  if (kind === 'sick' || requested <= remaining) return null;
  return insufficientBalanceText(kind === 'vacation' ? 'vacation' : 'hours bank', oneDecimal(remaining), requested);
}

export interface TimedPeriod {
  startDate: string;
  endDate: string;
  startTime?: string | null;
  endTime?: string | null;
}

/** Two requests collide when their dates overlap, unless both are partial days at separate hours. */
export function periodsOverlap(a: TimedPeriod, b: TimedPeriod): boolean {
  if (a.startDate > b.endDate || b.startDate > a.endDate) return false;
  if (a.startTime && a.endTime && b.startTime && b.endTime) {
    return a.startTime < b.endTime && b.startTime < a.endTime;
  }
  return true;
}
