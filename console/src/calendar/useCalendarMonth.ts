import { useCallback, useEffect, useState } from 'react';
import { isCalendarBlackout, type CalendarEvent, type PublicHoliday } from '@teamfolk/shared/contracts';
import { useDataProvider } from 'react-admin';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import type { DateRange } from './calendarMonth';

export interface CalendarMonthData {
  events: CalendarEvent[];
  holidays: PublicHoliday[];
}

export type CalendarMonthState =
  | { status: 'loading'; data: CalendarMonthData | undefined }
  | { status: 'failed'; error: unknown }
  | { status: 'loaded'; data: CalendarMonthData };

interface Outcome {
  requestKey: string;
  rangeKey: string;
  result: { ok: true; data: CalendarMonthData } | { ok: false; error: unknown };
}

/**
 * The events (of one team's people, when `teamId` is given) and public holidays of a date range. While a reload of the same range runs, the last
 * data stays on screen; a new range starts empty.
 */
export function useCalendarMonth(range: DateRange, teamId?: number): CalendarMonthState & { reload: () => void } {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>();
  const rangeKey = `${range.start}/${range.end}/${teamId ?? ''}`;
  const requestKey = `${rangeKey}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    const bounds = { start: range.start, end: range.end };
    const options = { signal: controller.signal };
    Promise.all([
      // The month's grid lists leave; blackout periods are entries of their own kind.
      dataProvider
        .getCalendarEvents({ ...bounds, teamId }, options)
        .then(({ data }) => data.filter((entry): entry is CalendarEvent => !isCalendarBlackout(entry))),
      // Holidays only decorate the grid: without them the month is still worth showing.
      dataProvider.getPublicHolidays(bounds, options).then(
        ({ data }) => data,
        (): PublicHoliday[] => [],
      ),
    ]).then(
      ([events, holidays]) => setOutcome({ requestKey, rangeKey, result: { ok: true, data: { events, holidays } } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setOutcome({ requestKey, rangeKey, result: { ok: false, error } });
      },
    );
    return () => controller.abort();
  }, [dataProvider, range.start, range.end, teamId, requestKey, rangeKey]);

  const reload = useCallback(() => setAttempt((current) => current + 1), []);

  if (outcome?.requestKey !== requestKey) {
    const previous = outcome?.rangeKey === rangeKey && outcome.result.ok ? outcome.result.data : undefined;
    return { status: 'loading', data: previous, reload };
  }
  return outcome.result.ok
    ? { status: 'loaded', data: outcome.result.data, reload }
    : { status: 'failed', error: outcome.result.error, reload };
}
