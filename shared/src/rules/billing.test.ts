import {
  billingMonthOf,
  deletionNoticeDueAt,
  erasureDueAt,
  hasSubscriptionEnded,
  monthlyAmount,
  monthStartOf,
  nextMonthStart,
  seatPreview,
  subscriptionEndedAt,
} from './billing';

describe(seatPreview.name, () => {
  it('prices a first seat at $2 on top of nothing', () => {
    expect(seatPreview(0)).toEqual({ currentSeats: 0, currentMonthlyCost: 0, newSeatCost: 200, newTotalCost: 200 });
  });

  it('adds one seat to the current bill, in cents', () => {
    expect(seatPreview(12)).toEqual({
      currentSeats: 12,
      currentMonthlyCost: 2400,
      newSeatCost: 200,
      newTotalCost: 2600,
    });
  });
});

describe(hasSubscriptionEnded.name, () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const before = new Date('2026-11-20T00:00:00Z');
  const after = new Date('2026-12-01T00:00:00Z');

  it('should keep access while active, or set to cancel and still in the paid period', () => {
    expect(hasSubscriptionEnded({ status: 'active', currentPeriodEnd: before, endedAt: null }, now)).toBe(false);
    expect(hasSubscriptionEnded({ status: 'incomplete', currentPeriodEnd: null, endedAt: null }, now)).toBe(false);
    expect(hasSubscriptionEnded({ status: 'cancel_at_period_end', currentPeriodEnd: after, endedAt: null }, now)).toBe(
      false,
    );
  });

  it('should end access once canceled and past its period', () => {
    expect(subscriptionEndedAt({ status: 'canceled', currentPeriodEnd: after, endedAt: before }, now)).toEqual(before);
    expect(
      subscriptionEndedAt({ status: 'cancel_at_period_end', currentPeriodEnd: before, endedAt: null }, now),
    ).toEqual(before);
    expect(hasSubscriptionEnded({ status: 'canceled', currentPeriodEnd: null, endedAt: null }, now)).toBe(true);
  });

  it('should keep access of a canceled subscription whose paid period is still running', () => {
    expect(hasSubscriptionEnded({ status: 'canceled', currentPeriodEnd: after, endedAt: null }, now)).toBe(false);
  });
});

describe(billingMonthOf.name, () => {
  it('should name the billed month by its first day in UTC', () => {
    expect(billingMonthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-01');
    expect(billingMonthOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
    expect(nextMonthStart(new Date('2026-12-15T10:00:00Z'))).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(monthStartOf('2026-12-01')).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(monthlyAmount(7)).toBe(1400);
  });
});

describe(erasureDueAt.name, () => {
  const endedAt = new Date('2026-10-01T00:00:00Z');

  it('should announce the erasure 23 days after the end and erase 30 days after it', () => {
    expect(deletionNoticeDueAt(endedAt)).toEqual(new Date('2026-10-24T00:00:00Z'));
    expect(erasureDueAt(endedAt, new Date('2026-10-24T00:00:00Z'))).toEqual(new Date('2026-10-31T00:00:00Z'));
  });

  it('should give a late notice its full 7 days', () => {
    expect(erasureDueAt(endedAt, new Date('2026-11-20T00:00:00Z'))).toEqual(new Date('2026-11-27T00:00:00Z'));
  });
});
