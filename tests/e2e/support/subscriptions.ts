import { createDatabase, Subscription, User } from '@teamfolk/shared';

interface SubscriptionOptions {
  /** The card on file; null for a subscription that runs without one. */
  defaultPaymentMethodId?: string | null;
}

/**
 * Gives the company of an admin a running subscription, as if checkout had completed (the billing
 * screens that do it for users come with their own issue). Seats can be added while a card is on file.
 */
export async function activateSubscription(
  adminEmail: string,
  { defaultPaymentMethodId = 'pm_test_card' }: SubscriptionOptions = {},
): Promise<void> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set');
  const sequelize = createDatabase(databaseUrl, { poolMax: 2 });
  try {
    const admin = await User.findOne({ where: { email: adminEmail } });
    if (!admin) throw new Error(`No user signed up as ${adminEmail}`);
    const currentPeriodEnd = new Date();
    currentPeriodEnd.setMonth(currentPeriodEnd.getMonth() + 1);
    const values = { status: 'active' as const, defaultPaymentMethodId, currentPeriodEnd };
    const existing = await Subscription.findOne({ where: { companyId: admin.companyId } });
    if (existing) await existing.update(values);
    else await Subscription.create({ companyId: admin.companyId, ...values });
  } finally {
    await sequelize.close();
  }
}

/**
 * Ends the subscription of an admin's company a day ago (canceled, past its period), as an immediate
 * cancellation leaves it: the API then answers 402 subscriptionExpired outside /auth and /billing.
 */
export async function endSubscription(adminEmail: string): Promise<void> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set');
  const sequelize = createDatabase(databaseUrl, { poolMax: 2 });
  try {
    const admin = await User.findOne({ where: { email: adminEmail } });
    if (!admin) throw new Error(`No user signed up as ${adminEmail}`);
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    const values = { status: 'canceled' as const, currentPeriodEnd: yesterday, endedAt: yesterday };
    const existing = await Subscription.findOne({ where: { companyId: admin.companyId } });
    if (existing) await existing.update(values);
    else await Subscription.create({ companyId: admin.companyId, ...values });
  } finally {
    await sequelize.close();
  }
}
