import type { SeatPreview } from '@teamfolk/shared/contracts';
import { seatPreview } from '@teamfolk/shared/rules';
import { formatDay } from '../billing/billingFormat';
import { seatChargeNote } from './seatCharges';

/** The first seat's preview ($2.00 charged at checkout), with the overrides a case needs. */
const preview = (overrides: Partial<SeatPreview>): SeatPreview => ({ ...seatPreview(0, null), ...overrides });

describe(seatChargeNote.name, () => {
  it('should say the first seat is charged at checkout, for its first month, then monthly', () => {
    expect(seatChargeNote(preview({}))).toEqual({ key: 'chargedAtCheckout', values: { total: '$2.00' } });
  });

  it('should say a later seat is charged nothing now and first with the next bill, on its date', () => {
    const nextChargeOn = '2026-12-01T00:00:00.000Z';
    const later = preview({ currentSeats: 1, currentMonthlyCost: 200, newTotalCost: 400, chargedNow: 0, nextChargeOn });
    expect(seatChargeNote(later)).toEqual({
      key: 'chargedFromNextBill',
      values: { total: '$4.00', date: formatDay(nextChargeOn) },
    });
  });

  it('should fall back to the next billing cycle without a date', () => {
    expect(seatChargeNote(preview({ chargedNow: 0, nextChargeOn: null }))).toEqual({ key: 'noProration', values: {} });
  });
});
