import { Subscription, type SubscriptionStatus } from '@teamfolk/shared';
import { companyIdOf, withE2eDatabase } from './database';

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
  const currentPeriodEnd = new Date();
  currentPeriodEnd.setMonth(currentPeriodEnd.getMonth() + 1);
  await setSubscription(adminEmail, { status: 'active', defaultPaymentMethodId, currentPeriodEnd });
}

/**
 * Ends the subscription of an admin's company a day ago (canceled, past its period), as an immediate
 * cancellation leaves it: the API then answers 402 subscriptionExpired outside /auth and /billing.
 */
export async function endSubscription(adminEmail: string): Promise<void> {
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
  await setSubscription(adminEmail, { status: 'canceled', currentPeriodEnd: yesterday, endedAt: yesterday });
}

interface SubscriptionValues {
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  defaultPaymentMethodId?: string | null;
  endedAt?: Date;
}

/** Writes the subscription of an admin's company, creating it when the company has none yet. */
async function setSubscription(adminEmail: string, values: SubscriptionValues): Promise<void> {
  await withE2eDatabase(async () => {
    const companyId = await companyIdOf(adminEmail);
    const existing = await Subscription.findOne({ where: { companyId } });
    if (existing) await existing.update(values);
    else await Subscription.create({ companyId, ...values });
  });
}
