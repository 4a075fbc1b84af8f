import { capitalize, formatBillingMonth, formatCardExpiry } from './billingFormat';

describe(formatBillingMonth.name, () => {
  it('should name the billed month whatever the time zone', () => {
    expect(formatBillingMonth('2026-03-01')).toBe('March 2026');
    expect(formatBillingMonth('2025-12-01')).toBe('December 2025');
  });

  it('should leave a value it cannot read as it is', () => {
    expect(formatBillingMonth('soon')).toBe('soon');
  });
});

describe(formatCardExpiry.name, () => {
  it('should print the month with two digits', () => {
    expect(formatCardExpiry(4, 2030)).toBe('04/2030');
    expect(formatCardExpiry(12, 2031)).toBe('12/2031');
  });
});

describe(capitalize.name, () => {
  it('should capitalise the first letter only', () => {
    expect(capitalize('unionpay')).toBe('Unionpay');
    expect(capitalize('')).toBe('');
  });
});
