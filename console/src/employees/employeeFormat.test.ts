import { formatCalendarDate, formatDayBalance, formatHourBalance } from './employeeFormat';
import { todayAsIsoDate } from '../format/dates';

describe('employee formatting', () => {
  it('should show balances as remaining/total, bank hours to one decimal', () => {
    expect(formatDayBalance(22, 25)).toBe('22/25');
    expect(formatDayBalance(2.5, 10)).toBe('2.5/10');
    expect(formatHourBalance(7.25, 40)).toBe('7.3/40.0');
    expect(formatHourBalance(0, 0)).toBe('0.0/0.0');
  });

  it('should show overdrawn sick days as a negative remainder', () => {
    expect(formatDayBalance(-2, 10)).toBe('-2/10');
  });

  it('should show a calendar day without shifting it by the time zone', () => {
    expect(formatCalendarDate('2024-03-05')).toBe('Mar 5, 2024');
    expect(formatCalendarDate('2024-12-31')).toBe('Dec 31, 2024');
  });

  it("should give today's local date as YYYY-MM-DD", () => {
    expect(todayAsIsoDate(new Date(2025, 0, 9, 23, 30))).toBe('2025-01-09');
  });
});
