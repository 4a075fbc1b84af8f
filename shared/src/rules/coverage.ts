import { coverageConflictText, coverageWarningText, type RequestType } from '../contracts';
import type { LeavePeriod } from './leaves';
import { countLeave, type PersonCalendar } from './work-patterns';

/**
 * A team's cap: at most `maxAbsent` of the team away on any working day (issue 30).
 *
 * - The days checked are the request's days: the working days it counts for its owner (countLeave:
 *   their pattern and the public holidays; a partial day's one day).
 * - A colleague is out on a day when their approved leave counts that day for them (their own
 *   pattern): full days, and partial days, which count as away that day, however few the hours (the
 *   cap is about who can be relied on for the day). A part-timer's day off is not leave: not out.
 *   Sick days count like any leave.
 * - A day is over the cap when the colleagues out that day, plus the owner, are more than maxAbsent.
 *   Each conflict names the colleagues already out (the owner never), sorted by name.
 * - A sick request is never capped: it has no conflicts (who else is out still shows the others).
 *   Nor has a request of a team with no cap.
 *
 * The same check answers the preview (warnings), the submission (warnings) and the approval (409
 * unless overridden): approving counts the approved leave of the others, the request itself pending.
 */

/** An approved request of a member of the owner's team, as coverage and who-else-is-out read it: no reason, no type. */
export interface TeamLeave {
  employeeId: number;
  name: string;
  period: LeavePeriod;
}

export interface CoverageInput {
  /** The team's cap, at least 1 (the contract's minimum); null: none. */
  maxAbsent: number | null;
  request: {
    employeeId: number;
    requestType: RequestType;
    /** The request's working days for its owner (countLeave's perDay dates). */
    days: readonly string[];
  };
  /** The approved leave of the team's members touching the request's days (the owner's own is skipped). */
  teamLeave: readonly TeamLeave[];
  /** Each member's calendar: their pattern history and the company's holidays over the request's days. */
  calendarOf: (employeeId: number) => PersonCalendar;
}

export interface CoverageConflict {
  date: string;
  /** The colleagues already out that day, sorted by name. */
  out: Array<{ employeeId: number; name: string }>;
  maxAbsent: number;
}

/** The request's days that would take the team over its cap, in date order, with who is already out. */
export function coverageConflicts({ maxAbsent, request, teamLeave, calendarOf }: CoverageInput): CoverageConflict[] {
  if (maxAbsent === null || request.requestType === 'sick_day' || request.days.length === 0) return [];
  const days = new Set(request.days);
  const first = request.days.reduce((a, b) => (a < b ? a : b));
  const last = request.days.reduce((a, b) => (a > b ? a : b));
  const outOn = new Map<string, Map<number, string>>();
  for (const leave of teamLeave) {
    if (leave.employeeId === request.employeeId) continue;
    if (leave.period.endDate < first || leave.period.startDate > last) continue;
    for (const day of countLeave(leave.period, calendarOf(leave.employeeId)).perDay) {
      if (!days.has(day.date)) continue;
      const out = outOn.get(day.date) ?? new Map<number, string>();
      out.set(leave.employeeId, leave.name);
      outOn.set(day.date, out);
    }
  }
  return [...outOn]
    .filter(([, out]) => out.size + 1 > maxAbsent)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, out]) => ({
      date,
      out: [...out]
        .map(([employeeId, name]) => ({ employeeId, name }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.employeeId - b.employeeId),
      maxAbsent,
    }));
}

/** The warnings of the preview and the submission: one sentence per day over the cap. */
export function coverageWarnings(conflicts: readonly CoverageConflict[]): string[] {
  return conflicts.map((conflict) =>
    coverageWarningText(
      conflict.date,
      conflict.out.map((person) => person.name),
      conflict.maxAbsent,
    ),
  );
}

/** The 409 message of an approval over the cap without override; null when there is no conflict. */
export function coverageRefusal(conflicts: readonly CoverageConflict[]): string | null {
  return conflicts.length === 0 ? null : coverageConflictText(coverageWarnings(conflicts));
}
