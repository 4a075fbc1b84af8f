import type { CalendarEvent, LeaveRequestRecord } from '@teamfolk/shared/contracts';
import { mergedRanges } from '@teamfolk/shared/rules';

export interface ColleagueOutDates {
  name: string;
  dates: Array<{ start: string; end: string }>;
}

/**
 * Who else is out during a request, from the calendar's events of its dates: approved leave only (a
 * pending request is not absence yet), the request's owner left out, each person's periods merged,
 * people in name order.
 */
export function colleaguesOutOfEvents(
  events: readonly CalendarEvent[],
  leave: Pick<LeaveRequestRecord, 'id' | 'employee_name' | 'start_date' | 'end_date'>,
): ColleagueOutDates[] {
  const byName = new Map<string, Array<{ start: string; end: string }>>();
  for (const event of events) {
    if (event.status !== 'approved' || event.id === leave.id || event.employeeName === leave.employee_name) continue;
    if (event.end < leave.start_date || event.start > leave.end_date) continue;
    byName.set(event.employeeName, [...(byName.get(event.employeeName) ?? []), { start: event.start, end: event.end }]);
  }
  return [...byName]
    .map(([name, periods]) => ({ name, dates: mergedRanges(periods) }))
    .sort((left, right) => left.name.localeCompare(right.name));
}
