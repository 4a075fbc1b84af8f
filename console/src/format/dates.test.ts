import {
  addDaysToIsoDate,
  calendarDayFormat,
  formatIsoDate,
  formatShortDate,
  isoDateOfUtcTime,
  utcTimeOf,
} from './dates';

describe('calendar days', () => {
  it('should read YYYY-MM-DD as its UTC midnight and write it back', () => {
    expect(utcTimeOf('2026-03-02')).toBe(Date.UTC(2026, 2, 2));
    expect(isoDateOfUtcTime(Date.UTC(2026, 2, 2))).toBe('2026-03-02');
    expect(utcTimeOf('not a date')).toBeUndefined();
    expect(utcTimeOf('2026-03')).toBeUndefined();
  });

  it('should move a day across month and year ends', () => {
    expect(addDaysToIsoDate('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDaysToIsoDate('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('should format a day the same in every time zone, and leave what is not a date as it is', () => {
    expect(formatShortDate('2026-03-02')).toBe('Mon, Mar 2');
    expect(formatIsoDate('2024-03-05', calendarDayFormat({ dateStyle: 'medium' }))).toBe('Mar 5, 2024');
    expect(formatShortDate('soon')).toBe('soon');
  });
});
