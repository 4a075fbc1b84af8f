import type { Queue } from 'bullmq';
import { Client } from 'pg';
import type { Sequelize } from 'sequelize';
import {
  DEFAULT_JOB_OPTIONS,
  outboxJobId,
  runAsCompany,
  type JobEnvelope,
  type Logger,
  type QueueName,
} from '@teamfolk/shared';
import { OutboxRepository, type PendingEvent } from './outbox.repository';

export interface OutboxRelayOptions {
  sequelize: Sequelize;
  databaseUrl: string;
  queues: Record<QueueName, Queue>;
  logger: Logger;
  batchSize?: number;
  pollIntervalMs?: number;
}

/**
 * Moves committed outbox rows to their BullMQ queues. Rows are claimed with SKIP LOCKED, so any
 * number of relays can run; the job id is derived from the row id, so a row delivered twice (a
 * crash between enqueue and commit) still makes one job. While Redis is down rows simply wait.
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly outbox: OutboxRepository;
  private listener: Client | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private drainAgain = false;
  private stopped = false;

  constructor(private readonly options: OutboxRelayOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.outbox = new OutboxRepository(options.sequelize);
  }

  async start(): Promise<void> {
    await this.listen();
    this.pollTimer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    await this.draining;
    await this.listener?.end().catch(() => undefined);
  }

  /** Delivers everything pending now; resolves when the outbox is empty or delivery failed. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.drainAgain = true;
      return this.draining;
    }
    // The relay works for every company: through the outbox functions, as no company itself.
    this.draining = runAsCompany(null, () => this.drain()).finally(() => {
      this.draining = undefined;
      if (this.drainAgain && !this.stopped) {
        this.drainAgain = false;
        void this.wake();
      }
    });
    return this.draining;
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.options.databaseUrl });
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      this.options.logger.warn({ err: error }, 'outbox listener lost its connection; polling until it returns');
      this.listener = undefined;
      setTimeout(() => void this.reconnect(), this.pollIntervalMs).unref();
    });
    await client.connect();
    await client.query('LISTEN outbox');
    this.listener = client;
  }

  private async reconnect(): Promise<void> {
    if (this.stopped || this.listener) return;
    await this.listen().catch(() => setTimeout(() => void this.reconnect(), this.pollIntervalMs * 2).unref());
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.deliverBatch()) === this.batchSize);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'outbox delivery failed; retrying on the next poll');
      await this.recordFailure(error).catch(() => undefined);
    }
  }

  /** Leaves a trace on the waiting rows, so operators see why the outbox is not draining. */
  private async recordFailure(error: unknown): Promise<void> {
    await this.outbox.failed(error instanceof Error ? error.message : String(error), this.batchSize);
  }

  private async deliverBatch(): Promise<number> {
    const { queues } = this.options;
    return this.outbox.transaction(async (transaction) => {
      const rows = await this.outbox.claim(this.batchSize, transaction);
      if (rows.length === 0) return 0;
      const byQueue = new Map<QueueName, PendingEvent[]>();
      for (const row of rows) byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row]);
      for (const [queueName, queueRows] of byQueue) {
        const queue = queues[queueName];
        await queue.addBulk(
          queueRows.map((row) => ({
            name: row.job_name,
            data: { companyId: row.company_id, requestId: row.request_id, payload: row.payload } satisfies JobEnvelope,
            opts: { ...DEFAULT_JOB_OPTIONS, jobId: outboxJobId(row.id, row.created_at) },
          })),
        );
      }
      await this.outbox.dispatched(
        rows.map((row) => row.id),
        transaction,
      );
      return rows.length;
    });
  }
}
