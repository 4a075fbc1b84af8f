import { capitalize, formatBillingMonth, formatCardExpiry, subscriptionDateOf } from './billingFormat';

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

describe(subscriptionDateOf.name, () => {
  const periodEnd = '2026-12-01T00:00:00.000Z';

  it('should show when a subscription canceled immediately ended, not the end of the period it had paid for', () => {
    const endedAt = '2026-11-27T15:04:00.000Z';
    expect(subscriptionDateOf({ status: 'canceled', currentPeriodEnd: periodEnd, endedAt })).toEqual({
      label: 'endedOn',
      instant: endedAt,
    });
  });

  it('should show the renewal of a running subscription and the last day of access of a canceling one', () => {
    expect(subscriptionDateOf({ status: 'active', currentPeriodEnd: periodEnd, endedAt: null })).toEqual({
      label: 'renewsOn',
      instant: periodEnd,
    });
    expect(subscriptionDateOf({ status: 'cancel_at_period_end', currentPeriodEnd: periodEnd, endedAt: null })).toEqual({
      label: 'accessUntil',
      instant: periodEnd,
    });
  });

  it('should show no date without a subscription or with no known date', () => {
    expect(subscriptionDateOf(null)).toBeNull();
    expect(subscriptionDateOf({ status: 'incomplete', currentPeriodEnd: null, endedAt: null })).toBeNull();
    expect(subscriptionDateOf({ status: 'active', currentPeriodEnd: null, endedAt: null })).toBeNull();
  });
});
