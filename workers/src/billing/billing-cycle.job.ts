import type { Job } from 'bullmq';
import { QueryTypes } from 'sequelize';
import {
  BillingCycle,
  DataErasure,
  Employee,
  monthlyAmount,
  monthStartOf,
  recordInvoice,
  runBillingCyclePayload,
  Subscription,
  subscriptionEndedAt,
  type BillingCycleStatus,
  type JobEnvelope,
} from '@teamfolk/shared';
import type { BillingJobDependencies, SkippedResult } from './billing-jobs';

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
  const { sequelize, payments, appUrl } = deps;
  const monthStart = monthStartOf(billingDate);
  const due = await sequelize.transaction(async (transaction): Promise<DueCycle | SkippedResult> => {
    const subscription = await Subscription.findOne({ where: { companyId }, transaction });
    if (!subscription?.providerSubscriptionId) return { skipped: 'no-provider-subscription' };
    if (subscription.status === 'incomplete') return { skipped: 'subscription-incomplete' };
    if (subscriptionEndedAt(subscription, monthStart)) return { skipped: 'subscription-ended' };
    if (await DataErasure.findOne({ where: { companyId }, transaction }).then((erasure) => erasure?.erasedAt)) {
      return { skipped: 'company-erased' };
    }
    const seatCount = await Employee.count({ where: { companyId, deletedAt: null }, transaction });
    await sequelize.query(
      `INSERT INTO billing_cycles (company_id, billing_date, seat_count, amount_due, status)
       VALUES (:companyId, :billingDate, :seatCount, :amountDue, 'pending')
       ON CONFLICT (company_id, billing_date) DO NOTHING`,
      {
        replacements: { companyId, billingDate, seatCount, amountDue: monthlyAmount(seatCount) },
        type: QueryTypes.INSERT,
        transaction,
      },
    );
    const cycle = await BillingCycle.findOne({ where: { companyId, billingDate }, transaction, rejectOnEmpty: true });
    if (cycle.status === 'paid') return { skipped: 'already-paid' };
    return { providerSubscriptionId: subscription.providerSubscriptionId, seatCount };
  });
  if ('skipped' in due) return due;

  const invoice = await payments.collectMonthlyInvoice({ subscriptionId: due.providerSubscriptionId, monthStart });
  return sequelize.transaction(async (transaction) => {
    if (!invoice) {
      const cycle = await BillingCycle.findOne({ where: { companyId, billingDate }, transaction, rejectOnEmpty: true });
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

export function runBillingCycleJob(deps: BillingJobDependencies) {
  return async (job: Job<JobEnvelope<'run-billing-cycle'>>): Promise<BillingCycleResult> => {
    const { companyId, billingDate } = runBillingCyclePayload.parse(job.data.payload);
    const result = await runBillingCycle(deps, companyId, billingDate, job.data.requestId ?? undefined);
    deps.logger.info({ companyId, billingDate, result }, 'billing cycle');
    return result;
  };
}
