import { countSeats } from '@teamfolk/services/domain';
import { applyProviderSubscription, PaymentsRequestError, updateSeatQuantityPayload } from '@teamfolk/shared';
import type { JobHandler } from '../jobs';
import type { BillingJobDependencies, SkippedResult } from './billing-jobs';
import { BillingRepository } from './billing.repository';

export type SeatUpdateResult = { updated: true; quantity: number } | SkippedResult;

/** Runs that keep meeting a new count give up and are retried by the queue. */
const MAX_SETS_PER_RUN = 5;

/**
 * Sets the provider's seat quantity to the company's employee count, without proration: the new
 * count is billed from the next cycle. It sets a count rather than adding one, so running twice is
 * harmless. The provider is called outside any transaction, so two runs may interleave: each ends only
 * once the count it reads after its own change is the quantity it set, so the last one leaves the
 * provider at the count there is.
 */
export async function updateSeatQuantity(deps: BillingJobDependencies, companyId: number): Promise<SeatUpdateResult> {
  const { payments, appUrl } = deps;
  const billing = new BillingRepository(deps.sequelize);
  const now = deps.now ?? (() => new Date());
  const row = await billing.subscriptionOf(companyId);
  if (!row?.providerSubscriptionId) return { skipped: 'no-provider-subscription' };
  if (row.status === 'canceled' || row.status === 'incomplete') return { skipped: `subscription-${row.status}` };
  let quantity = row.seatQuantity;
  for (let set = 0; set <= MAX_SETS_PER_RUN; set++) {
    const seats = await countSeats(companyId);
    if (quantity === seats) return set === 0 ? { skipped: 'unchanged' } : { updated: true as const, quantity };
    if (set === MAX_SETS_PER_RUN) break;
    const observedAt = now();
    let state;
    try {
      state = await payments.updateSubscriptionQuantity(row.providerSubscriptionId, seats);
    } catch (error) {
      // The provider no longer has it (or cannot change it): nothing to bill; the sync will tell.
      if (error instanceof PaymentsRequestError) return { skipped: `provider-${error.code}` };
      throw error;
    }
    quantity = state.quantity;
    await billing.transaction((transaction) =>
      applyProviderSubscription(transaction, { companyId, state, observedAt, appUrl }),
    );
  }
  throw new Error(`The seat count of company ${companyId} kept changing; the job is retried`);
}

export function updateSeatQuantityJob(
  deps: BillingJobDependencies,
): JobHandler<'update-seat-quantity', SeatUpdateResult> {
  return async (job) => {
    const { companyId } = updateSeatQuantityPayload.parse(job.data.payload);
    const result = await updateSeatQuantity(deps, companyId);
    deps.logger.info({ companyId, result }, 'seat quantity');
    return result;
  };
}
