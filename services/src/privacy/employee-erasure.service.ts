import type { Sequelize, Transaction } from 'sequelize';
import {
  outboxJobId,
  privacyTexts,
  rateLimitCounterIdOfEmail,
  rateLimitCounterIdOfTokenHash,
  recordAudit,
  writeOutbox,
  type EmployeeErasedReply,
  type FormerEmployeeRecord,
} from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { PersonIdentity, withoutPerson } from './personal-data';
import { PrivacyRepository, type ErasedPerson } from './privacy.repository';

/** The person to be erased, and what names them: their identity, their invitation links. */
interface Erasure {
  person: ErasedPerson;
  identity: PersonIdentity;
  invitationTokenHashes: string[];
}

/**
 * Art. 17 for a former employee (one the admin has removed): the person's profile, sign-in,
 * invitations, security log entries and pending e-mails go; their leave stays in the company's
 * statistics with its dates, types and days but without the person; the audit trail keeps its
 * entries with the person's names and details blanked; an audit entry records the erasure. A job
 * then removes the Redis traces (queued e-mails that named them, sign-in counters).
 */
export class EmployeeErasureService {
  private readonly repository: PrivacyRepository;

  constructor(sequelize: Sequelize) {
    this.repository = new PrivacyRepository(sequelize);
  }

  async listFormer(auth: AuthContext): Promise<FormerEmployeeRecord[]> {
    const rows = await this.repository.formerEmployees(auth.companyId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      hire_date: row.hireDate,
      removed_at: row.removedAt.toISOString(),
    }));
  }

  async erase(auth: AuthContext, employeeId: number, requestId: string): Promise<EmployeeErasedReply> {
    return this.repository.transaction(async (transaction) => {
      const erasure = await this.erasureOf(auth.companyId, employeeId, transaction);
      const { person } = erasure;
      const leaveIds = await this.repository.anonymiseLeave(person, transaction);
      const timeCreditIds = await this.repository.anonymiseTimeCredits(person, transaction);
      const auditEntries = await this.scrubAuditTrail(erasure, { leaveIds, timeCreditIds }, transaction);
      const jobs = await this.dropPendingSideEffects(person, transaction);
      const rest = await this.repository.removePersonalRows(person, transaction);
      await recordAudit(transaction, auth, {
        action: 'employee.erased',
        entity: 'employee',
        entityId: employeeId,
        after: {
          employeeRecords: person.employeeIds.length,
          leaveRequestsAnonymised: leaveIds.length,
          timeCreditsAnonymised: timeCreditIds.length,
          auditEntriesAnonymised: auditEntries,
          outboxEventsRemoved: jobs.removed,
          ...rest,
        },
      });
      const rateLimitAccounts = [
        ...person.emails.map(rateLimitCounterIdOfEmail),
        ...erasure.invitationTokenHashes.map(rateLimitCounterIdOfTokenHash),
      ];
      await writeOutbox(transaction, {
        companyId: person.companyId,
        job: 'erase-employee-traces',
        payload: { jobs: jobs.dispatched, rateLimitAccounts },
        requestId,
      });
      return { message: privacyTexts.erased, anonymisedLeaveRequests: leaveIds.length };
    });
  }

  /**
   * The removed employee and every other removed record of the same address (a person removed,
   * invited again and removed again has two): refused while any record of that address is current.
   */
  private async erasureOf(companyId: number, employeeId: number, transaction: Transaction): Promise<Erasure> {
    const target = await this.repository.lockEmployee(companyId, employeeId, transaction);
    if (!target) throw new HttpError(404, privacyTexts.formerEmployeeNotFound);
    if (!target.deletedAt) throw new HttpError(409, privacyTexts.stillEmployed);
    const address = target.email.toLowerCase();
    const records = await this.repository.lockEmployeesOfAddress(companyId, address, transaction);
    if (records.some((record) => !record.deletedAt)) throw new HttpError(409, privacyTexts.rehired);
    const linkedUserIds = records.flatMap((record) => (record.userId ? [record.userId] : []));
    const users = await this.repository.lockSignIns(companyId, linkedUserIds, address, transaction);
    if (users.some((user) => !user.disabledAt)) throw new HttpError(409, privacyTexts.rehired);
    const employeeIds = records.map((record) => record.id);
    const invitations = await this.repository.invitationsOf(companyId, employeeIds, transaction);
    const people = [...records, ...users, ...invitations];
    const identity = new PersonIdentity(people.flatMap((row) => [row.name, row.email]));
    return {
      person: {
        companyId,
        employeeIds,
        userIds: users.map((user) => user.id),
        emails: [...new Set(people.map((row) => row.email.trim().toLowerCase()))],
        jsonPathValues: identity.jsonPathVariables,
      },
      identity,
      invitationTokenHashes: invitations.map((invitation) => invitation.tokenHash),
    };
  }

  /** Entries about the person's records, and any other entry that names them, lose what identifies them. */
  private async scrubAuditTrail(
    { person, identity }: Erasure,
    records: { leaveIds: number[]; timeCreditIds: number[] },
    transaction: Transaction,
  ): Promise<number> {
    const entries = await this.repository.auditEntriesOf(person, records, transaction);
    for (const entry of entries) {
      const scrub = (value: unknown) =>
        value === null ? null : JSON.stringify(withoutPerson(value, identity, entry.aboutPerson));
      await this.repository.rewriteAuditEntry(
        person.companyId,
        entry.id,
        { before: scrub(entry.before), after: scrub(entry.after) },
        transaction,
      );
    }
    return entries.length;
  }

  /**
   * Outbox events that name the person (e-mails to them or about them) are deleted: those not yet
   * delivered never happen, and the jobs of those already delivered are listed for removal from the
   * queues (their ids derive from the row, so the list names no one).
   */
  private async dropPendingSideEffects(person: ErasedPerson, transaction: Transaction) {
    const rows = await this.repository.removeOutboxEventsNaming(person, transaction);
    const dispatched = rows
      .filter((row) => row.dispatchedAt !== null)
      .map((row) => ({ queue: row.queue, jobId: outboxJobId(String(row.id), new Date(row.createdAt)) }));
    return { removed: rows.length, dispatched };
  }
}
