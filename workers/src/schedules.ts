import type { Queue } from 'bullmq';
import { schedule, type ScheduledTask } from 'node-cron';
import type { Sequelize } from 'sequelize';
import {
  billingMonthOf,
  DECISION_DIGEST_LOCAL_TIME,
  DEFAULT_JOB_OPTIONS,
  runAsCompany,
  SCHEDULED_JOB_IDS,
  UNFINISHED_CHECKOUT_WINDOW_HOURS,
  type JobEnvelope,
  type JobName,
  type JobPayload,
  type Logger,
  type QueueName,
} from '@teamfolk/shared';
import { BillingRepository } from './billing/billing.repository';
import { DecisionsRepository } from './decisions/decisions.repository';

/**
 * The schedules of every job that runs by the clock, in one place: when each fires and which jobs
 * it adds. Every worker replica fires them all; each job's id names its period, so whichever
 * replica adds it first wins and the others' adds are no-ops.
 */

const DAY_MS = 24 * 3600 * 1000;

/** How often the sweep of unfinished checkouts runs, in minutes (SCHEDULES.checkoutSweeps fires on it). */
export const CHECKOUT_SWEEP_MINUTES = 5;

/** How often the digest schedule looks for companies whose digest time has come, in minutes. */
export const DIGEST_SWEEP_MINUTES = 15;

/** When each schedule fires (UTC). */
export const SCHEDULES = {
  billingCycles: '0 3 1 * *',
  checkoutSweeps: `*/${CHECKOUT_SWEEP_MINUTES} * * * *`,
  subscriptionSyncs: '0 4 * * *',
  dataRetention: '30 4 * * *',
  /** Each company's decision digests at DECISION_DIGEST_LOCAL_TIME of its own time zone. */
  decisionDigests: `*/${DIGEST_SWEEP_MINUTES} * * * *`,
} as const;

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

/** One job a company: `job` names its id (with the period) and its payload. */
function addPerCompany<Name extends JobName>(
  queue: Queue,
  name: Name,
  companies: number[],
  job: (companyId: number) => { jobId: string; payload: JobPayload<Name> },
): Promise<string[]> {
  return addScheduled(
    queue,
    name,
    companies.map((companyId) => ({ companyId, ...job(companyId) })),
  );
}

/** Monthly: one billing-cycle job per company with a running subscription, e.g. billing-cycle-2026-12-company-42. */
export async function enqueueBillingCycles(queue: Queue, sequelize: Sequelize, now: Date): Promise<string[]> {
  const billingDate = billingMonthOf(now);
  const companies = await new BillingRepository(sequelize).companiesToBill();
  return addPerCompany(queue, 'run-billing-cycle', companies, (companyId) => ({
    jobId: SCHEDULED_JOB_IDS.billingCycle(billingDate, companyId),
    payload: { companyId, billingDate },
  }));
}

/**
 * Daily: one sync per company with a provider account whose subscription runs, or whose checkout
 * started in the last week (a payment whose return never reached us is picked up this way).
 */
export async function enqueueSubscriptionSyncs(queue: Queue, sequelize: Sequelize, now: Date): Promise<string[]> {
  const day = now.toISOString().slice(0, 10);
  const companies = await new BillingRepository(sequelize).companiesToSync(new Date(now.getTime() - 7 * DAY_MS));
  return addPerCompany(queue, 'sync-subscription', companies, (companyId) => ({
    jobId: SCHEDULED_JOB_IDS.subscriptionSync(day, companyId),
    payload: { companyId },
  }));
}

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
  const companies = await new BillingRepository(sequelize).companiesWithUnfinishedCheckouts(
    new Date(now.getTime() - UNFINISHED_CHECKOUT_WINDOW_HOURS * 3600 * 1000),
  );
  return addPerCompany(queue, 'finish-checkouts', companies, (companyId) => ({
    jobId: SCHEDULED_JOB_IDS.checkoutSweep(slot, companyId),
    payload: { companyId },
  }));
}

/** Daily: the data-retention run, e.g. data-retention-2026-11-21. */
export async function enqueueDataRetention(queue: Queue, now: Date): Promise<string[]> {
  const day = now.toISOString().slice(0, 10);
  return addScheduled(queue, 'run-data-retention', [
    { jobId: SCHEDULED_JOB_IDS.dataRetention(day), companyId: null, payload: { asOf: now.toISOString() } },
  ]);
}

/**
 * The digest sweep: a job for each company whose wall clock is within DIGEST_SWEEP_MINUTES from
 * DECISION_DIGEST_LOCAL_TIME, named by the company's day (one job whichever replica adds it; the
 * mails' idempotency keys make a second one harmless too).
 */
export async function enqueueDecisionDigests(queue: Queue, sequelize: Sequelize): Promise<string[]> {
  const [hours, minutes] = DECISION_DIGEST_LOCAL_TIME.split(':').map(Number) as [number, number];
  const digestMinute = hours * 60 + minutes;
  const due = (await new DecisionsRepository(sequelize).digestCompanies()).flatMap(({ company_id, local_now }) => {
    const minuteOfDay = Number(local_now.slice(11, 13)) * 60 + Number(local_now.slice(14, 16));
    const since = minuteOfDay - digestMinute;
    if (since < 0 || since >= DIGEST_SWEEP_MINUTES) return [];
    const day = local_now.slice(0, 10);
    return [
      {
        jobId: SCHEDULED_JOB_IDS.decisionDigests(day, company_id),
        companyId: company_id,
        payload: { companyId: company_id, day },
      },
    ];
  });
  return addScheduled(queue, 'send-decision-digests', due);
}

export interface ScheduleDependencies {
  queues: Record<QueueName, Queue>;
  sequelize: Sequelize;
  logger: Logger;
}

export interface RunningSchedules {
  /** Resolves when the start-up catch-up has enqueued its jobs. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts every schedule. At start-up each runs once as a catch-up (a replica that was down at 03:00
 * on the 1st still bills the month); the period in the job ids makes that harmless.
 */
export function startSchedules({ queues, sequelize, logger }: ScheduleDependencies): RunningSchedules {
  const runs: Record<keyof typeof SCHEDULES, () => Promise<string[]>> = {
    billingCycles: () => enqueueBillingCycles(queues.billing, sequelize, new Date()),
    checkoutSweeps: () => enqueueCheckoutSweeps(queues.billing, sequelize, new Date()),
    subscriptionSyncs: () => enqueueSubscriptionSyncs(queues.billing, sequelize, new Date()),
    dataRetention: () => enqueueDataRetention(queues.maintenance, new Date()),
    decisionDigests: () => enqueueDecisionDigests(queues.email, sequelize),
  };
  const run = async (name: keyof typeof SCHEDULES) => {
    try {
      // Schedules sweep every company, as none of them: through teamfolk_subscription_overview.
      const jobIds = await runAsCompany(null, runs[name]);
      logger.info({ schedule: name, jobs: jobIds.length }, 'schedule enqueued');
    } catch (error) {
      logger.warn({ err: error, schedule: name }, 'schedule failed; it runs again at its next time');
    }
  };
  const names = Object.keys(SCHEDULES) as Array<keyof typeof SCHEDULES>;
  const tasks: ScheduledTask[] = names.map((name) =>
    schedule(SCHEDULES[name], () => run(name), { name: `teamfolk-${name}`, timezone: 'UTC', noOverlap: true }),
  );
  const ready = Promise.all(names.map(run)).then(() => undefined);
  return {
    ready,
    async stop() {
      await Promise.all(tasks.map((task) => task.destroy()));
      await ready;
    },
  };
}
