import type { Sequelize } from 'sequelize';
import {
  applyProviderSubscription,
  Company,
  Employee,
  Subscription,
  User,
  type LocalPaymentsProvider,
} from '@teamfolk/shared';

export const appUrl = 'http://teamfolk.test';

let sequence = 0;

/** A company with its admin and `seats` employees; `name` tells its rows from other tests'. */
export async function companyWithSeats(seats: number, name = 'Billing Co') {
  const company = await Company.create({ name: `${name} ${++sequence}` });
  const admin = await User.create({
    companyId: company.id,
    email: `billing-admin-${sequence}-${Date.now()}@example.com`,
    passwordHash: 'x',
    role: 'admin',
    name: 'Bea Billing',
    emailVerifiedAt: new Date(),
  });
  for (let index = 0; index < seats; index++) await addSeat(company);
  return { company, admin };
}

export const addSeat = (company: Company) =>
  Employee.create({ companyId: company.id, name: 'Seat', email: `seat-${++sequence}-${Date.now()}@example.com` });

/** The company through the local checkout, with the activation taken in as of `now()`. */
export async function subscribeLocally(
  {
    local,
    sequelize,
    now = () => new Date(),
  }: { local: LocalPaymentsProvider; sequelize: Sequelize; now?: () => Date },
  { company, admin }: { company: Company; admin: User },
  seats: number,
  card = '4242424242424242',
) {
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
  await sequelize.transaction((transaction) =>
    applyProviderSubscription(transaction, { companyId: company.id, state, observedAt: now(), appUrl }),
  );
  return Subscription.findOne({ where: { companyId: company.id }, rejectOnEmpty: true });
}
