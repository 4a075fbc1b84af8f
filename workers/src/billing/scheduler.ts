import type { Queue } from 'bullmq';
import { schedule, type ScheduledTask } from 'node-cron';
import type { Sequelize } from 'sequelize';
import { runAsCompany, type Logger, type QueueName } from '@teamfolk/shared';
import { enqueueDataRetention } from '../maintenance/schedules';
import {
  CHECKOUT_SWEEP_MINUTES,
  enqueueBillingCycles,
  enqueueCheckoutSweeps,
  enqueueSubscriptionSyncs,
} from './schedules';

export interface ScheduleDependencies {
  queues: Record<QueueName, Queue>;
  sequelize: Sequelize;
  logger: Logger;
}

/** When each schedule fires (UTC). Every replica fires them; the job ids keep one job per period. */
export const SCHEDULES = {
  billingCycles: '0 3 1 * *',
  checkoutSweeps: `*/${CHECKOUT_SWEEP_MINUTES} * * * *`,
  subscriptionSyncs: '0 4 * * *',
  dataRetention: '30 4 * * *',
} as const;

export interface RunningSchedules {
  /** Resolves when the start-up catch-up has enqueued its jobs. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The cron schedules of the workers. At start-up each runs once as a catch-up (a replica that was
 * down at 03:00 on the 1st still bills the month); the period in the job ids makes that harmless.
 */
export function startSchedules({ queues, sequelize, logger }: ScheduleDependencies): RunningSchedules {
  const runs: Record<keyof typeof SCHEDULES, () => Promise<string[]>> = {
    billingCycles: () => enqueueBillingCycles(queues.billing, sequelize, new Date()),
    checkoutSweeps: () => enqueueCheckoutSweeps(queues.billing, sequelize, new Date()),
    subscriptionSyncs: () => enqueueSubscriptionSyncs(queues.billing, sequelize, new Date()),
    dataRetention: () => enqueueDataRetention(queues.maintenance, new Date()),
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
  const tasks: ScheduledTask[] = (Object.keys(SCHEDULES) as Array<keyof typeof SCHEDULES>).map((name) =>
    schedule(SCHEDULES[name], () => run(name), { name: `teamfolk-${name}`, timezone: 'UTC', noOverlap: true }),
  );
  const ready = Promise.all((Object.keys(SCHEDULES) as Array<keyof typeof SCHEDULES>).map(run)).then(() => undefined);
  return {
    ready,
    async stop() {
      await Promise.all(tasks.map((task) => task.destroy()));
      await ready;
    },
  };
}
