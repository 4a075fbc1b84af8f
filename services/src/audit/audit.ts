import type { Transaction } from 'sequelize';
import { AuditEntry } from '@teamfolk/shared';

/** Who acts: the signed-in user, within their company. */
export interface AuditActor {
  companyId: number;
  userId: number;
}

export interface AuditRecord {
  action: string;
  entity: string;
  entityId: number | string;
  before?: object;
  after?: object;
}

/** Who changed what, with the record before and after, in the transaction of the change itself. */
export async function recordAudit(transaction: Transaction, actor: AuditActor, record: AuditRecord): Promise<void> {
  await AuditEntry.create(
    {
      companyId: actor.companyId,
      actorUserId: actor.userId,
      action: record.action,
      entity: record.entity,
      entityId: String(record.entityId),
      before: record.before ?? null,
      after: record.after ?? null,
    },
    { transaction },
  );
}
