import Holidays from 'date-holidays';
import { eachYearOfInterval, parseISO } from 'date-fns';
import { LRUCache } from 'lru-cache';
import type { PublicHoliday } from '@teamfolk/shared';

/** Bounded: any year a request names is asked for, and a process must not keep them all. */
const byYear = new LRUCache<string, PublicHoliday[]>({ max: 5_000 });

/** A country's (and region's) public holidays of one year, computed once per process while kept. */
export function holidaysOfYear(country: string, region: string | null, year: number): PublicHoliday[] {
  const key = `${country}|${region ?? ''}|${year}`;
  let holidays = byYear.get(key);
  if (!holidays) {
    const calendar = region ? new Holidays(country, region) : new Holidays(country);
    holidays = (calendar.getHolidays(year, 'en') || [])
      .filter((holiday) => holiday.type === 'public')
      .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }));
    byYear.set(key, holidays);
  }
  return holidays;
}

export function isKnownHolidayRegion(country: string, region: string | null): boolean {
  const calendar = new Holidays();
  if (!(country in calendar.getCountries())) return false;
  return !region || region in (calendar.getStates(country) ?? {});
}

/** Public holidays of a country (and region) between two dates, both included; none without a country. */
export function publicHolidays(
  country: string | null,
  region: string | null,
  start: string,
  end: string,
): PublicHoliday[] {
  if (!country) return [];
  const years = eachYearOfInterval({ start: parseISO(start), end: parseISO(end) }).map((date) => date.getFullYear());
  return years
    .flatMap((year) => holidaysOfYear(country, region, year))
    .filter((holiday) => holiday.date >= start && holiday.date <= end);
}
