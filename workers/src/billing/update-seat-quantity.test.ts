import { type LocalPaymentsProvider, Subscription } from '@teamfolk/shared';
import { billingJobsWorld } from '../testing/billing-jobs-world';
import { updateSeatQuantity } from './update-seat-quantity';

const world = billingJobsWorld();
const { deps, newCompany, addEmployee, subscribeLocally } = world;

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
    expect((await world.local.retrieveSubscription(subscription.providerSubscriptionId!))?.quantity).toBe(3);
    expect((await Subscription.findByPk(subscription.id))?.seatQuantity).toBe(3);
  });

  it('should set the count again when an employee is added while the provider is being asked', async () => {
    const { company, admin } = await newCompany(1);
    const subscription = await subscribeLocally(company, admin, 1);
    await addEmployee(company);
    let calls = 0;
    const addingDuringTheCall = Object.assign(Object.create(world.local) as LocalPaymentsProvider, {
      async updateSubscriptionQuantity(id: string, quantity: number) {
        const state = await world.local.updateSubscriptionQuantity(id, quantity);
        if (++calls === 1) await addEmployee(company);
        return state;
      },
    });
    expect(await updateSeatQuantity(deps(addingDuringTheCall), company.id)).toEqual({ updated: true, quantity: 3 });
    expect(calls).toBe(2);
    expect((await world.local.retrieveSubscription(subscription.providerSubscriptionId!))?.quantity).toBe(3);
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
