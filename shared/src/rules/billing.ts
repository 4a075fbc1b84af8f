import { DATA_DELETION_NOTICE_DAYS, DATA_RETENTION_DAYS, SEAT_PRICE_CENTS, type SeatPreview } from '../contracts';

const DAY_MS = 24 * 3600 * 1000;

/** The subscription as a seat preview needs it; null when the company never had one. */
export interface SeatSubscription {
  status: 'incomplete' | 'active' | 'cancel_at_period_end' | 'canceled';
  currentPeriodEnd: Date | null;
}

/**
 * What adding one seat does to the bill, in the spec's model (monthly cycles, no proration; the admin
 * is never a seat): with no subscription running, the seat starts one and its checkout charges the
 * first month of every seat at once; added to a running subscription, nothing is charged now and the
 * new total is charged from the next renewal; added to one set to end, it is never charged.
 */
export function seatPreview(
  currentSeats: number,
  subscription: SeatSubscription | null,
  pricePerSeat = SEAT_PRICE_CENTS,
): SeatPreview {
  const newTotalCost = (currentSeats + 1) * pricePerSeat;
  const running = subscription?.status === 'active' || subscription?.status === 'cancel_at_period_end';
  return {
    currentSeats,
    currentMonthlyCost: currentSeats * pricePerSeat,
    newSeatCost: pricePerSeat,
    newTotalCost,
    chargedNow: running ? 0 : newTotalCost,
    nextChargeOn:
      subscription?.status === 'active' && subscription.currentPeriodEnd
        ? subscription.currentPeriodEnd.toISOString()
        : null,
  };
}

/** The monthly bill of a number of seats, in cents. */
export function monthlyAmount(seats: number, pricePerSeat = SEAT_PRICE_CENTS): number {
  return seats * pricePerSeat;
}

export interface SubscriptionTimes {
  status: 'incomplete' | 'active' | 'cancel_at_period_end' | 'canceled';
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  updatedAt?: Date | null;
}

/**
 * When the company lost access, or null while it has it: a canceled subscription ended when the
 * provider says (else at its period end); one set to cancel ends at its period end, even before the
 * provider's cancellation has reached us.
 */
export function subscriptionEndedAt(subscription: SubscriptionTimes, now: Date): Date | null {
  if (subscription.status === 'canceled') {
    const endedAt = subscription.endedAt ?? subscription.currentPeriodEnd ?? subscription.updatedAt ?? now;
    return endedAt.getTime() <= now.getTime() ? endedAt : null;
  }
  if (subscription.status === 'cancel_at_period_end' && subscription.currentPeriodEnd) {
    return subscription.currentPeriodEnd.getTime() <= now.getTime() ? subscription.currentPeriodEnd : null;
  }
  return null;
}

/** A subscription that has ended (canceled and past its period): the API answers 402 subscriptionExpired. */
export function hasSubscriptionEnded(subscription: SubscriptionTimes, now: Date): boolean {
  return subscriptionEndedAt(subscription, now) !== null;
}

/** The billed month of an instant, as its first day in UTC: '2026-11-01'. */
export function billingMonthOf(instant: Date): string {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

/** The first instant of the month after the one `instant` is in (UTC). */
export function nextMonthStart(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() + 1, 1));
}

/** The first instant of a billed month given as 'YYYY-MM-01'. */
export function monthStartOf(billingMonth: string): Date {
  return new Date(`${billingMonth.slice(0, 7)}-01T00:00:00.000Z`);
}

/** When the admins are told that the company's data will be erased: 7 days before the 30 days are up. */
export function deletionNoticeDueAt(endedAt: Date): Date {
  return new Date(endedAt.getTime() + (DATA_RETENTION_DAYS - DATA_DELETION_NOTICE_DAYS) * DAY_MS);
}

/**
 * When the company's personal data is erased: 30 days after its subscription ended, and never less
 * than 7 days after the notice went out (a notice sent late postpones the erasure, it never shortens it).
 */
export function erasureDueAt(endedAt: Date, noticeSentAt: Date): Date {
  return new Date(
    Math.max(
      endedAt.getTime() + DATA_RETENTION_DAYS * DAY_MS,
      noticeSentAt.getTime() + DATA_DELETION_NOTICE_DAYS * DAY_MS,
    ),
  );
}
