import type { Transaction } from 'sequelize';
import { JOBS, type JobName, type JobPayload } from '../queues/catalogue';
import { OutboxEvent } from './models';

export interface OutboxWrite<Name extends JobName> {
  companyId: number | null;
  job: Name;
  payload: JobPayload<Name>;
  requestId?: string;
}

/**
 * Records a side effect in the caller's transaction: it reaches its queue only if the state change
 * commits, and it survives Redis being down because the relay delivers it later.
 */
export async function writeOutbox<Name extends JobName>(
  transaction: Transaction,
  { companyId, job, payload, requestId }: OutboxWrite<Name>,
): Promise<OutboxEvent> {
  const definition = JOBS[job];
  return OutboxEvent.create(
    {
      companyId,
      queue: definition.queue,
      jobName: job,
      payload: definition.payload.parse(payload),
      requestId: requestId ?? null,
    },
    { transaction },
  );
}
