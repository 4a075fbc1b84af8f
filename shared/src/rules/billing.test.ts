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
  const renewal = new Date('2026-12-01T00:00:00Z');

  it('should charge the first month of every seat at once when the seat starts the subscription', () => {
    expect(seatPreview(0, null)).toEqual({
      currentSeats: 0,
      currentMonthlyCost: 0,
      newSeatCost: 200,
      newTotalCost: 200,
      chargedNow: 200,
      nextChargeOn: null,
    });
    // Employees kept after a subscription ended are billed again with the new one.
    expect(seatPreview(2, { status: 'canceled', currentPeriodEnd: renewal })).toMatchObject({
      newTotalCost: 600,
      chargedNow: 600,
      nextChargeOn: null,
    });
  });

  it('should charge nothing now for a seat added to a running subscription, and the new total from its renewal', () => {
    expect(seatPreview(12, { status: 'active', currentPeriodEnd: renewal })).toEqual({
      currentSeats: 12,
      currentMonthlyCost: 2400,
      newSeatCost: 200,
      newTotalCost: 2600,
      chargedNow: 0,
      nextChargeOn: '2026-12-01T00:00:00.000Z',
    });
  });

  it('should never charge a seat added to a subscription set to end', () => {
    expect(seatPreview(1, { status: 'cancel_at_period_end', currentPeriodEnd: renewal })).toMatchObject({
      chargedNow: 0,
      nextChargeOn: null,
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
