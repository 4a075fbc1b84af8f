import type { CalendarEvent } from '@teamfolk/shared/contracts';
import { eventsOnDay, monthRange, monthWeeks, parseMonthKey, shiftMonth, weekdayOf } from './calendarMonth';
import { todayAsIsoDate } from '../format/dates';

const event = (id: number, start: string, end: string): CalendarEvent => ({
  id,
  employeeName: `Person ${id}`,
  requestType: 'vacation',
  start,
  end,
  startTime: null,
  endTime: null,
  reason: null,
  daysCount: 1,
  status: 'approved',
});

describe('monthRange', () => {
  it('should run from the first to the last day of the month, leap years included', () => {
    expect(monthRange({ year: 2026, month: 3 })).toEqual({ start: '2026-03-01', end: '2026-03-31' });
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthRange({ year: 2026, month: 12 })).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });
});

describe('monthWeeks', () => {
  it('should lay the month out in whole weeks from Sunday to Saturday', () => {
    const weeks = monthWeeks({ year: 2026, month: 3 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toBe('2026-03-01');
    expect(weeks.at(-1)).toEqual([
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
    ]);
    expect(weeks.flat().every((day, index) => weekdayOf(day) === index % 7)).toBe(true);
  });

  it('should fill the first week with the end of the previous month', () => {
    const weeks = monthWeeks({ year: 2026, month: 1 });
    expect(weeks[0]).toEqual([
      '2025-12-28',
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
  });
});

describe('shiftMonth', () => {
  it('should move across year ends both ways', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
  });
});

describe('parseMonthKey', () => {
  it('should read YYYY-MM and refuse anything else', () => {
    expect(parseMonthKey('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(parseMonthKey('2026-13')).toBeUndefined();
    expect(parseMonthKey('2026-3')).toBeUndefined();
    expect(parseMonthKey(null)).toBeUndefined();
  });
});

describe('eventsOnDay', () => {
  it('should include the first and the last day of a leave', () => {
    const events = [event(1, '2026-03-02', '2026-03-04'), event(2, '2026-03-04', '2026-03-04')];
    expect(eventsOnDay(events, '2026-03-01').map(({ id }) => id)).toEqual([]);
    expect(eventsOnDay(events, '2026-03-02').map(({ id }) => id)).toEqual([1]);
    expect(eventsOnDay(events, '2026-03-04').map(({ id }) => id)).toEqual([1, 2]);
    expect(eventsOnDay(events, '2026-03-05').map(({ id }) => id)).toEqual([]);
  });
});

describe('todayAsIsoDate', () => {
  it('should give the local calendar day', () => {
    expect(todayAsIsoDate(new Date(2026, 2, 9, 23, 30))).toBe('2026-03-09');
  });
});
