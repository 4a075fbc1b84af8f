import type { SeatPreview } from '@teamfolk/shared/contracts';
import { formatDay } from '../billing/billingFormat';
import { formatCents } from '../format/amounts';

/**
 * What the seat dialog says is charged when (spec section 9: monthly, no proration): a seat that starts
 * the subscription is charged at checkout for its first month, a later one from the next bill.
 */
export function seatChargeNote(preview: SeatPreview): {
  key: 'chargedAtCheckout' | 'chargedFromNextBill' | 'noProration';
  values: Record<string, string>;
} {
  const total = formatCents(preview.newTotalCost);
  if (preview.chargedNow > 0) return { key: 'chargedAtCheckout', values: { total } };
  if (preview.nextChargeOn) {
    return { key: 'chargedFromNextBill', values: { total, date: formatDay(preview.nextChargeOn) } };
  }
  return { key: 'noProration', values: {} };
}
