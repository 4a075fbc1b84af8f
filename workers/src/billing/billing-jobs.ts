import type { Sequelize } from 'sequelize';
import type { Logger, PaymentsProvider } from '@teamfolk/shared';

/** What the billing jobs need: the database, the payments provider and where e-mailed links point. */
export interface BillingJobDependencies {
  sequelize: Sequelize;
  payments: PaymentsProvider;
  appUrl: string;
  logger: Logger;
  /** The clock; tests pass their own. */
  now?: () => Date;
}

/** Transaction-scoped advisory lock keys: one billing job per company at a time. */
export const BILLING_LOCK_KEY = 7_318_665;

export type SkippedResult = { skipped: string };
