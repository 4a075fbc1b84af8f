import { applyProviderSubscription, BillingCycle, LocalPaymentObject, StripePaymentsProvider } from '@teamfolk/shared';
import { appUrl, billingJobsWorld } from '../testing/billing-jobs-world';
import { runBillingCycle } from './run-billing-cycle';
import { syncSubscription } from './sync-subscription';
import { updateSeatQuantity } from './update-seat-quantity';

const world = billingJobsWorld({ stripe: true });
const { deps, newCompany, addEmployee, subscribeLocally, mailsOf } = world;

describe(runBillingCycle.name, () => {
  it('should record one paid cycle per company and month, however often and concurrently it runs', async () => {
    world.setClock(new Date('2026-11-21T10:00:00Z'));
    const { company, admin } = await newCompany(2);
    const subscription = await subscribeLocally(company, admin, 2);
    expect(subscription.currentPeriodEnd).toEqual(new Date('2026-12-01T00:00:00Z'));

    world.setClock(new Date('2026-12-01T03:00:00Z'));
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
    const renewed = await world.local.retrieveSubscription(subscription.providerSubscriptionId!);
    expect(renewed?.currentPeriodEnd).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('should bill seats added during a month from the next cycle, without proration', async () => {
    world.setClock(new Date('2026-11-21T10:00:00Z'));
    const { company, admin } = await newCompany(1);
    await subscribeLocally(company, admin, 1);
    world.setClock(new Date('2026-12-01T03:00:00Z'));
    await runBillingCycle(deps(), company.id, '2026-12-01');

    world.setClock(new Date('2026-12-10T09:00:00Z'));
    await addEmployee(company);
    await addEmployee(company);
    expect(await updateSeatQuantity(deps(), company.id)).toEqual({ updated: true, quantity: 3 });
    expect(
      (await BillingCycle.findOne({ where: { companyId: company.id, billingDate: '2026-12-01' } }))?.amountDue,
    ).toBe(200);

    world.setClock(new Date('2027-01-01T03:00:00Z'));
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
    world.setClock(new Date('2026-11-21T10:00:00Z'));
    const { company, admin } = await newCompany(1);
    const subscription = await subscribeLocally(company, admin, 1);
    const setup = await world.local.createSetupIntent({
      companyId: company.id,
      customerId: subscription.providerCustomerId!,
    });
    await world.local.completeCheckout(setup.sessionId!, '4000 0000 0000 0341');
    const failing = (await world.local.retrieveCheckoutSession(setup.sessionId!))!.paymentMethodId!;
    await world.local.setDefaultPaymentMethod(
      subscription.providerCustomerId!,
      failing,
      subscription.providerSubscriptionId,
    );

    world.setClock(new Date('2026-12-01T03:00:00Z'));
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

    world.setClock(new Date('2026-11-21T10:00:00Z'));
    const ended = await newCompany(1);
    const subscription = await subscribeLocally(ended.company, ended.admin, 1);
    await world.local.cancelSubscriptionNow(subscription.providerSubscriptionId!);
    await syncSubscription(deps(), ended.company.id);
    world.setClock(new Date('2026-12-01T03:00:00Z'));
    expect(await runBillingCycle(deps(), ended.company.id, '2026-12-01')).toEqual({ skipped: 'subscription-ended' });
  });

  it("should take Stripe's invoice of the month, and stay pending until Stripe has issued one", async () => {
    const stripe = new StripePaymentsProvider({
      mode: 'stripe',
      appUrl,
      stripeSecretKey: world.stub.secretKey,
      stripeApiUrl: world.stub.url,
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
    const completed = world.stub.completeCheckout(session.id);
    const state = (await stripe.retrieveSubscription(completed.subscription as string))!;
    await world.db.sequelize.transaction((transaction) =>
      applyProviderSubscription(transaction, { companyId: company.id, state, observedAt: new Date(), appUrl }),
    );

    expect(await runBillingCycle(deps(stripe), company.id, '2031-03-01')).toEqual({
      recorded: true,
      status: 'pending',
      seatCount: 2,
    });
    world.stub.createInvoice(state.id, { status: 'paid', created: Date.UTC(2031, 2, 14) / 1000 });
    expect(await runBillingCycle(deps(stripe), company.id, '2031-03-01')).toEqual({
      recorded: true,
      status: 'paid',
      seatCount: 2,
    });
    const listed = world.stub.requestsTo('GET', '/v1/invoices').at(-1)!;
    expect(listed.query).toEqual({
      subscription: state.id,
      created: { gte: String(Date.UTC(2031, 2, 1) / 1000), lt: String(Date.UTC(2031, 3, 1) / 1000) },
      limit: '10',
    });

    await addEmployee(company);
    expect(await updateSeatQuantity(deps(stripe), company.id)).toEqual({ updated: true, quantity: 3 });
    const update = world.stub.requestsTo('POST', `/v1/subscriptions/${state.id}`).at(-1)!;
    expect(update.body).toMatchObject({
      items: [{ id: expect.stringMatching(/^si_test_/), quantity: '3' }],
      proration_behavior: 'none',
    });
  });
});
