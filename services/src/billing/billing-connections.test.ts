import {
  BillingCheckout,
  Employee,
  LocalPaymentObject,
  type LocalPaymentsProvider,
  OutboxEvent,
  Subscription,
} from '@teamfolk/shared';
import { activateSubscription, createCompanyWithAdmin, createEmployees } from '../testing/factories';
import { bearerFor, startTestApp, type TestApp } from '../testing/harness';

/**
 * Billing under bursts with the pool at two connections: no billing path holds a transaction while it
 * asks for another connection or calls the payments provider, so a burst queues for the pool instead
 * of deadlocking it, and another company's requests still get their turn.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ config: { DATABASE_POOL_MAX: '2' }, schedules: false });
});
afterAll(async () => {
  await t.close();
});

async function signedInAdmin() {
  const created = await createCompanyWithAdmin();
  return { ...created, auth: await bearerFor(t, created.admin.email, created.password) };
}

/** Another company, subscribed and with people, whose employee list is read during the burst. */
async function bystander() {
  const admin = await signedInAdmin();
  await activateSubscription(admin.company);
  await createEmployees(admin.company, 3);
  return admin;
}

const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe('billing bursts with DATABASE_POOL_MAX=2', () => {
  it("should answer 12 parallel create-setup-intent without a 503, one customer for all, and serve another company's employees", async () => {
    const admin = await signedInAdmin();
    const other = await bystander();

    const burst = Array.from({ length: 12 }, () =>
      t.request().post('/api/billing/create-setup-intent').set('Authorization', admin.auth).send({ hosted: true }),
    );
    const [replies, list] = await Promise.all([
      Promise.all(burst),
      t.request().get('/api/employees').set('Authorization', other.auth),
    ]);

    expect(statusCounts(replies.map((reply) => reply.status))).toEqual({ 200: 12 });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    const { providerCustomerId } = await Subscription.findOne({
      where: { companyId: admin.company.id },
      rejectOnEmpty: true,
    });
    const sessions = await LocalPaymentObject.findAll({
      where: { id: replies.map((reply) => reply.body.sessionId as string) },
    });
    expect(sessions.map((session) => session.customerId)).toEqual(Array(12).fill(providerCustomerId));
    expect(await BillingCheckout.count({ where: { companyId: admin.company.id, mode: 'setup' } })).toBe(12);
  });

  it('should answer 20 parallel payment-success on one paid checkout without a 503, telling the call that created the employee', async () => {
    const admin = await signedInAdmin();
    const other = await bystander();
    const email = `burst-${Date.now()}@example.com`;
    const checkout = await t
      .request()
      .post('/api/billing/create-checkout-session')
      .set('Authorization', admin.auth)
      .send({ pendingEmployeeData: { name: 'Burst Person', email, role: 'Baker' } })
      .expect(200);
    // Paid at the provider with nothing told to the API yet: the confirmations race to finish it.
    await (t.workers.payments as LocalPaymentsProvider).completeCheckout(checkout.body.sessionId, '4242424242424242');

    const burst = Array.from({ length: 20 }, () =>
      t
        .request()
        .post('/api/billing/payment-success')
        .set('Authorization', admin.auth)
        .send({ sessionId: checkout.body.sessionId }),
    );
    const [replies, list] = await Promise.all([
      Promise.all(burst),
      t.request().get('/api/employees').set('Authorization', other.auth),
    ]);

    expect(statusCounts(replies.map((reply) => reply.status))).toEqual({ 200: 20 });
    expect(list.status).toBe(200);
    const told = replies.filter((reply) => reply.body.employeeCreated === true);
    expect(told).toHaveLength(1);
    expect(told[0]!.body.employee).toMatchObject({ name: 'Burst Person', email });
    expect(await Employee.count({ where: { companyId: admin.company.id } })).toBe(1);
    // The invitation was written by the request that created the employee: the one that was told.
    const invitation = await OutboxEvent.findAll({ where: { companyId: admin.company.id, jobName: 'send-email' } });
    expect(invitation.map((event) => event.requestId)).toEqual([told[0]!.headers['x-request-id']]);
  });
});
