import type { Transaction } from 'sequelize';
import { AuditEntry } from '@teamfolk/shared';

export interface AuditRecord {
  companyId: number;
  actorUserId: number | null;
  action: string;
  entity: string;
  entityId: number | string;
  before?: object;
  after?: object;
}

/** Who changed what, with the record before and after, in the transaction of the change itself. */
export async function recordAudit(transaction: Transaction, record: AuditRecord): Promise<void> {
  await AuditEntry.create(
    {
      companyId: record.companyId,
      actorUserId: record.actorUserId,
      action: record.action,
      entity: record.entity,
      entityId: String(record.entityId),
      before: record.before ?? null,
      after: record.after ?? null,
    },
    { transaction },
  );
}
