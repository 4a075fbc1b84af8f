import type { BlackoutRecord, CalendarEvent, PublicHoliday } from '@teamfolk/shared/contracts';
import { DAY_MS, isoDateOfUtcTime, utcTimeOf } from '../format/dates';

/** A shown month: the year and the month number, 1 for January. */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** What the month grid and the phone's agenda show: the month, today's date and what is on. */
export interface MonthViewProps {
  month: CalendarMonth;
  today: string;
  events: readonly CalendarEvent[];
  holidays: ReadonlyMap<string, PublicHoliday[]>;
  /** The blackout periods on each day, shaded with their reason. */
  blackouts?: ReadonlyMap<string, BlackoutRecord[]>;
}

/** The days a request to the calendar API covers, both included, as YYYY-MM-DD. */
export interface DateRange {
  start: string;
  end: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The UTC midnights of the month's first and last day. */
function monthTimes({ year, month }: CalendarMonth): { first: number; last: number } {
  return { first: Date.UTC(year, month - 1, 1), last: Date.UTC(year, month, 0) };
}

export function monthOfIsoDate(isoDate: string): CalendarMonth {
  const [year = 1970, month = 1] = isoDate.split('-').map(Number);
  return { year, month };
}

/** 'YYYY-MM', the form the month takes in the address bar. */
export function monthKey({ year, month }: CalendarMonth): string {
  return `${year}-${pad(month)}`;
}

/** Reads 'YYYY-MM'; anything else (a hand-edited address) gives undefined. */
export function parseMonthKey(value: string | null): CalendarMonth | undefined {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year, month } : undefined;
}

export function shiftMonth({ year, month }: CalendarMonth, months: number): CalendarMonth {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The first and the last day of the month (the spec's 'bounds of the shown month'). */
export function monthRange(calendarMonth: CalendarMonth): DateRange {
  const { first, last } = monthTimes(calendarMonth);
  return { start: isoDateOfUtcTime(first), end: isoDateOfUtcTime(last) };
}

export function daysOfMonth(calendarMonth: CalendarMonth): string[] {
  const { first, last } = monthTimes(calendarMonth);
  const days: string[] = [];
  for (let time = first; time <= last; time += DAY_MS) days.push(isoDateOfUtcTime(time));
  return days;
}

/** The weeks of the month grid, Sunday to Saturday; days of the neighbouring months fill the first and last week. */
export function monthWeeks(calendarMonth: CalendarMonth): string[][] {
  const { first, last } = monthTimes(calendarMonth);
  const firstTime = first - new Date(first).getUTCDay() * DAY_MS;
  const lastTime = last + (6 - new Date(last).getUTCDay()) * DAY_MS;
  const weeks: string[][] = [];
  for (let weekStart = firstTime; weekStart <= lastTime; weekStart += 7 * DAY_MS) {
    weeks.push(Array.from({ length: 7 }, (_, weekday) => isoDateOfUtcTime(weekStart + weekday * DAY_MS)));
  }
  return weeks;
}

export function isInMonth(isoDate: string, { year, month }: CalendarMonth): boolean {
  return isoDate.startsWith(`${year}-${pad(month)}-`);
}

/** 0 for Sunday to 6 for Saturday (NaN for what is not a date). */
export function weekdayOf(isoDate: string): number {
  return new Date(utcTimeOf(isoDate) ?? NaN).getUTCDay();
}

/** The events that cover the day, in the order the API sent them (by start date, then name). */
export function eventsOnDay(events: readonly CalendarEvent[], isoDate: string): CalendarEvent[] {
  return events.filter((event) => event.start <= isoDate && isoDate <= event.end);
}

export function holidaysByDate(holidays: readonly PublicHoliday[]): Map<string, PublicHoliday[]> {
  const byDate = new Map<string, PublicHoliday[]>();
  for (const holiday of holidays) byDate.set(holiday.date, [...(byDate.get(holiday.date) ?? []), holiday]);
  return byDate;
}
