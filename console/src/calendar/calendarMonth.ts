import type { CalendarEvent, PublicHoliday } from '@teamfolk/shared/contracts';

/** A shown month: the year and the month number, 1 for January. */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** The days a request to the calendar API covers, both included, as YYYY-MM-DD. */
export interface DateRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

// Calendar days are handled as UTC midnights so that no time zone or daylight-saving change can shift them.
export function utcTimeOf(isoDate: string): number {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

function isoDateOfTime(time: number): string {
  const date = new Date(time);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The user's own calendar day as YYYY-MM-DD. */
export function todayAsIsoDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
export function monthRange({ year, month }: CalendarMonth): DateRange {
  return {
    start: isoDateOfTime(Date.UTC(year, month - 1, 1)),
    end: isoDateOfTime(Date.UTC(year, month, 0)),
  };
}

export function daysOfMonth(calendarMonth: CalendarMonth): string[] {
  const { start, end } = monthRange(calendarMonth);
  const days: string[] = [];
  for (let time = utcTimeOf(start); time <= utcTimeOf(end); time += DAY_MS) days.push(isoDateOfTime(time));
  return days;
}

/** The weeks of the month grid, Sunday to Saturday; days of the neighbouring months fill the first and last week. */
export function monthWeeks(calendarMonth: CalendarMonth): string[][] {
  const { start, end } = monthRange(calendarMonth);
  const firstTime = utcTimeOf(start) - new Date(utcTimeOf(start)).getUTCDay() * DAY_MS;
  const lastTime = utcTimeOf(end) + (6 - new Date(utcTimeOf(end)).getUTCDay()) * DAY_MS;
  const weeks: string[][] = [];
  for (let weekStart = firstTime; weekStart <= lastTime; weekStart += 7 * DAY_MS) {
    weeks.push(Array.from({ length: 7 }, (_, weekday) => isoDateOfTime(weekStart + weekday * DAY_MS)));
  }
  return weeks;
}

export function isInMonth(isoDate: string, { year, month }: CalendarMonth): boolean {
  return isoDate.startsWith(`${year}-${pad(month)}-`);
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(isoDate: string): number {
  return new Date(utcTimeOf(isoDate)).getUTCDay();
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
