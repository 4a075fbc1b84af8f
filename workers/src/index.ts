import { Worker, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import type { Sequelize } from 'sequelize';
import {
  closeRedis,
  createPaymentsProvider,
  createRedisConnection,
  jobDurationSeconds,
  openQueues,
  paymentsSettingsOf,
  QUEUE_NAMES,
  runAsCompany,
  type Config,
  type JobEnvelope,
  type JobName,
  type Logger,
  type PaymentsProvider,
  type PaymentsSettings,
  type QueueName,
  WORKER_LOCK_OPTIONS,
} from '@teamfolk/shared';
import { BillingService, EmployeesService } from '@teamfolk/services/domain';
import { senderOf } from './email/compose';
import { MailClaims } from './email/mail-claims';
import { jobHandlers } from './handlers';
import { assertEveryJobHasAHandler, runJob, type JobOf } from './jobs';
import { OutboxRelay } from './outbox/outbox.relay';
import { startSchedules, type RunningSchedules } from './schedules';

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
  /** Jobs one process runs at once per queue (default: EMAIL_CONCURRENCY for e-mail, 10 for the others). */
  concurrency?: number;
  /** The console's public URL, for links in e-mails and checkout returns. */
  appUrl: string;
  /** Payments settings (paymentsSettingsOf(config)), or a provider instance (tests). */
  payments: PaymentsSettings | PaymentsProvider;
  /** The cron schedules (billing cycles, subscription syncs, data retention); on unless false. */
  schedules?: boolean;
}

/** The workers' settings as the configuration gives them: what a process adds is its pool and its logger. */
export function workerSettingsOf(config: Config): Omit<WorkerDependencies, 'sequelize' | 'logger'> {
  return {
    databaseUrl: config.DATABASE_APP_URL,
    redisUrl: config.REDIS_URL,
    queuePrefix: config.QUEUE_PREFIX,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    appUrl: config.APP_URL,
    payments: paymentsSettingsOf(config),
  };
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

const DEFAULT_WORKER_CONCURRENCY = 10;
/**
 * An e-mail job spends its time waiting on the SMTP server, and holds no pooled database connection
 * of its own meanwhile (MailClaims holds one per batch of claims): one process keeps many in flight.
 */
const EMAIL_CONCURRENCY = 50;
/** Mails go out pipelined, one at a time per connection; the other e-mail jobs wait for a free one. */
const SMTP_CONNECTIONS = 20;

function isProvider(value: PaymentsSettings | PaymentsProvider): value is PaymentsProvider {
  return typeof (value as PaymentsProvider).retrieveSubscription === 'function';
}

export async function startWorkers(deps: WorkerDependencies): Promise<RunningWorkers> {
  const { sequelize, logger } = deps;
  const concurrencyOf = (queueName: QueueName) =>
    deps.concurrency ?? (queueName === 'email' ? EMAIL_CONCURRENCY : DEFAULT_WORKER_CONCURRENCY);
  // Pooled: a burst of mails reuses open SMTP connections instead of a handshake per mail.
  const transport = nodemailer.createTransport({
    url: deps.smtpUrl,
    pool: true,
    maxConnections: Math.min(SMTP_CONNECTIONS, concurrencyOf('email')),
  });
  // Half the pool at most: the relay and the other queues keep the rest while mail is slow to send.
  const claims = new MailClaims(sequelize, Math.max(1, Math.floor((sequelize.config.pool?.max ?? 10) / 2)));
  const sender = senderOf(deps.mailFrom);
  const payments = isProvider(deps.payments) ? deps.payments : createPaymentsProvider(deps.payments, sequelize);
  const { appUrl } = deps;

  const producer = createRedisConnection(deps.redisUrl, 'producer');
  producer.on('error', (error) => logger.warn({ err: error }, 'redis unavailable for producers'));
  const queues = openQueues(producer, deps.queuePrefix);

  const handlers = jobHandlers({
    sequelize,
    payments,
    billing: new BillingService(sequelize, payments, new EmployeesService(sequelize, appUrl), appUrl),
    appUrl,
    queues,
    counters: { redis: producer, queuePrefix: deps.queuePrefix },
    claims,
    transport,
    sender,
  });
  assertEveryJobHasAHandler(handlers);

  const workerConnections: Redis[] = [];
  const workers = QUEUE_NAMES.map((queueName) => {
    const connection = createRedisConnection(deps.redisUrl, 'worker');
    workerConnections.push(connection);
    const worker = new Worker(
      queueName,
      async (job) => {
        if (!Object.hasOwn(handlers, job.name)) throw new Error(`Unknown job ${job.name} on queue ${queueName}`);
        const { companyId, requestId } = job.data as JobEnvelope;
        // One request's story across API and workers: every line the job logs carries its request id.
        const jobLogger = logger.child({ jobId: job.id, job: job.name, requestId });
        const stopTimer = jobDurationSeconds.startTimer({ queue: queueName, job: job.name });
        try {
          // A job sees the rows of the company that caused it (row-level security), or none for a sweep.
          // Its name is one of the catalogue's (checked above), and its handler parses its payload.
          const known = job as JobOf<JobName>;
          const result = await runAsCompany(companyId ?? null, () => runJob(handlers, known, jobLogger));
          stopTimer({ outcome: 'completed' });
          return result;
        } catch (error) {
          stopTimer({ outcome: 'failed' });
          throw error;
        }
      },
      {
        connection,
        prefix: deps.queuePrefix,
        concurrency: concurrencyOf(queueName),
        ...WORKER_LOCK_OPTIONS,
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
