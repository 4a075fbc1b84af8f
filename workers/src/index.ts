import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import type { Sequelize } from 'sequelize';
import {
  closeRedis,
  createPaymentsProvider,
  createRedisConnection,
  JOBS,
  QUEUE_NAMES,
  runAsCompany,
  type JobEnvelope,
  type JobName,
  type Logger,
  type PaymentsProvider,
  type PaymentsSettings,
  type QueueName,
} from '@teamfolk/shared';
import { runBillingCycleJob } from './billing/billing-cycle.job';
import { startSchedules, type RunningSchedules } from './billing/scheduler';
import { updateSeatQuantityJob } from './billing/seat-update.job';
import { syncSubscriptionJob } from './billing/subscription-sync.job';
import { sendEmailJob } from './email/email.job';
import { eraseCompanyDataJob, runDataRetentionJob } from './maintenance/data-retention.job';
import { OutboxRelay } from './outbox/outbox.relay';

export { OutboxRelay } from './outbox/outbox.relay';
export { renderMail } from './email/templates';

export interface WorkerDependencies {
  sequelize: Sequelize;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  smtpUrl: string;
  mailFrom: string;
  logger: Logger;
  /** Jobs one process runs at once per queue. */
  concurrency?: number;
  /** The console's public URL, for links in e-mails and checkout returns. */
  appUrl: string;
  /** Payments settings (paymentsSettingsOf(config)), or a provider instance (tests). */
  payments: PaymentsSettings | PaymentsProvider;
  /** The cron schedules (billing cycles, subscription syncs, data retention); on unless false. */
  schedules?: boolean;
}

export interface RunningWorkers {
  relay: OutboxRelay;
  queues: Record<QueueName, Queue>;
  payments: PaymentsProvider;
  /** Null when started with `schedules: false`. */
  schedules: RunningSchedules | null;
  /** Stops taking jobs, lets active ones finish, then closes queues and connections. */
  close(): Promise<void>;
}

type JobHandler = (job: Job) => Promise<unknown>;

function assertEveryJobHasAHandler(handlers: Record<JobName, JobHandler>): void {
  const missing = Object.keys(JOBS).filter((name) => !(name in handlers));
  if (missing.length) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
}

function isProvider(value: PaymentsSettings | PaymentsProvider): value is PaymentsProvider {
  return typeof (value as PaymentsProvider).retrieveSubscription === 'function';
}

export async function startWorkers(deps: WorkerDependencies): Promise<RunningWorkers> {
  const { sequelize, logger } = deps;
  const transport = nodemailer.createTransport(deps.smtpUrl);
  const payments = isProvider(deps.payments) ? deps.payments : createPaymentsProvider(deps.payments, sequelize);
  const { appUrl } = deps;

  const producer = createRedisConnection(deps.redisUrl, 'producer');
  producer.on('error', (error) => logger.warn({ err: error }, 'redis unavailable for producers'));
  const queues = Object.fromEntries(
    QUEUE_NAMES.map((name) => [name, new Queue(name, { connection: producer, prefix: deps.queuePrefix })]),
  ) as Record<QueueName, Queue>;

  const billing = { sequelize, payments, appUrl, logger };
  const maintenance = { ...billing, queues };
  const handlers: Record<JobName, JobHandler> = {
    'send-email': sendEmailJob({ sequelize, transport, from: deps.mailFrom, logger }) as JobHandler,
    'sync-subscription': syncSubscriptionJob(billing) as JobHandler,
    'update-seat-quantity': updateSeatQuantityJob(billing) as JobHandler,
    'run-billing-cycle': runBillingCycleJob(billing) as JobHandler,
    'run-data-retention': runDataRetentionJob(maintenance) as JobHandler,
    'erase-company-data': eraseCompanyDataJob(maintenance) as JobHandler,
  };
  assertEveryJobHasAHandler(handlers);

  const workerConnections: Redis[] = [];
  const workers = QUEUE_NAMES.map((queueName) => {
    const connection = createRedisConnection(deps.redisUrl, 'worker');
    workerConnections.push(connection);
    const worker = new Worker(
      queueName,
      async (job) => {
        const handler = handlers[job.name as JobName];
        if (!handler) throw new Error(`Unknown job ${job.name} on queue ${queueName}`);
        // A job sees the rows of the company that caused it (row-level security), or none for a sweep.
        return runAsCompany((job.data as JobEnvelope).companyId ?? null, () => handler(job));
      },
      {
        connection,
        prefix: deps.queuePrefix,
        concurrency: deps.concurrency ?? 10,
      },
    );
    worker.on('failed', (job, error) =>
      logger.warn(
        { jobId: job?.id, job: job?.name, attempt: job?.attemptsMade, requestId: job?.data?.requestId, err: error },
        'job failed',
      ),
    );
    worker.on('error', (error) => logger.warn({ err: error }, `worker ${queueName} error`));
    return worker;
  });

  const relay = new OutboxRelay({ sequelize, databaseUrl: deps.databaseUrl, queues, logger });
  await relay.start();
  const schedules = deps.schedules === false ? null : startSchedules({ queues, sequelize, logger });

  return {
    relay,
    queues,
    payments,
    schedules,
    async close() {
      await schedules?.stop();
      await relay.stop();
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all(Object.values(queues).map((queue) => queue.close()));
      await Promise.all([producer, ...workerConnections].map(closeRedis));
      transport.close();
    },
  };
}
