import { eachIsoDay, earlierOf, laterOf } from './iso-days';
import { isWorkingDayOn, type PersonCalendar } from './work-patterns';

/**
 * Counting a person's working days between two dates in constant time, for reports over thousands of
 * people: one pass over a range builds a running count, and any span inside the range is then a
 * subtraction. People who share a calendar (the company's pattern, the same history) share one index.
 *
 * Invariant: `count(from, to)` equals the number of dates d, from ≤ d ≤ to, with
 * `isWorkingDayOn(d, calendar)`; spans are clamped to the index's range, and an empty span counts 0.
 */

export interface WorkingDayIndex {
  /** The range the index covers, both included. */
  readonly from: string;
  readonly to: string;
  /** Working days from `from` to `to`, both included, within the index's range. */
  count(from: string, to: string): number;
}

export function workingDayIndex(calendar: PersonCalendar, from: string, to: string): WorkingDayIndex {
  const days = eachIsoDay(from, to);
  /** before[i]: working days among the range's first i days. */
  const before = new Int32Array(days.length + 1);
  // Offsets by date string: a report asks millions of spans, and parsing dates was most of its time.
  const offsets = new Map<string, number>();
  days.forEach((day, index) => {
    offsets.set(day, index);
    before[index + 1] = (before[index] ?? 0) + (isWorkingDayOn(day, calendar) ? 1 : 0);
  });
  return {
    from,
    to,
    count(spanFrom, spanTo) {
      const first = laterOf(spanFrom, from);
      const last = earlierOf(spanTo, to);
      if (last < first) return 0;
      return (before[(offsets.get(last) ?? 0) + 1] ?? 0) - (before[offsets.get(first) ?? 0] ?? 0);
    },
  };
}

/** The key two calendars share when they give every day the same hours (same pattern history; holidays shared by identity). */
function calendarKey({ companyPattern, patterns = [] }: PersonCalendar): string {
  const history = [...patterns].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  return JSON.stringify([companyPattern, history]);
}

/**
 * Indexes over one range, built once per distinct calendar. The calendars given to one cache must
 * share their holidays (one company's): the holidays are not part of the key.
 */
export function workingDayIndexCache(from: string, to: string): (calendar: PersonCalendar) => WorkingDayIndex {
  const indexes = new Map<string, WorkingDayIndex>();
  return (calendar) => {
    const key = calendarKey(calendar);
    let index = indexes.get(key);
    if (!index) {
      index = workingDayIndex(calendar, from, to);
      indexes.set(key, index);
    }
    return index;
  };
}
