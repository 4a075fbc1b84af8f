import { applyProviderSubscription, recordInvoice, syncSubscriptionPayload } from '@teamfolk/shared';
import type { JobHandler } from '../jobs';
import type { BillingJobDependencies, SkippedResult } from './billing-jobs';
import { BillingRepository } from './billing.repository';

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
  const { payments, appUrl } = deps;
  const billing = new BillingRepository(deps.sequelize);
  const now = deps.now ?? (() => new Date());
  const row = await billing.subscriptionOf(companyId);
  if (!row || !row.providerCustomerId) return { skipped: 'no-provider-customer' };
  if (await billing.isErased(companyId)) return { skipped: 'company-erased' };
  const observedAt = now();
  const state = row.providerSubscriptionId
    ? await payments.retrieveSubscription(row.providerSubscriptionId)
    : await payments.findSubscriptionOfCustomer(row.providerCustomerId);
  if (!state) return { skipped: 'no-provider-subscription' };
  const invoice = state.latestInvoiceId ? await payments.retrieveInvoice(state.latestInvoiceId) : null;

  return billing.transaction(async (transaction) => {
    const result = await applyProviderSubscription(transaction, { companyId, state, observedAt, appUrl, requestId });
    if (result.applied && invoice) await recordInvoice(transaction, { companyId, invoice, appUrl, requestId });
    return { synced: true as const, status: result.subscription.status, applied: result.applied };
  });
}

export function syncSubscriptionJob(deps: BillingJobDependencies): JobHandler<'sync-subscription', SyncResult> {
  return async (job) => {
    const { companyId } = syncSubscriptionPayload.parse(job.data.payload);
    const result = await syncSubscription(deps, companyId, job.data.requestId ?? undefined);
    deps.logger.info({ companyId, result }, 'subscription sync');
    return result;
  };
}
