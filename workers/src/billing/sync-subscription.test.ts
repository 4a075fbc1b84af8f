import { BillingCycle, Subscription } from '@teamfolk/shared';
import { appUrl, billingJobsWorld } from '../testing/billing-jobs-world';
import { syncSubscription } from './sync-subscription';

const world = billingJobsWorld();
const { deps, newCompany, subscribeLocally, mailsOf } = world;

describe(syncSubscription.name, () => {
  it('should pull a cancellation made at the provider, then the end of the period, and e-mail each', async () => {
    world.setClock(new Date('2026-11-21T10:00:00Z'));
    const { company, admin } = await newCompany(1);
    const subscription = await subscribeLocally(company, admin, 1);
    await world.local.cancelSubscriptionAtPeriodEnd(subscription.providerSubscriptionId!);

    expect(await syncSubscription(deps(), company.id)).toEqual({
      synced: true,
      status: 'cancel_at_period_end',
      applied: true,
    });
    expect(await mailsOf(company.id, 'subscription-canceled')).toHaveLength(1);

    world.setClock(new Date('2026-12-01T00:00:01Z'));
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
    const customerId = await world.local.createCustomer({
      companyId: company.id,
      email: admin.email,
      name: company.name,
    });
    await Subscription.create({ companyId: company.id, status: 'incomplete', providerCustomerId: customerId });
    const session = await world.local.createCheckoutSession({
      companyId: company.id,
      customerId,
      mode: 'subscription',
      quantity: 1,
      successUrl: `${appUrl}/ok`,
      cancelUrl: `${appUrl}/no`,
    });
    await world.local.completeCheckout(session.id, '4242424242424242');

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
