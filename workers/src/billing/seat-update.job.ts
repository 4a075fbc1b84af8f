import type { Job } from 'bullmq';
import {
  applyProviderSubscription,
  Employee,
  PaymentsRequestError,
  Subscription,
  updateSeatQuantityPayload,
  type JobEnvelope,
} from '@teamfolk/shared';
import { BILLING_LOCK_KEY, type BillingJobDependencies, type SkippedResult } from './billing-jobs';

export type SeatUpdateResult = { updated: true; quantity: number } | SkippedResult;

/**
 * Sets the provider's seat quantity to the company's employee count, without proration: the new
 * count is billed from the next cycle. It sets a count rather than adding one, so running twice is
 * harmless; a per-company lock keeps two runs from writing stale counts in the wrong order.
 */
export async function updateSeatQuantity(deps: BillingJobDependencies, companyId: number): Promise<SeatUpdateResult> {
  const { sequelize, payments, appUrl } = deps;
  const now = deps.now ?? (() => new Date());
  return sequelize.transaction(async (transaction) => {
    await sequelize.query('SELECT pg_advisory_xact_lock(:key, :companyId)', {
      replacements: { key: BILLING_LOCK_KEY, companyId },
      transaction,
    });
    const row = await Subscription.findOne({ where: { companyId }, transaction });
    if (!row?.providerSubscriptionId) return { skipped: 'no-provider-subscription' };
    if (row.status === 'canceled' || row.status === 'incomplete') return { skipped: `subscription-${row.status}` };
    const seats = await Employee.count({ where: { companyId, deletedAt: null }, transaction });
    if (row.seatQuantity === seats) return { skipped: 'unchanged' };
    const observedAt = now();
    let state;
    try {
      state = await payments.updateSubscriptionQuantity(row.providerSubscriptionId, seats);
    } catch (error) {
      // The provider no longer has it (or cannot change it): nothing to bill; the sync will tell.
      if (error instanceof PaymentsRequestError) return { skipped: `provider-${error.code}` };
      throw error;
    }
    await applyProviderSubscription(transaction, { companyId, state, observedAt, appUrl });
    return { updated: true as const, quantity: seats };
  });
}

export function updateSeatQuantityJob(deps: BillingJobDependencies) {
  return async (job: Job<JobEnvelope<'update-seat-quantity'>>): Promise<SeatUpdateResult> => {
    const { companyId } = updateSeatQuantityPayload.parse(job.data.payload);
    const result = await updateSeatQuantity(deps, companyId);
    deps.logger.info({ companyId, result }, 'seat quantity');
    return result;
  };
}
