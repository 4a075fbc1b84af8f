import type { ColleagueOut } from '../contracts';
import type { TeamLeave } from './coverage';
import { plusDays } from './iso-days';

/**
 * Who else is out (issue 30): the colleagues (the owner's team, or the whole company when the owner
 * is in no team: the caller picks whose leave to pass) with approved leave on any of a request's days.
 *
 * - A colleague is listed when one of their requests' dates (start to end, as the calendar shows it)
 *   holds one of the request's days (its working days for the owner).
 * - Their dates: their requests, overlapping or touching ones merged (Mon–Wed and Thu–Fri read as
 *   Mon–Fri), each range whole, not cut at the request's days; only the ranges holding a request day.
 * - Dates only: the input carries no reason and no request type, so none can leak (colleagues'
 *   reasons and sick days stay private, as on the calendar). The owner is never listed.
 * - Sorted by name, then id; ranges by date.
 */
export function colleaguesOut(
  ownerEmployeeId: number | null,
  requestDays: readonly string[],
  leave: readonly TeamLeave[],
): ColleagueOut[] {
  const days = [...requestDays].sort();
  const holdsRequestDay = (start: string, end: string) => days.some((day) => start <= day && day <= end);
  const byPerson = new Map<number, { name: string; periods: Array<{ start: string; end: string }> }>();
  for (const { employeeId, name, period } of leave) {
    if (employeeId === ownerEmployeeId || period.endDate < period.startDate) continue;
    const person = byPerson.get(employeeId) ?? { name, periods: [] };
    person.periods.push({ start: period.startDate, end: period.endDate });
    byPerson.set(employeeId, person);
  }
  const out: ColleagueOut[] = [];
  for (const [employeeId, { name, periods }] of byPerson) {
    const dates = mergedRanges(periods).filter((range) => holdsRequestDay(range.start, range.end));
    if (dates.length > 0) out.push({ employee_id: employeeId, name, dates });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.employee_id - b.employee_id);
}

/** Date ranges with overlapping or touching ones merged, in order. */
export function mergedRanges(
  ranges: ReadonlyArray<{ start: string; end: string }>,
): Array<{ start: string; end: string }> {
  const sorted = [...ranges].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: Array<{ start: string; end: string }> = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= plusDays(last.end, 1)) {
      if (range.end > last.end) last.end = range.end;
    } else merged.push({ ...range });
  }
  return merged;
}
