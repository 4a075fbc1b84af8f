import { countSeats } from '@teamfolk/services/domain';
import {
  monthlyAmount,
  monthStartOf,
  recordInvoice,
  runBillingCyclePayload,
  subscriptionEndedAt,
  type BillingCycleStatus,
} from '@teamfolk/shared';
import type { JobHandler } from '../jobs';
import type { BillingJobDependencies, SkippedResult } from './billing-jobs';
import { BillingRepository } from './billing.repository';

export type BillingCycleResult = { recorded: true; status: BillingCycleStatus; seatCount: number } | SkippedResult;

/**
 * One company's month: a billing_cycles row (unique per company and month) with the seats and amount
 * due, pending until the provider's invoice says paid or failed. Stripe invoices by itself, so its
 * invoice may come later by webhook; the local mode issues and charges it here, once per month (the
 * provider keys it by the month, so runs at the same time collect one invoice). The provider is asked
 * between two short transactions, never inside one.
 */
export async function runBillingCycle(
  deps: BillingJobDependencies,
  companyId: number,
  billingDate: string,
  requestId?: string,
): Promise<BillingCycleResult> {
  const { payments, appUrl } = deps;
  const billing = new BillingRepository(deps.sequelize);
  const monthStart = monthStartOf(billingDate);
  const due = await billing.transaction(async (transaction): Promise<DueCycle | SkippedResult> => {
    const subscription = await billing.subscriptionOf(companyId, transaction);
    if (!subscription?.providerSubscriptionId) return { skipped: 'no-provider-subscription' };
    if (subscription.status === 'incomplete') return { skipped: 'subscription-incomplete' };
    if (subscriptionEndedAt(subscription, monthStart)) return { skipped: 'subscription-ended' };
    if (await billing.isErased(companyId, transaction)) return { skipped: 'company-erased' };
    const seatCount = await countSeats(companyId, transaction);
    const cycle = await billing.openCycle(
      { companyId, billingDate, seatCount, amountDue: monthlyAmount(seatCount) },
      transaction,
    );
    if (cycle.status === 'paid') return { skipped: 'already-paid' };
    return { providerSubscriptionId: subscription.providerSubscriptionId, seatCount };
  });
  if ('skipped' in due) return due;

  const invoice = await payments.collectMonthlyInvoice({ subscriptionId: due.providerSubscriptionId, monthStart });
  return billing.transaction(async (transaction) => {
    if (!invoice) {
      const cycle = await billing.cycleOf(companyId, billingDate, transaction);
      return { recorded: true as const, status: cycle.status, seatCount: cycle.seatCount };
    }
    const recorded = await recordInvoice(transaction, {
      companyId,
      invoice,
      billingDate,
      seatCount: due.seatCount,
      appUrl,
      requestId,
    });
    return { recorded: true as const, status: recorded.cycle.status, seatCount: recorded.cycle.seatCount };
  });
}

interface DueCycle {
  providerSubscriptionId: string;
  seatCount: number;
}

export function runBillingCycleJob(deps: BillingJobDependencies): JobHandler<'run-billing-cycle', BillingCycleResult> {
  return async (job) => {
    const { companyId, billingDate } = runBillingCyclePayload.parse(job.data.payload);
    const result = await runBillingCycle(deps, companyId, billingDate, job.data.requestId ?? undefined);
    deps.logger.info({ companyId, billingDate, result }, 'billing cycle');
    return result;
  };
}
