import type { Queue } from 'bullmq';
import type { Transporter } from 'nodemailer';
import type { Sequelize } from 'sequelize';
import type { Logger, PaymentsProvider, QueueName } from '@teamfolk/shared';
import type { BillingService } from '@teamfolk/services/domain';
import { finishCheckoutsJob } from './billing/finish-checkouts';
import { runBillingCycleJob } from './billing/run-billing-cycle';
import { syncSubscriptionJob } from './billing/sync-subscription';
import { updateSeatQuantityJob } from './billing/update-seat-quantity';
import { remindLeaveJob, scheduleLeaveReminderJob, sendDecisionDigestsJob } from './decisions/decision-jobs';
import type { Sender } from './email/compose';
import type { MailClaims } from './email/mail-claims';
import { sendEmailJob } from './email/send-email';
import type { JobHandlers } from './jobs';
import { eraseCompanyDataJob } from './maintenance/erase-company-data';
import { runDataRetentionJob } from './maintenance/run-data-retention';
import { eraseEmployeeTracesJob } from './privacy/erase-employee-traces';
import { exportDataJob } from './privacy/export-data';
import type { CounterStore } from './privacy/rate-limit-counters';

/** What the handlers share: the database, the provider, the queues, Redis's counters and the mail. */
export interface HandlerDependencies {
  sequelize: Sequelize;
  payments: PaymentsProvider;
  /** The API's billing rules, which the checkout sweep runs as payment-success does. */
  billing: BillingService;
  appUrl: string;
  queues: Record<QueueName, Queue>;
  counters: CounterStore;
  claims: MailClaims;
  transport: Transporter;
  sender: Sender;
}

/** The handler of every job of the catalogue, by job name. */
export function jobHandlers(deps: HandlerDependencies): JobHandlers {
  const { sequelize, payments, appUrl, queues, counters } = deps;
  const billing = (logger: Logger) => ({ sequelize, payments, appUrl, logger });
  const maintenance = (logger: Logger) => ({ ...billing(logger), queues, counters });
  const decisions = (logger: Logger) => ({ sequelize, appUrl, queue: queues.email, logger });
  return {
    'send-email': (logger) =>
      sendEmailJob({ claims: deps.claims, transport: deps.transport, sender: deps.sender, logger }),
    'sync-subscription': (logger) => syncSubscriptionJob(billing(logger)),
    'update-seat-quantity': (logger) => updateSeatQuantityJob(billing(logger)),
    'finish-checkouts': (logger) => finishCheckoutsJob({ billing: deps.billing, logger }),
    'run-billing-cycle': (logger) => runBillingCycleJob(billing(logger)),
    'run-data-retention': (logger) => runDataRetentionJob(maintenance(logger)),
    'erase-company-data': (logger) => eraseCompanyDataJob(maintenance(logger)),
    'export-data': (logger) => exportDataJob({ sequelize, appUrl, logger }),
    'erase-employee-traces': (logger) => eraseEmployeeTracesJob({ queues, counters, logger }),
    'schedule-leave-reminder': (logger) => scheduleLeaveReminderJob(decisions(logger)),
    'remind-leave': (logger) => remindLeaveJob(decisions(logger)),
    'send-decision-digests': (logger) => sendDecisionDigestsJob(decisions(logger)),
  };
}
