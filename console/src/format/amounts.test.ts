import { formatCents, formatDayCount, formatHourCount } from './amounts';

describe('amounts', () => {
  it('should show cents as dollars with two decimals', () => {
    expect(formatCents(200)).toBe('$2.00');
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('should show days to at most one decimal and hours always to one', () => {
    expect(formatDayCount(3)).toBe('3');
    expect(formatDayCount(0.5)).toBe('0.5');
    expect(formatHourCount(8)).toBe('8.0');
    expect(formatHourCount(7.25)).toBe('7.3');
  });
});
