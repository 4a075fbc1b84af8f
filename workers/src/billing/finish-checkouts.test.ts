import { Queue } from 'bullmq';
import {
  BillingCheckout,
  closeRedis,
  Company,
  createCheckoutSessionSchema,
  createRedisConnection,
  Employee,
  OutboxEvent,
  User,
} from '@teamfolk/shared';
import { BillingService, EmployeesService } from '@teamfolk/services/domain';
import type { RunningWorkers } from '../index';
import { enqueueCheckoutSweeps } from '../schedules';
import { appUrl } from '../testing/subscribed-company';
import { workersWorld } from '../testing/workers-world';

/**
 * The sweep of paid checkouts the API never heard of: the return page lost and the event with it
 * (here the provider is paid directly, with no API listening). Its job is finished by the same code
 * as payment-success, once, however many sweeps and confirmations meet.
 */

const world = workersWorld();
let billing: BillingService;

beforeAll(() => {
  billing = new BillingService(
    world.db.sequelize,
    world.local,
    new EmployeesService(world.db.sequelize, appUrl),
    appUrl,
  );
});

let sequence = 0;

/** A company whose admin started a first-employee checkout: paid at the provider when `paid`. */
async function checkoutStarted({ paid }: { paid: boolean }) {
  const company = await Company.create({ name: `Sweep Co ${++sequence}` });
  const admin = await User.create({
    companyId: company.id,
    email: `sweep-admin-${sequence}-${Date.now()}@example.com`,
    passwordHash: 'x',
    role: 'admin',
    name: 'Sid Sweep',
    emailVerifiedAt: new Date(),
  });
  const auth = { userId: admin.id, companyId: company.id, role: 'admin' as const, emailVerified: true };
  const input = createCheckoutSessionSchema.parse({
    pendingEmployeeData: { name: `Swept ${sequence}`, email: `swept-${sequence}-${Date.now()}@example.com` },
  });
  const { sessionId } = await billing.createCheckoutSession(auth, input);
  if (paid) await world.local.completeCheckout(sessionId, '4242424242424242', '12/34');
  return { company, auth, sessionId, employee: input.pendingEmployeeData! };
}

describe(BillingService.prototype.finishCheckouts.name, () => {
  it('should create the employee once when two sweeps and the return page meet', async () => {
    const { company, auth, sessionId, employee } = await checkoutStarted({ paid: true });
    const [first, second, returned] = await Promise.all([
      billing.finishCheckouts(company.id),
      billing.finishCheckouts(company.id),
      billing.paymentSuccess(auth, sessionId, 'return-page'),
    ]);
    expect(first.finished + second.finished).toBeLessThanOrEqual(1);
    expect(returned).toMatchObject({ employeeCreated: true, employee: { email: employee.email } });
    expect(await Employee.count({ where: { companyId: company.id } })).toBe(1);
    const invitations = await OutboxEvent.count({ where: { companyId: company.id, jobName: 'send-email' } });
    expect(invitations).toBe(1);
  });

  it('should leave a checkout open while it is unpaid, and finish it once paid', async () => {
    const { company, sessionId } = await checkoutStarted({ paid: false });
    expect(await billing.finishCheckouts(company.id)).toEqual({ finished: 0, unpaid: 1 });
    await world.local.completeCheckout(sessionId, '4242424242424242', '12/34');
    expect(await billing.finishCheckouts(company.id)).toEqual({ finished: 1, unpaid: 0 });
    expect(await billing.finishCheckouts(company.id)).toEqual({ finished: 0, unpaid: 0 });
    expect(await BillingCheckout.findByPk(sessionId)).toMatchObject({ completedAt: expect.any(Date) });
  });
});

describe(enqueueCheckoutSweeps.name, () => {
  it('should add one job per company with an unfinished checkout and five minutes, whichever replica adds it', async () => {
    const unfinished = await checkoutStarted({ paid: false });
    const finished = await checkoutStarted({ paid: true });
    await billing.finishCheckouts(finished.company.id);
    const connections = [
      createRedisConnection(world.redis.url, 'producer'),
      createRedisConnection(world.redis.url, 'producer'),
    ];
    const prefix = `${world.redis.prefix}-sweep`;
    const queues = connections.map((connection) => new Queue('billing', { connection, prefix }));
    try {
      const now = new Date();
      now.setUTCMinutes(7, 30, 0);
      const later = new Date(now.getTime() + 5 * 60 * 1000);
      const slot = (hourAndMinutes: Date, minutes: string) =>
        `${hourAndMinutes.toISOString().slice(0, 14)}${minutes}`.replace(':', '-');
      const [first, second] = (await Promise.all(
        queues.map((queue) => enqueueCheckoutSweeps(queue, world.db.sequelize, now)),
      )) as [string[], string[]];
      expect(first).toContain(`checkout-sweep-${slot(now, '05')}-company-${unfinished.company.id}`);
      expect(first.some((id) => id.endsWith(`-company-${finished.company.id}`))).toBe(false);
      expect(second).toEqual(first);
      const next = await enqueueCheckoutSweeps(queues[0]!, world.db.sequelize, later);
      expect(next).toContain(`checkout-sweep-${slot(later, '10')}-company-${unfinished.company.id}`);

      const waiting = await queues[0]!.getJobs(['wait']);
      const ofUnfinished = waiting.filter((job) => job.data.companyId === unfinished.company.id);
      expect(ofUnfinished.map((job) => job.name)).toEqual(['finish-checkouts', 'finish-checkouts']);
      expect(waiting.every((job) => !/:|^\d+$/.test(job.id!))).toBe(true);
    } finally {
      await Promise.all(queues.map((queue) => queue.close()));
      await Promise.all(connections.map(closeRedis));
    }
  });
});

describe('the checkout sweep of two running worker processes', () => {
  it('should finish a paid checkout the API never heard of at their start-up sweep, once', async () => {
    const { company, employee } = await checkoutStarted({ paid: true });
    const workers: RunningWorkers[] = await Promise.all([
      world.startWorkers(`${world.redis.prefix}-workers`),
      world.startWorkers(`${world.redis.prefix}-workers`),
    ]);
    try {
      await Promise.all(workers.map((running) => running.schedules!.ready));
      const queue = workers[0]!.queues.billing;
      const sweeps = async () =>
        (await queue.getJobs(['completed', 'wait', 'active', 'delayed', 'failed'])).filter(
          (job) => job.name === 'finish-checkouts' && job.data.companyId === company.id,
        );
      for (let attempt = 0; attempt < 200 && !(await sweeps()).every((job) => job.finishedOn); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const jobs = await sweeps();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.returnvalue).toEqual({ finished: 1, unpaid: 0 });
      expect((await Employee.findAll({ where: { companyId: company.id } })).map((e) => e.email)).toEqual([
        employee.email,
      ]);
    } finally {
      await Promise.all(workers.map((running) => running.close()));
    }
  });
});
