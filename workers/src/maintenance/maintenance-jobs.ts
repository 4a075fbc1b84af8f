import type { Queue } from 'bullmq';
import type { Sequelize } from 'sequelize';
import type { Logger, PaymentsProvider, QueueName } from '@teamfolk/shared';
import type { CounterStore } from '../privacy/rate-limit-counters';

/** What the retention jobs need: the database, the provider, the queues and the sign-in counters. */
export interface MaintenanceDependencies {
  sequelize: Sequelize;
  payments: PaymentsProvider;
  queues: Record<QueueName, Queue>;
  /** The sign-in rate limits' counters, erased with the people they count. */
  counters: CounterStore;
  appUrl: string;
  logger: Logger;
}
