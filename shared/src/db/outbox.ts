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

/** A decision the person it concerns is told of by e-mail: their leave request's, or their time credit's. */
export interface DecisionMail {
  companyId: number;
  requestId: string;
  template: 'leave-decided' | 'time-credit-decided';
  /** Makes the idempotency key: one e-mail per decided request or credit. */
  subjectId: number;
  to: string;
  name: string;
  decision: 'approved' | 'rejected';
  summary: string;
  link: string;
}

/** The outbox row of a "decided" e-mail (leave requests and time credits alike). */
export function decisionMailRow({
  companyId,
  requestId,
  template,
  subjectId,
  to,
  name,
  decision,
  summary,
  link,
}: DecisionMail): OutboxRow {
  return outboxRowOf({
    companyId,
    job: 'send-email',
    requestId,
    payload: {
      idempotencyKey: `${template}-${subjectId}`,
      to,
      mail: { template, name, decision, summary, link },
    },
  });
}
