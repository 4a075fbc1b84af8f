import type { BillingSubscriptionSummary } from '@teamfolk/shared/contracts';

// Billed months are calendar months: read in UTC, '2026-03-01' cannot slip to February in western time zones.
const billingMonthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** '2026-03-01' → 'March 2026'. */
export function formatBillingMonth(billingDate: string): string {
  const [year, month] = billingDate.split('-').map(Number);
  if (!year || !month) return billingDate;
  return billingMonthFormat.format(Date.UTC(year, month - 1, 1));
}

/** An instant (ISO string) as the user's own calendar day: 'Mar 5, 2026'. */
export function formatDay(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : dayFormat.format(date);
}

/** A card's expiry as printed on it: 4, 2030 → '04/2030'. */
export function formatCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

/** 'visa' → 'Visa' for brands without a label of their own. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The date the subscription tab shows, and what it means: a renewal, the last day of access, or the end. */
export function subscriptionDateOf(
  subscription: BillingSubscriptionSummary | null,
): { label: 'renewsOn' | 'accessUntil' | 'endedOn'; instant: string } | null {
  const dated = (label: 'renewsOn' | 'accessUntil' | 'endedOn', instant: string | null) =>
    instant ? { label, instant } : null;
  switch (subscription?.status) {
    case 'active':
      return dated('renewsOn', subscription.currentPeriodEnd);
    case 'cancel_at_period_end':
      return dated('accessUntil', subscription.currentPeriodEnd);
    case 'canceled':
      return dated('endedOn', subscription.endedAt);
    default:
      return null;
  }
}
