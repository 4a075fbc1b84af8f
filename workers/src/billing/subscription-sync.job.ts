import type { Job } from 'bullmq';
import {
  applyProviderSubscription,
  DataErasure,
  recordInvoice,
  Subscription,
  syncSubscriptionPayload,
  type JobEnvelope,
} from '@teamfolk/shared';
import type { BillingJobDependencies, SkippedResult } from './billing-jobs';

export type SyncResult = { synced: true; status: string; applied: boolean } | SkippedResult;

/**
 * Pulls the subscription's status, period end, seats and default card from the provider. A company
 * whose checkout return never reached us is found by its customer. The state counts as of the moment
 * before the call, so a webhook newer than it still wins.
 */
export async function syncSubscription(
  deps: BillingJobDependencies,
  companyId: number,
  requestId?: string,
): Promise<SyncResult> {
  const { sequelize, payments, appUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const row = await Subscription.findOne({ where: { companyId } });
  if (!row || !row.providerCustomerId) return { skipped: 'no-provider-customer' };
  if (await DataErasure.findOne({ where: { companyId }, attributes: ['erasedAt'] }).then((e) => e?.erasedAt)) {
    return { skipped: 'company-erased' };
  }
  const observedAt = now();
  const state = row.providerSubscriptionId
    ? await payments.retrieveSubscription(row.providerSubscriptionId)
    : await payments.findSubscriptionOfCustomer(row.providerCustomerId);
  if (!state) return { skipped: 'no-provider-subscription' };
  const invoice = state.latestInvoiceId ? await payments.retrieveInvoice(state.latestInvoiceId) : null;

  return sequelize.transaction(async (transaction) => {
    const result = await applyProviderSubscription(transaction, { companyId, state, observedAt, appUrl, requestId });
    if (result.applied && invoice) await recordInvoice(transaction, { companyId, invoice, appUrl, requestId });
    return { synced: true as const, status: result.subscription.status, applied: result.applied };
  });
}

export function syncSubscriptionJob(deps: BillingJobDependencies) {
  return async (job: Job<JobEnvelope<'sync-subscription'>>): Promise<SyncResult> => {
    const { companyId } = syncSubscriptionPayload.parse(job.data.payload);
    const result = await syncSubscription(deps, companyId, job.data.requestId ?? undefined);
    deps.logger.info({ companyId, result }, 'subscription sync');
    return result;
  };
}
