import { formatLeaveDate, formatLeavePeriod, formatSubmittedDay } from './leaveFormat';
import { addDaysToIsoDate, todayAsIsoDate } from '../format/dates';
import { formatDayCount, formatHourCount } from '../format/amounts';

const in2026 = new Date(2026, 5, 15);

describe('leave formatting', () => {
  it('should show a calendar day with its weekday, and its year only when it is not this one', () => {
    expect(formatLeaveDate('2026-03-02', in2026)).toBe('Mon, Mar 2');
    expect(formatLeaveDate('2027-01-04', in2026)).toBe('Mon, Jan 4, 2027');
    expect(formatLeaveDate('not a date', in2026)).toBe('not a date');
  });

  it('should show the day a request was sent, with the year only when it is not this one', () => {
    expect(formatSubmittedDay(new Date(2026, 2, 2, 9, 14).toISOString(), in2026)).toBe('Mar 2');
    expect(formatSubmittedDay(new Date(2025, 11, 30, 9, 14).toISOString(), in2026)).toBe('Dec 30, 2025');
  });

  it('should show the period a request covers', () => {
    const full = { start_date: '2026-03-02', end_date: '2026-03-04', start_time: null, end_time: null };
    expect(formatLeavePeriod(full, in2026)).toBe('Mon, Mar 2 – Wed, Mar 4');
    expect(formatLeavePeriod({ ...full, end_date: '2026-03-02' }, in2026)).toBe('Mon, Mar 2');
    expect(formatLeavePeriod({ ...full, end_date: '2026-03-02', start_time: '09:00', end_time: '13:00' }, in2026)).toBe(
      'Mon, Mar 2, 09:00–13:00',
    );
  });

  it('should show days to one decimal at most and hours always to one decimal', () => {
    expect(formatDayCount(3)).toBe('3');
    expect(formatDayCount(0.5)).toBe('0.5');
    expect(formatHourCount(8)).toBe('8.0');
  });

  it('should move calendar days across months and years', () => {
    expect(addDaysToIsoDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToIsoDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToIsoDate('2026-03-02', -2)).toBe('2026-02-28');
  });

  it("should give today's local date as YYYY-MM-DD", () => {
    expect(todayAsIsoDate(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });
});
