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

export type SkippedResult = { skipped: string };
