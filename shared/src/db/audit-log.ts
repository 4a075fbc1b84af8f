import type { Transaction } from 'sequelize';
import { AuditEntry } from './models';
import type { OutboxRow } from './outbox';

/**
 * The one writer of audit rows, as the outbox's is of events: who changed what, with the record
 * before and after, in the transaction of the change itself. The API, the shared billing writers and
 * the workers' jobs all write through it.
 */

/** Who acts: the signed-in user, within their company. */
export interface AuditActor {
  companyId: number;
  userId: number;
}

/** Whom an audit row names as acting: a user, or no one where the system acts (a provider's webhook, a job). */
export type AuditRowActor = Omit<AuditActor, 'userId'> & { userId: number | null };

export interface AuditRecord {
  action: string;
  entity: string;
  entityId: number | string;
  before?: object;
  after?: object;
}

/** The audit_log row of a change. */
interface AuditRow {
  companyId: number;
  actorUserId: number | null;
  action: string;
  entity: string;
  entityId: string;
  before: object | null;
  after: object | null;
}

function auditRowOf(actor: AuditRowActor, record: AuditRecord): AuditRow {
  return {
    companyId: actor.companyId,
    actorUserId: actor.userId,
    action: record.action,
    entity: record.entity,
    entityId: String(record.entityId),
    before: record.before ?? null,
    after: record.after ?? null,
  };
}

export async function recordAudit(transaction: Transaction, actor: AuditRowActor, record: AuditRecord): Promise<void> {
  await AuditEntry.create(auditRowOf(actor, record), { transaction });
}

/** What a change writes beside itself: its audit entry and the events it sends through the outbox. */
export interface ChangeTrail {
  actor: AuditActor;
  audit: AuditRecord;
  outbox?: OutboxRow[];
}

/**
 * WITH clauses that append a change's audit entry and outbox events to the caller's statement, so a
 * change, its audit trail and its notifications cost one round trip (each round trip is a Sequelize
 * query and two socket calls; a leave decision made ten of them). The rows travel as JSON, as the
 * replacements `auditRows` and `outboxRows`, added to the caller's.
 */
export function changeTrailClauses(
  replacements: Record<string, unknown>,
  { actor, audit, outbox = [] }: ChangeTrail,
): string {
  const entry = auditRowOf(actor, audit);
  replacements.auditRows = JSON.stringify([
    {
      company_id: entry.companyId,
      actor_user_id: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: entry.before,
      after: entry.after,
    },
  ]);
  const clauses = [
    `audit_rows AS (
       INSERT INTO audit_log (company_id, actor_user_id, action, entity, entity_id, before, after)
       SELECT company_id, actor_user_id, action, entity, entity_id, before, after
         FROM jsonb_to_recordset(:auditRows::jsonb)
           AS entry(company_id integer, actor_user_id integer, action text, entity text, entity_id text,
                    before jsonb, after jsonb))`,
  ];
  // No clause without events: the outbox's insert trigger would wake the relay for nothing.
  if (outbox.length > 0) {
    replacements.outboxRows = JSON.stringify(
      outbox.map((event) => ({
        company_id: event.companyId,
        queue: event.queue,
        job_name: event.jobName,
        payload: event.payload,
        request_id: event.requestId,
      })),
    );
    clauses.push(`outbox_rows AS (
       INSERT INTO outbox (company_id, queue, job_name, payload, request_id)
       SELECT company_id, queue, job_name, payload, request_id
         FROM jsonb_to_recordset(:outboxRows::jsonb)
           AS event(company_id integer, queue text, job_name text, payload jsonb, request_id text))`);
  }
  return clauses.join(',\n');
}
