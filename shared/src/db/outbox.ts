import type { Transaction } from 'sequelize';
import { JOBS, type JobName, type JobPayload } from '../queues/catalogue';
import { OutboxEvent } from './models';

export interface OutboxWrite<Name extends JobName> {
  companyId: number | null;
  job: Name;
  payload: JobPayload<Name>;
  requestId?: string;
}

export interface OutboxRow {
  companyId: number | null;
  queue: string;
  jobName: JobName;
  payload: unknown;
  requestId: string | null;
}

/**
 * Records a side effect in the caller's transaction: it reaches its queue only if the state change
 * commits, and it survives Redis being down because the relay delivers it later.
 */
export async function writeOutbox<Name extends JobName>(
  transaction: Transaction,
  write: OutboxWrite<Name>,
): Promise<OutboxEvent> {
  return OutboxEvent.create(outboxRowOf(write), { transaction });
}

/** The outbox row of an event, its payload checked against its job's contract. */
export function outboxRowOf<Name extends JobName>({
  companyId,
  job,
  payload,
  requestId,
}: OutboxWrite<Name>): OutboxRow {
  const definition = JOBS[job];
  return {
    companyId,
    queue: definition.queue,
    jobName: job,
    payload: definition.payload.parse(payload),
    requestId: requestId ?? null,
  };
}
