import { Queue } from 'bullmq';
import {
  applyProviderSubscription,
  BillingCycle,
  billingMonthOf,
  closeRedis,
  Company,
  createLogger,
  createRedisConnection,
  Employee,
  LocalPaymentsProvider,
  startMailSink,
  User,
  type MailSink,
} from '@teamfolk/shared';
import { createTestDatabase, createTestRedis, type TestDatabase, type TestRedis } from '@teamfolk/shared/testing';
import { startWorkers, type RunningWorkers } from './index';
import { enqueueBillingCycles, enqueueDataRetention, enqueueSubscriptionSyncs } from './schedules';

/** Every worker replica fires the same schedules: the period in the job ids makes each job exist once. */

let db: TestDatabase;
let redis: TestRedis;
let mail: MailSink;
let local: LocalPaymentsProvider;
const appUrl = 'http://teamfolk.test';
const logger = createLogger('silent', 'test');

beforeAll(async () => {
  db = await createTestDatabase();
  redis = createTestRedis();
  mail = await startMailSink();
  local = new LocalPaymentsProvider(db.sequelize, { mode: 'local', appUrl });
});
afterAll(async () => {
  await mail.close();
  await redis.flush();
  await db.drop();
});

async function subscribedCompany(seats: number): Promise<Company> {
  const company = await Company.create({ name: 'Scheduled Co' });
  const admin = await User.create({
    companyId: company.id,
    email: `scheduled-${company.id}-${Date.now()}@example.com`,
    passwordHash: 'x',
    role: 'admin',
    name: 'Sam Schedule',
    emailVerifiedAt: new Date(),
  });
  for (let index = 0; index < seats; index++) {
    await Employee.create({ companyId: company.id, name: 'Seat', email: `seat-${company.id}-${index}@example.com` });
  }
  const customerId = await local.createCustomer({ companyId: company.id, email: admin.email, name: company.name });
  const session = await local.createCheckoutSession({
    companyId: company.id,
    customerId,
    mode: 'subscription',
    quantity: seats,
    successUrl: `${appUrl}/ok`,
    cancelUrl: `${appUrl}/no`,
  });
  await local.completeCheckout(session.id, '4242424242424242');
  const state = (await local.findSubscriptionOfCustomer(customerId))!;
  await db.sequelize.transaction((transaction) =>
    applyProviderSubscription(transaction, { companyId: company.id, state, observedAt: new Date(), appUrl }),
  );
  return company;
}

describe('the schedules of two worker processes', () => {
  it('should add each scheduled job once when two processes fire the same schedule', async () => {
    const companies = [await subscribedCompany(1), await subscribedCompany(2)];
    const connections = [createRedisConnection(redis.url, 'producer'), createRedisConnection(redis.url, 'producer')];
    const prefix = `${redis.prefix}-enqueue`;
    const billing = connections.map((connection) => new Queue('billing', { connection, prefix }));
    const maintenance = connections.map((connection) => new Queue('maintenance', { connection, prefix }));
    try {
      const now = new Date('2026-12-01T03:00:00Z');
      const [first, second] = await Promise.all(billing.map((queue) => enqueueBillingCycles(queue, db.sequelize, now)));
      expect(first).toEqual(companies.map((company) => `billing-cycle-2026-12-company-${company.id}`));
      expect(second).toEqual(first);
      await Promise.all(billing.map((queue) => enqueueSubscriptionSyncs(queue, db.sequelize, now)));
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
    const start = () =>
      startWorkers({
        sequelize: db.sequelize,
        databaseUrl: db.url,
        redisUrl: redis.url,
        queuePrefix: redis.prefix,
        smtpUrl: mail.url,
        mailFrom: 'Teamfolk <no-reply@teamfolk.test>',
        logger,
        appUrl: 'http://teamfolk.test',
        payments: local,
      });
    const workers: RunningWorkers[] = await Promise.all([start(), start()]);
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
