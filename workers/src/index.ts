import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import type { Sequelize } from 'sequelize';
import {
  closeRedis,
  createRedisConnection,
  JOBS,
  QUEUE_NAMES,
  type JobName,
  type Logger,
  type QueueName,
} from '@teamfolk/shared';
import { sendEmailJob } from './email/email.job';
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
}

export interface RunningWorkers {
  relay: OutboxRelay;
  queues: Record<QueueName, Queue>;
  /** Stops taking jobs, lets active ones finish, then closes queues and connections. */
  close(): Promise<void>;
}

type JobHandler = (job: Job) => Promise<unknown>;

function assertEveryJobHasAHandler(handlers: Record<JobName, JobHandler>): void {
  const missing = Object.keys(JOBS).filter((name) => !(name in handlers));
  if (missing.length) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
}

export async function startWorkers(deps: WorkerDependencies): Promise<RunningWorkers> {
  const { sequelize, logger } = deps;
  const transport = nodemailer.createTransport(deps.smtpUrl);
  const handlers: Record<JobName, JobHandler> = {
    'send-email': sendEmailJob({ sequelize, transport, from: deps.mailFrom, logger }) as JobHandler,
  };
  assertEveryJobHasAHandler(handlers);

  const producer = createRedisConnection(deps.redisUrl, 'producer');
  producer.on('error', (error) => logger.warn({ err: error }, 'redis unavailable for producers'));
  const queues = Object.fromEntries(
    QUEUE_NAMES.map((name) => [name, new Queue(name, { connection: producer, prefix: deps.queuePrefix })]),
  ) as Record<QueueName, Queue>;

  const workerConnections: Redis[] = [];
  const workers = QUEUE_NAMES.map((queueName) => {
    const connection = createRedisConnection(deps.redisUrl, 'worker');
    workerConnections.push(connection);
    const worker = new Worker(
      queueName,
      async (job) => {
        const handler = handlers[job.name as JobName];
        if (!handler) throw new Error(`Unknown job ${job.name} on queue ${queueName}`);
        return handler(job);
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

  return {
    relay,
    queues,
    async close() {
      await relay.stop();
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all(Object.values(queues).map((queue) => queue.close()));
      await Promise.all([producer, ...workerConnections].map(closeRedis));
      transport.close();
    },
  };
}
