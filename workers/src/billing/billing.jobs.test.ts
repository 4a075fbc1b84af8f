import {
  applyProviderSubscription,
  BillingCycle,
  Company,
  createLogger,
  Employee,
  LocalPaymentObject,
  LocalPaymentsProvider,
  OutboxEvent,
  StripePaymentsProvider,
  Subscription,
  User,
  type PaymentsProvider,
} from '@teamfolk/shared';
import { createTestDatabase, type TestDatabase } from '@teamfolk/shared/testing';
import { startStripeStub, type StripeStub } from '../../../services/src/testing/stripe-stub';
import { runBillingCycle } from './billing-cycle.job';
import type { BillingJobDependencies } from './billing-jobs';
import { updateSeatQuantity } from './seat-update.job';
import { syncSubscription } from './subscription-sync.job';

let db: TestDatabase;
let stub: StripeStub;
let clock: Date | null = null;
let local: LocalPaymentsProvider;
const appUrl = 'http://teamfolk.test';
const logger = createLogger('silent', 'test');
const now = () => clock ?? new Date();

beforeAll(async () => {
  db = await createTestDatabase();
  stub = await startStripeStub();
  local = new LocalPaymentsProvider(db.sequelize, { mode: 'local', appUrl }, { now });
});
afterAll(async () => {
  await stub.close();
  await db.drop();
});
afterEach(() => {
  clock = null;
});

const deps = (payments: PaymentsProvider = local): BillingJobDependencies => ({
  sequelize: db.sequelize,
  payments,
  appUrl,
  logger,
  now,
});

let sequence = 0;
async function newCompany(seats: number) {
  const company = await Company.create({ name: `Billing Co ${++sequence}` });
  const admin = await User.create({
    companyId: company.id,
    email: `billing-admin-${sequence}-${Date.now()}@example.com`,
    passwordHash: 'x',
    role: 'admin',
    name: 'Bea Billing',
    emailVerifiedAt: new Date(),
  });
  for (let index = 0; index < seats; index++) await addEmployee(company);
  return { company, admin };
}

const addEmployee = (company: Company) =>
  Employee.create({ companyId: company.id, name: 'Seat', email: `seat-${++sequence}-${Date.now()}@example.com` });

/** A company that went through the local checkout, with the activation taken in. */
async function subscribeLocally(company: Company, admin: User, seats: number, card = '4242424242424242') {
  const customerId = await local.createCustomer({ companyId: company.id, email: admin.email, name: company.name });
  const session = await local.createCheckoutSession({
    companyId: company.id,
    customerId,
    mode: 'subscription',
    quantity: seats,
    successUrl: `${appUrl}/done?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}/canceled`,
  });
  await local.completeCheckout(session.id, card);
  const { subscriptionId } = (await local.retrieveCheckoutSession(session.id))!;
  const state = (await local.retrieveSubscription(subscriptionId!))!;
  await db.sequelize.transaction((transaction) =>
    applyProviderSubscription(transaction, { companyId: company.id, state, observedAt: now(), appUrl }),
  );
  return Subscription.findOne({ where: { companyId: company.id }, rejectOnEmpty: true });
}

const mailsOf = async (companyId: number, template: string) =>
  (await OutboxEvent.findAll({ where: { companyId, jobName: 'send-email' } })).filter(
    (event) => (event.payload as { mail: { template: string } }).mail.template === template,
  );

describe(runBillingCycle.name, () => {
  it('should record one paid cycle per company and month, however often and concurrently it runs', async () => {
    clock = new Date('2026-11-21T10:00:00Z');
    const { company, admin } = await newCompany(2);
    const subscription = await subscribeLocally(company, admin, 2);
    expect(subscription.currentPeriodEnd).toEqual(new Date('2026-12-01T00:00:00Z'));

    clock = new Date('2026-12-01T03:00:00Z');
    const results = await Promise.all([
      runBillingCycle(deps(), company.id, '2026-12-01'),
      runBillingCycle(deps(), company.id, '2026-12-01'),
    ]);
    const rerun = await runBillingCycle(deps(), company.id, '2026-12-01');

    // Two runs at once may both collect: the provider issues the month's invoice once all the same.
    for (const result of results) {
      expect([{ recorded: true, status: 'paid', seatCount: 2 }, { skipped: 'already-paid' }]).toContainEqual(result);
    }
    expect(rerun).toEqual({ skipped: 'already-paid' });
    const cycles = await BillingCycle.findAll({ where: { companyId: company.id } });
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ billingDate: '2026-12-01', seatCount: 2, amountDue: 400, status: 'paid' });
    expect(
      await LocalPaymentObject.count({ where: { type: 'invoice', customerId: subscription.providerCustomerId } }),
    ).toBe(2);
    const renewed = await local.retrieveSubscription(subscription.providerSubscriptionId!);
    expect(renewed?.currentPeriodEnd).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('should bill seats added during a month from the next cycle, without proration', async () => {
    clock = new Date('2026-11-21T10:00:00Z');
    const { company, admin } = await newCompany(1);
    await subscribeLocally(company, admin, 1);
    clock = new Date('2026-12-01T03:00:00Z');
    await runBillingCycle(deps(), company.id, '2026-12-01');

    clock = new Date('2026-12-10T09:00:00Z');
    await addEmployee(company);
    await addEmployee(company);
    expect(await updateSeatQuantity(deps(), company.id)).toEqual({ updated: true, quantity: 3 });
    expect(
      (await BillingCycle.findOne({ where: { companyId: company.id, billingDate: '2026-12-01' } }))?.amountDue,
    ).toBe(200);

    clock = new Date('2027-01-01T03:00:00Z');
    expect(await runBillingCycle(deps(), company.id, '2027-01-01')).toEqual({
      recorded: true,
      status: 'paid',
      seatCount: 3,
    });
    expect(await BillingCycle.findOne({ where: { companyId: company.id, billingDate: '2027-01-01' } })).toMatchObject({
      amountDue: 600,
      status: 'paid',
    });
  });

  it('should mark the cycle failed when the card is declined and e-mail the admins once', async () => {
    clock = new Date('2026-11-21T10:00:00Z');
    const { company, admin } = await newCompany(1);
    const subscription = await subscribeLocally(company, admin, 1);
    const setup = await local.createSetupIntent({
      companyId: company.id,
      customerId: subscription.providerCustomerId!,
    });
    await local.completeCheckout(setup.sessionId!, '4000 0000 0000 0341');
    const failing = (await local.retrieveCheckoutSession(setup.sessionId!))!.paymentMethodId!;
    await local.setDefaultPaymentMethod(subscription.providerCustomerId!, failing, subscription.providerSubscriptionId);

    clock = new Date('2026-12-01T03:00:00Z');
    expect(await runBillingCycle(deps(), company.id, '2026-12-01')).toEqual({
      recorded: true,
      status: 'failed',
      seatCount: 1,
    });
    await runBillingCycle(deps(), company.id, '2026-12-01');
    const cycle = await BillingCycle.findOne({ where: { companyId: company.id, billingDate: '2026-12-01' } });
    expect(cycle).toMatchObject({ status: 'failed', paidAt: null });
    const mails = await mailsOf(company.id, 'payment-failed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({
      to: admin.email,
      mail: {
        template: 'payment-failed',
        amountDue: 200,
        billingDate: '2026-12-01',
        link: `${appUrl}/dashboard/billing`,
      },
    });
  });

  it('should skip companies without a provider subscription or whose subscription ended before the month', async () => {
    const { company } = await newCompany(1);
    expect(await runBillingCycle(deps(), company.id, '2026-12-01')).toEqual({ skipped: 'no-provider-subscription' });

    clock = new Date('2026-11-21T10:00:00Z');
    const ended = await newCompany(1);
    const subscription = await subscribeLocally(ended.company, ended.admin, 1);
    await local.cancelSubscriptionNow(subscription.providerSubscriptionId!);
    await syncSubscription(deps(), ended.company.id);
    clock = new Date('2026-12-01T03:00:00Z');
    expect(await runBillingCycle(deps(), ended.company.id, '2026-12-01')).toEqual({ skipped: 'subscription-ended' });
  });

  it("should take Stripe's invoice of the month, and stay pending until Stripe has issued one", async () => {
    const stripe = new StripePaymentsProvider({
      mode: 'stripe',
      appUrl,
      stripeSecretKey: stub.secretKey,
      stripeApiUrl: stub.url,
    });
    const { company, admin } = await newCompany(2);
    const customerId = await stripe.createCustomer({ companyId: company.id, email: admin.email, name: company.name });
    const session = await stripe.createCheckoutSession({
      companyId: company.id,
      customerId,
      mode: 'subscription',
      quantity: 2,
      successUrl: `${appUrl}/ok`,
      cancelUrl: `${appUrl}/no`,
    });
    const completed = stub.completeCheckout(session.id);
    const state = (await stripe.retrieveSubscription(completed.subscription as string))!;
    await db.sequelize.transaction((transaction) =>
      applyProviderSubscription(transaction, { companyId: company.id, state, observedAt: new Date(), appUrl }),
    );

    expect(await runBillingCycle(deps(stripe), company.id, '2031-03-01')).toEqual({
      recorded: true,
      status: 'pending',
      seatCount: 2,
    });
    stub.createInvoice(state.id, { status: 'paid', created: Date.UTC(2031, 2, 14) / 1000 });
    expect(await runBillingCycle(deps(stripe), company.id, '2031-03-01')).toEqual({
      recorded: true,
      status: 'paid',
      seatCount: 2,
    });
    const listed = stub.requestsTo('GET', '/v1/invoices').at(-1)!;
    expect(listed.query).toEqual({
      subscription: state.id,
      created: { gte: String(Date.UTC(2031, 2, 1) / 1000), lt: String(Date.UTC(2031, 3, 1) / 1000) },
      limit: '10',
    });

    await addEmployee(company);
    expect(await updateSeatQuantity(deps(stripe), company.id)).toEqual({ updated: true, quantity: 3 });
    const update = stub.requestsTo('POST', `/v1/subscriptions/${state.id}`).at(-1)!;
    expect(update.body).toMatchObject({
      items: [{ id: expect.stringMatching(/^si_test_/), quantity: '3' }],
      proration_behavior: 'none',
    });
  });
});

describe(updateSeatQuantity.name, () => {
  it('should leave the provider at the employee count when two runs race', async () => {
    const { company, admin } = await newCompany(2);
    const subscription = await subscribeLocally(company, admin, 2);
    expect(await updateSeatQuantity(deps(), company.id)).toEqual({ skipped: 'unchanged' });

    await addEmployee(company);
    const deleted = await addEmployee(company);
    await deleted.update({ deletedAt: new Date() });
    const results = await Promise.all([updateSeatQuantity(deps(), company.id), updateSeatQuantity(deps(), company.id)]);
    for (const result of results) {
      expect([{ updated: true, quantity: 3 }, { skipped: 'unchanged' }]).toContainEqual(result);
    }
    expect((await local.retrieveSubscription(subscription.providerSubscriptionId!))?.quantity).toBe(3);
    expect((await Subscription.findByPk(subscription.id))?.seatQuantity).toBe(3);
  });

  it('should set the count again when an employee is added while the provider is being asked', async () => {
    const { company, admin } = await newCompany(1);
    const subscription = await subscribeLocally(company, admin, 1);
    await addEmployee(company);
    let calls = 0;
    const addingDuringTheCall = Object.assign(Object.create(local) as LocalPaymentsProvider, {
      async updateSubscriptionQuantity(id: string, quantity: number) {
        const state = await local.updateSubscriptionQuantity(id, quantity);
        if (++calls === 1) await addEmployee(company);
        return state;
      },
    });
    expect(await updateSeatQuantity(deps(addingDuringTheCall), company.id)).toEqual({ updated: true, quantity: 3 });
    expect(calls).toBe(2);
    expect((await local.retrieveSubscription(subscription.providerSubscriptionId!))?.quantity).toBe(3);
  });

  it('should skip a company whose subscription is gone or canceled', async () => {
    const { company } = await newCompany(1);
    expect(await updateSeatQuantity(deps(), company.id)).toEqual({ skipped: 'no-provider-subscription' });
    await Subscription.create({ companyId: company.id, status: 'active', providerSubscriptionId: 'sub_local_gone' });
    expect(await updateSeatQuantity(deps(), company.id)).toEqual({ skipped: 'provider-not-found' });
    await Subscription.update({ status: 'canceled' }, { where: { companyId: company.id } });
    expect(await updateSeatQuantity(deps(), company.id)).toEqual({ skipped: 'subscription-canceled' });
  });
});

describe(syncSubscription.name, () => {
  it('should pull a cancellation made at the provider, then the end of the period, and e-mail each', async () => {
    clock = new Date('2026-11-21T10:00:00Z');
    const { company, admin } = await newCompany(1);
    const subscription = await subscribeLocally(company, admin, 1);
    await local.cancelSubscriptionAtPeriodEnd(subscription.providerSubscriptionId!);

    expect(await syncSubscription(deps(), company.id)).toEqual({
      synced: true,
      status: 'cancel_at_period_end',
      applied: true,
    });
    expect(await mailsOf(company.id, 'subscription-canceled')).toHaveLength(1);

    clock = new Date('2026-12-01T00:00:01Z');
    expect(await syncSubscription(deps(), company.id)).toMatchObject({ synced: true, status: 'canceled' });
    const ended = await Subscription.findByPk(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', endedAt: new Date('2026-12-01T00:00:00Z') });
    const mails = await mailsOf(company.id, 'subscription-canceled');
    expect(mails.map((mail) => (mail.payload as { mail: { ended: boolean } }).mail.ended).sort()).toEqual([
      false,
      true,
    ]);
    await syncSubscription(deps(), company.id);
    expect(await mailsOf(company.id, 'subscription-canceled')).toHaveLength(2);
  });

  it('should find a subscription whose checkout return never reached us, by its customer', async () => {
    const { company, admin } = await newCompany(1);
    const customerId = await local.createCustomer({ companyId: company.id, email: admin.email, name: company.name });
    await Subscription.create({ companyId: company.id, status: 'incomplete', providerCustomerId: customerId });
    const session = await local.createCheckoutSession({
      companyId: company.id,
      customerId,
      mode: 'subscription',
      quantity: 1,
      successUrl: `${appUrl}/ok`,
      cancelUrl: `${appUrl}/no`,
    });
    await local.completeCheckout(session.id, '4242424242424242');

    expect(await syncSubscription(deps(), company.id)).toEqual({ synced: true, status: 'active', applied: true });
    const row = await Subscription.findOne({ where: { companyId: company.id } });
    expect(row?.canAddSeats()).toBe(true);
    expect(await BillingCycle.count({ where: { companyId: company.id, status: 'paid' } })).toBe(1);
  });

  it('should skip a company with no provider account', async () => {
    const { company } = await newCompany(0);
    expect(await syncSubscription(deps(), company.id)).toEqual({ skipped: 'no-provider-customer' });
  });
});
