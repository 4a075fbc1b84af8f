import { holidaysOfYear } from '@teamfolk/services';

/**
 * Dates as whole days since 1970-01-01 (UTC): millions of leave requests are counted with integer
 * arithmetic instead of Date objects. Postgres turns them back with `date '1970-01-01' + day`.
 */
export const DAY_MS = 86_400_000;

export const dayOf = (instant: Date): number => Math.floor(instant.getTime() / DAY_MS);
const isoDays = new Map<number, string>();
/** YYYY-MM-DD of a day; kept once made: the ledger asks for the same few thousand days millions of times. */
export const isoDay = (day: number): string => {
  let iso = isoDays.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoDays.set(day, iso);
  }
  return iso;
};
const dayOfIso = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const yearOfDay = (day: number): number => new Date(day * DAY_MS).getUTCFullYear();
/** The first day of the month `day` is in. */
export const monthStartOf = (day: number): number => {
  const date = new Date(day * DAY_MS);
  return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)));
};
export const nextMonthStartOf = (day: number): number => {
  const date = new Date(day * DAY_MS);
  return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
};

/** 1970-01-01 was a Thursday: day 0 is weekday 4 with Sunday as 0. */
const isWeekend = (day: number): boolean => {
  const weekday = (day + 4) % 7;
  return weekday === 0 || weekday === 6;
};

export interface HolidayRegion {
  country: string | null;
  region: string | null;
}

/** A country's public holidays of one year as days, from the API's own holiday calendar. */
function publicHolidayDays(country: string, region: string | null, year: number): number[] {
  return holidaysOfYear(country, region, year).map((holiday) => dayOfIso(holiday.date));
}

/** Working days of one company: Monday to Friday less its public holidays. */
export class WorkCalendar {
  private readonly holidays = new Set<number>();

  constructor({ country, region }: HolidayRegion, firstDay: number, lastDay: number) {
    if (!country) return;
    for (let year = yearOfDay(firstDay); year <= yearOfDay(lastDay); year++) {
      for (const day of publicHolidayDays(country, region, year)) this.holidays.add(day);
    }
  }

  isWorkingDay(day: number): boolean {
    return !isWeekend(day) && !this.holidays.has(day);
  }

  /** `day` itself when it is a working day, else the next one. */
  workingDayFrom(day: number): number {
    let candidate = day;
    while (!this.isWorkingDay(candidate)) candidate++;
    return candidate;
  }

  /** The day on which the `count`-th working day from `start` (a working day, counted as the first) falls. */
  lastOfWorkingDays(start: number, count: number): number {
    let day = start;
    for (let counted = 1; counted < count; counted++) day = this.workingDayFrom(day + 1);
    return day;
  }
}
