import { useMemo } from 'react';
import type { CalendarEvent } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { formatPeriod } from './calendarFormat';
import { formatDayCount } from '../format/amounts';
import type { CalendarRequestType } from './requestTypeStyles';

export interface EventText {
  typeLabel(type: CalendarRequestType): string;
  /** 'Alice Archer: Vacation', with ' (pending)' while the request awaits a decision. */
  accessibleName(event: CalendarEvent): string;
  /** 'Mon, Mar 2 – Wed, Mar 4', or one day with its hours for a partial day. */
  period(event: CalendarEvent): string;
  dayCount(event: CalendarEvent): string;
}

export function useEventText(): EventText {
  const translate = useTranslate();
  return useMemo(() => {
    const typeLabel = (type: CalendarRequestType) => translate(`resources.calendar.requestTypes.${type}`);
    return {
      typeLabel,
      accessibleName: (event) =>
        translate(
          event.status === 'pending' ? 'resources.calendar.event.pendingLabel' : 'resources.calendar.event.label',
          {
            name: event.employeeName,
            type: typeLabel(event.requestType),
          },
        ),
      period: (event) =>
        event.startTime && event.endTime
          ? translate('resources.calendar.event.partialDay', {
              date: formatPeriod(event.start, event.start),
              start: event.startTime,
              end: event.endTime,
            })
          : formatPeriod(event.start, event.end),
      dayCount: (event) =>
        translate('resources.calendar.event.days', {
          smart_count: event.daysCount,
          value: formatDayCount(event.daysCount),
        }),
    };
  }, [translate]);
}
