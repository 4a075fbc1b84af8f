import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { JobEnvelope, JobName, QueueName } from '@teamfolk/shared';

/**
 * The relay's only code that touches the database (events are written by shared's writeOutbox).
 * Raw SQL: the relay works for every company, through the outbox's own functions, which claim
 * rows with SKIP LOCKED past row-level security.
 */

/** An outbox event as the relay delivers it. */
export interface PendingEvent {
  id: string;
  queue: QueueName;
  job_name: JobName;
  payload: JobEnvelope['payload'];
  company_id: number | null;
  request_id: string | null;
  created_at: Date;
}

export class OutboxRepository {
  constructor(private readonly sequelize: Sequelize) {}

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  /** Up to `limit` undelivered events, locked until the transaction ends; other relays skip them. */
  claim(limit: number, transaction: Transaction): Promise<PendingEvent[]> {
    return this.sequelize.query<PendingEvent>(
      `SELECT id, queue, job_name, payload, company_id, request_id, created_at FROM teamfolk_outbox_claim(:limit)`,
      { replacements: { limit }, type: QueryTypes.SELECT, transaction },
    );
  }

  /** Marks the events handed to their queues. */
  async dispatched(ids: string[], transaction: Transaction): Promise<void> {
    await this.sequelize.query('SELECT teamfolk_outbox_dispatched(ARRAY[:ids]::bigint[])', {
      replacements: { ids },
      transaction,
    });
  }

  /** Notes on up to `limit` waiting events why delivery failed, for operators. */
  async failed(message: string, limit: number): Promise<void> {
    await this.sequelize.query('SELECT teamfolk_outbox_failed(:message, :limit)', {
      replacements: { message, limit },
    });
  }
}
