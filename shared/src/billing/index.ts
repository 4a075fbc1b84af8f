import type { Sequelize } from 'sequelize';
import { LocalPaymentsProvider, type LocalPaymentsOptions } from './local.provider';
import type { PaymentsProvider, PaymentsSettings } from './payments';
import { StripePaymentsProvider } from './stripe.provider';

export * from './local-cards';
export * from './local.provider';
export * from './payments';
export * from './stripe.provider';
export * from './subscription-state';
export * from './urls';

/** Stripe when a secret key is configured, otherwise the local test mode (refused in production by the config). */
export function createPaymentsProvider(
  settings: PaymentsSettings,
  sequelize: Sequelize,
  localOptions?: LocalPaymentsOptions,
): PaymentsProvider {
  return settings.mode === 'stripe'
    ? new StripePaymentsProvider(settings)
    : new LocalPaymentsProvider(sequelize, settings, localOptions);
}
