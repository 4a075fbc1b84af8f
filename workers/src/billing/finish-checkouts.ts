import { finishCheckoutsPayload, type Logger } from '@teamfolk/shared';
import type { BillingService, FinishedCheckouts } from '@teamfolk/services/domain';
import type { JobHandler } from '../jobs';

export interface CheckoutSweepDependencies {
  billing: BillingService;
  logger: Logger;
}

/**
 * One company's share of the sweep: its checkouts paid without the API hearing of it (the return page
 * lost and the webhook not delivered, or the local event lost with its process) are finished by the
 * same code as payment-success, so the employee is created once whichever path gets there first.
 */
export function finishCheckoutsJob({
  billing,
  logger,
}: CheckoutSweepDependencies): JobHandler<'finish-checkouts', FinishedCheckouts> {
  return async (job) => {
    const { companyId } = finishCheckoutsPayload.parse(job.data.payload);
    const result = await billing.finishCheckouts(companyId, job.data.requestId ?? job.id);
    logger.info({ companyId, result }, 'checkout sweep');
    return result;
  };
}
