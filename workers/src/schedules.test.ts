import { Queue } from 'bullmq';
import { BillingCycle, billingMonthOf, closeRedis, createRedisConnection } from '@teamfolk/shared';
import { enqueueBillingCycles, enqueueDataRetention, enqueueSubscriptionSyncs } from './schedules';
import { companyWithSeats, subscribeLocally } from './testing/subscribed-company';
import { workersWorld } from './testing/workers-world';
import type { RunningWorkers } from './index';

/** Every worker replica fires the same schedules: the period in the job ids makes each job exist once. */

const world = workersWorld();

async function subscribedCompany(seats: number) {
  const { company, admin } = await companyWithSeats(seats, 'Scheduled Co');
  await subscribeLocally({ local: world.local, sequelize: world.db.sequelize }, { company, admin }, seats);
  return company;
}

describe('the schedules of two worker processes', () => {
  it('should add each scheduled job once when two processes fire the same schedule', async () => {
    const companies = [await subscribedCompany(1), await subscribedCompany(2)];
    const connections = [
      createRedisConnection(world.redis.url, 'producer'),
      createRedisConnection(world.redis.url, 'producer'),
    ];
    const prefix = `${world.redis.prefix}-enqueue`;
    const billing = connections.map((connection) => new Queue('billing', { connection, prefix }));
    const maintenance = connections.map((connection) => new Queue('maintenance', { connection, prefix }));
    try {
      const now = new Date('2026-12-01T03:00:00Z');
      const [first, second] = await Promise.all(
        billing.map((queue) => enqueueBillingCycles(queue, world.db.sequelize, now)),
      );
      expect(first).toEqual(companies.map((company) => `billing-cycle-2026-12-company-${company.id}`));
      expect(second).toEqual(first);
      await Promise.all(billing.map((queue) => enqueueSubscriptionSyncs(queue, world.db.sequelize, now)));
      await Promise.all(maintenance.map((queue) => enqueueDataRetention(queue, now)));

      const waiting = await billing[0]!.getJobs(['wait']);
      expect(waiting.map((job) => job.id).sort()).toEqual(
        [
          ...companies.map((company) => `billing-cycle-2026-12-company-${company.id}`),
          ...companies.map((company) => `subscription-sync-2026-12-01-company-${company.id}`),
        ].sort(),
      );
      expect((await maintenance[1]!.getJobs(['wait'])).map((job) => job.id)).toEqual(['data-retention-2026-12-01']);
      expect(waiting.every((job) => !/:|^\d+$/.test(job.id!))).toBe(true);
    } finally {
      await Promise.all([...billing, ...maintenance].map((queue) => queue.close()));
      await Promise.all(connections.map(closeRedis));
    }
  });

  it('should run the catch-up of two running worker processes once: one job, one billing cycle', async () => {
    const company = await subscribedCompany(3);
    const workers: RunningWorkers[] = await Promise.all([world.startWorkers(), world.startWorkers()]);
    try {
      await Promise.all(workers.map((running) => running.schedules!.ready));
      const jobId = `billing-cycle-${billingMonthOf(new Date()).slice(0, 7)}-company-${company.id}`;
      const queue = workers[0]!.queues.billing;
      const finished = async () => (await queue.getJob(jobId))?.isCompleted();
      for (let attempt = 0; attempt < 200 && !(await finished()); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await finished()).toBe(true);
      const cycleJobs = (await queue.getJobs(['completed', 'wait', 'active', 'delayed', 'failed'])).filter(
        (job) => job.name === 'run-billing-cycle' && job.data.companyId === company.id,
      );
      expect(cycleJobs.map((job) => job.id)).toEqual([jobId]);
      const cycles = await BillingCycle.findAll({ where: { companyId: company.id } });
      expect(cycles).toHaveLength(1);
      expect(cycles[0]).toMatchObject({ seatCount: 3, amountDue: 600, status: 'paid' });
      const retention = await workers[1]!.queues.maintenance.getJobs(['completed', 'wait', 'active', 'delayed']);
      expect(retention.filter((job) => job.name === 'run-data-retention')).toHaveLength(1);
    } finally {
      await Promise.all(workers.map((running) => running.close()));
    }
  });
});
