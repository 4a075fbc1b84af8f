import type { BlackoutRecord } from '@teamfolk/shared/contracts';
import { addDaysToIsoDate } from '../format/dates';

/**
 * The blackout periods on each day of a range, for the calendar's shading: company-wide periods
 * always, a team's when no team is chosen or when it is the chosen one.
 */
export function blackoutsByDate(
  blackouts: readonly BlackoutRecord[],
  range: { start: string; end: string },
  teamId?: number,
): Map<string, BlackoutRecord[]> {
  const byDate = new Map<string, BlackoutRecord[]>();
  for (const blackout of blackouts) {
    if (teamId !== undefined && blackout.team_id !== null && blackout.team_id !== teamId) continue;
    const first = blackout.start_date > range.start ? blackout.start_date : range.start;
    const last = blackout.end_date < range.end ? blackout.end_date : range.end;
    for (let day = first; day <= last; day = addDaysToIsoDate(day, 1)) {
      byDate.set(day, [...(byDate.get(day) ?? []), blackout]);
    }
  }
  return byDate;
}

/** The day's blackout reasons in one line: 'Stock-take · Year-end close'. */
export const blackoutReasons = (blackouts: readonly BlackoutRecord[]): string =>
  [...new Set(blackouts.map((blackout) => blackout.reason))].join(' · ');
