import type { Queue } from 'bullmq';
import { QueryTypes, type Sequelize } from 'sequelize';
import {
  billingMonthOf,
  DEFAULT_JOB_OPTIONS,
  SCHEDULED_JOB_IDS,
  UNFINISHED_CHECKOUT_WINDOW_HOURS,
  type JobEnvelope,
  type JobName,
  type JobPayload,
} from '@teamfolk/shared';

const DAY_MS = 24 * 3600 * 1000;

async function companiesWhere(
  sequelize: Sequelize,
  condition: string,
  replacements: Record<string, unknown> = {},
): Promise<number[]> {
  const rows = await sequelize.query<{ company_id: number }>(
    `SELECT company_id FROM teamfolk_subscription_overview() WHERE ${condition} ORDER BY company_id`,
    { replacements, type: QueryTypes.SELECT },
  );
  return rows.map((row) => row.company_id);
}

/** Adds jobs under deterministic ids: whichever replica adds first wins, the others' adds are no-ops. */
export async function addScheduled<Name extends JobName>(
  queue: Queue,
  name: Name,
  jobs: Array<{ jobId: string; companyId: number | null; payload: JobPayload<Name> }>,
): Promise<string[]> {
  if (jobs.length === 0) return [];
  await queue.addBulk(
    jobs.map(({ jobId, companyId, payload }) => ({
      name,
      data: { companyId, requestId: null, payload } satisfies JobEnvelope<Name>,
      opts: { ...DEFAULT_JOB_OPTIONS, jobId },
    })),
  );
  return jobs.map((job) => job.jobId);
}

/** Monthly: one billing-cycle job per company with a running subscription, e.g. billing-cycle-2026-12-company-42. */
export async function enqueueBillingCycles(queue: Queue, sequelize: Sequelize, now: Date): Promise<string[]> {
  const billingDate = billingMonthOf(now);
  const companies = await companiesWhere(
    sequelize,
    `has_subscription AND status IN ('active', 'cancel_at_period_end')`,
  );
  return addScheduled(
    queue,
    'run-billing-cycle',
    companies.map((companyId) => ({
      jobId: SCHEDULED_JOB_IDS.billingCycle(billingDate, companyId),
      companyId,
      payload: { companyId, billingDate },
    })),
  );
}

/**
 * Daily: one sync per company with a provider account whose subscription runs, or whose checkout
 * started in the last week (a payment whose return never reached us is picked up this way).
 */
export async function enqueueSubscriptionSyncs(queue: Queue, sequelize: Sequelize, now: Date): Promise<string[]> {
  const day = now.toISOString().slice(0, 10);
  const companies = await companiesWhere(
    sequelize,
    `has_customer
       AND (status IN ('active', 'cancel_at_period_end') OR (status = 'incomplete' AND updated_at > :since))`,
    { since: new Date(now.getTime() - 7 * DAY_MS) },
  );
  return addScheduled(
    queue,
    'sync-subscription',
    companies.map((companyId) => ({
      jobId: SCHEDULED_JOB_IDS.subscriptionSync(day, companyId),
      companyId,
      payload: { companyId },
    })),
  );
}

/** How often the sweep of unfinished checkouts runs, in minutes (SCHEDULES.checkoutSweeps fires on it). */
export const CHECKOUT_SWEEP_MINUTES = 5;

/**
 * Every five minutes: one finish-checkouts job per company with a checkout neither finished nor closed,
 * e.g. checkout-sweep-2026-12-01T03-05-company-42 (the five minutes are in the id: one job per period
 * whichever replica adds it, and a new one for the next).
 */
export async function enqueueCheckoutSweeps(queue: Queue, sequelize: Sequelize, now: Date): Promise<string[]> {
  const slotStart = new Date(now);
  slotStart.setUTCSeconds(0, 0);
  slotStart.setUTCMinutes(slotStart.getUTCMinutes() - (slotStart.getUTCMinutes() % CHECKOUT_SWEEP_MINUTES));
  const slot = slotStart.toISOString().slice(0, 16).replace(':', '-');
  const rows = await sequelize.query<{ company_id: number }>(
    'SELECT company_id FROM teamfolk_unfinished_checkouts(:since)',
    {
      replacements: { since: new Date(now.getTime() - UNFINISHED_CHECKOUT_WINDOW_HOURS * 3600 * 1000) },
      type: QueryTypes.SELECT,
    },
  );
  return addScheduled(
    queue,
    'finish-checkouts',
    rows.map(({ company_id: companyId }) => ({
      jobId: SCHEDULED_JOB_IDS.checkoutSweep(slot, companyId),
      companyId,
      payload: { companyId },
    })),
  );
}
