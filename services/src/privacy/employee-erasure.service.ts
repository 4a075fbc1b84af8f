import { fn, col, Op, QueryTypes, where as whereSql, type Sequelize, type Transaction } from 'sequelize';
import {
  Employee,
  ERASED_PERSON_LABEL,
  forgetUnattributedSecurityEvents,
  Invitation,
  outboxJobId,
  privacyTexts,
  rateLimitCounterIdOfEmail,
  rateLimitCounterIdOfTokenHash,
  recordAudit,
  User,
  writeOutbox,
  type EmployeeErasedReply,
  type FormerEmployeeRecord,
  type QueueName,
} from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { PersonIdentity, withoutPerson } from './personal-data';

/** Who is erased: every removed record of the person in the company, their sign-in, their invitations. */
interface ErasedPerson {
  companyId: number;
  employeeIds: number[];
  userIds: number[];
  /** Lower-case addresses the person had (profiles, sign-in, invitations). */
  emails: string[];
  identity: PersonIdentity;
  invitationTokenHashes: string[];
}

interface OutboxMatch {
  id: string;
  queue: QueueName;
  created_at: Date;
  dispatched_at: Date | null;
}

/** `IN (...)` needs at least one value: one no row has. */
const orNone = <T>(values: T[], none: T): T[] => (values.length ? values : [none]);
const rowCount = (meta: unknown) => (meta as { rowCount?: number }).rowCount ?? 0;

/**
 * Art. 17 for a former employee (one the admin has removed): the person's profile, sign-in,
 * invitations, security log entries and pending e-mails go; their leave stays in the company's
 * statistics with its dates, types and days but without the person; the audit trail keeps its
 * entries with the person's names and details blanked; an audit entry records the erasure. A job
 * then removes the Redis traces (queued e-mails that named them, sign-in counters).
 */
export class EmployeeErasureService {
  constructor(private readonly sequelize: Sequelize) {}

  async listFormer(auth: AuthContext): Promise<FormerEmployeeRecord[]> {
    const rows = await Employee.findAll({
      attributes: ['id', 'name', 'email', 'jobRole', 'hireDate', 'deletedAt'],
      where: { companyId: auth.companyId, deletedAt: { [Op.ne]: null } },
      order: [
        ['deletedAt', 'DESC'],
        ['id', 'DESC'],
      ],
    });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.jobRole,
      hire_date: row.hireDate,
      removed_at: row.deletedAt!.toISOString(),
    }));
  }

  async erase(auth: AuthContext, employeeId: number, requestId: string): Promise<EmployeeErasedReply> {
    return this.sequelize.transaction(async (transaction) => {
      const person = await this.personOf(auth.companyId, employeeId, transaction);
      const leaveIds = await this.anonymiseLeave(person, transaction);
      const auditEntries = await this.scrubAuditTrail(person, leaveIds, transaction);
      const jobs = await this.dropPendingSideEffects(person, transaction);
      const rest = await this.removePersonalRows(person, transaction);
      await recordAudit(transaction, auth, {
        action: 'employee.erased',
        entity: 'employee',
        entityId: employeeId,
        after: {
          employeeRecords: person.employeeIds.length,
          leaveRequestsAnonymised: leaveIds.length,
          auditEntriesAnonymised: auditEntries,
          outboxEventsRemoved: jobs.removed,
          ...rest,
        },
      });
      const rateLimitAccounts = [
        ...person.emails.map(rateLimitCounterIdOfEmail),
        ...person.invitationTokenHashes.map(rateLimitCounterIdOfTokenHash),
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
  private async personOf(companyId: number, employeeId: number, transaction: Transaction): Promise<ErasedPerson> {
    const lock = transaction.LOCK.UPDATE;
    const target = await Employee.findOne({ where: { id: employeeId, companyId }, lock, transaction });
    if (!target) throw new HttpError(404, privacyTexts.formerEmployeeNotFound);
    if (!target.deletedAt) throw new HttpError(409, privacyTexts.stillEmployed);
    const sameAddress = whereSql(fn('lower', col('email')), target.email.toLowerCase());
    const records = await Employee.findAll({ where: { companyId, [Op.and]: [sameAddress] }, lock, transaction });
    if (records.some((record) => !record.deletedAt)) throw new HttpError(409, privacyTexts.rehired);
    const linkedUserIds = records.flatMap((record) => (record.userId ? [record.userId] : []));
    const users = await User.findAll({
      where: { companyId, role: 'employee', [Op.or]: [{ id: orNone(linkedUserIds, 0) }, sameAddress] },
      lock,
      transaction,
    });
    if (users.some((user) => !user.disabledAt)) throw new HttpError(409, privacyTexts.rehired);
    const employeeIds = records.map((record) => record.id);
    const invitations = await Invitation.findAll({ where: { companyId, employeeId: employeeIds }, transaction });
    const people = [...records, ...users, ...invitations];
    return {
      companyId,
      employeeIds,
      userIds: users.map((user) => user.id),
      emails: [...new Set(people.map((row) => row.email.trim().toLowerCase()))],
      identity: new PersonIdentity(people.flatMap((row) => [row.name, row.email])),
      invitationTokenHashes: invitations.map((invitation) => invitation.tokenHash),
    };
  }

  /**
   * The person's leave stays counted (dates, types, days, status) under the anonymous label, without
   * a reason; a request still pending is withdrawn, as no one can take that leave any more.
   */
  private async anonymiseLeave(person: ErasedPerson, transaction: Transaction): Promise<number[]> {
    const rows = await this.sequelize.query<{ id: number }>(
      `UPDATE leave_requests
          SET employee_id = NULL, user_id = NULL, employee_name = :label, reason = NULL,
              decided_at = CASE WHEN status = 'pending' THEN now() ELSE decided_at END,
              status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE status END,
              updated_at = now()
        WHERE company_id = :companyId AND (employee_id IN (:employeeIds) OR user_id IN (:userIds))
        RETURNING id`,
      {
        replacements: {
          label: ERASED_PERSON_LABEL,
          companyId: person.companyId,
          employeeIds: person.employeeIds,
          userIds: orNone(person.userIds, 0),
        },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    return rows.map((row) => row.id);
  }

  /** Entries about the person's records, and any other entry that names them, lose what identifies them. */
  private async scrubAuditTrail(person: ErasedPerson, leaveIds: number[], transaction: Transaction): Promise<number> {
    const ids = (values: number[]) => orNone(values.map(String), '');
    const entries = await this.sequelize.query<{ id: string; about_person: boolean; before: unknown; after: unknown }>(
      `SELECT id, before, after,
              (entity = 'employee' AND entity_id IN (:employeeIds))
                OR (entity = 'leave_request' AND entity_id IN (:leaveIds))
                OR (entity = 'user' AND entity_id IN (:userIds)) AS about_person
         FROM audit_log
        WHERE company_id = :companyId
          AND ((entity = 'employee' AND entity_id IN (:employeeIds))
            OR (entity = 'leave_request' AND entity_id IN (:leaveIds))
            OR (entity = 'user' AND entity_id IN (:userIds))
            OR jsonb_path_exists(coalesce(before, 'null'), '$.** ? (@ == $values[*])', CAST(:values AS jsonb))
            OR jsonb_path_exists(coalesce(after, 'null'), '$.** ? (@ == $values[*])', CAST(:values AS jsonb)))`,
      {
        replacements: {
          companyId: person.companyId,
          employeeIds: ids(person.employeeIds),
          leaveIds: ids(leaveIds),
          userIds: ids(person.userIds),
          values: person.identity.jsonPathVariables,
        },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    for (const entry of entries) {
      const scrub = (value: unknown) =>
        value === null ? null : JSON.stringify(withoutPerson(value, person.identity, entry.about_person));
      await this.sequelize.query(
        `UPDATE audit_log SET before = CAST(:before AS jsonb), after = CAST(:after AS jsonb)
          WHERE id = :id AND company_id = :companyId`,
        {
          replacements: {
            id: entry.id,
            companyId: person.companyId,
            before: scrub(entry.before),
            after: scrub(entry.after),
          },
          transaction,
        },
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
    const rows = await this.sequelize.query<OutboxMatch>(
      `DELETE FROM outbox
        WHERE company_id = :companyId AND jsonb_path_exists(payload, '$.** ? (@ == $values[*])', CAST(:values AS jsonb))
        RETURNING id, queue, created_at, dispatched_at`,
      {
        replacements: { companyId: person.companyId, values: person.identity.jsonPathVariables },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    const dispatched = rows
      .filter((row) => row.dispatched_at !== null)
      .map((row) => ({ queue: row.queue, jobId: outboxJobId(String(row.id), new Date(row.created_at)) }));
    return { removed: rows.length, dispatched };
  }

  /** The rows that only exist for the person go; the mail log keeps its entries without their address. */
  private async removePersonalRows(person: ErasedPerson, transaction: Transaction) {
    const run = async (sql: string) => {
      const [, meta] = await this.sequelize.query(sql, {
        replacements: {
          companyId: person.companyId,
          employeeIds: person.employeeIds,
          userIds: orNone(person.userIds, 0),
          emails: person.emails,
          label: ERASED_PERSON_LABEL,
        },
        transaction,
      });
      return rowCount(meta);
    };
    const sentEmailsAnonymised = await run(
      `UPDATE sent_emails SET recipient = :label WHERE company_id = :companyId AND lower(recipient) IN (:emails)`,
    );
    const securityEventsRemoved =
      (await run(
        `DELETE FROM security_events
          WHERE company_id = :companyId AND (user_id IN (:userIds) OR lower(email) IN (:emails))`,
      )) + (await forgetUnattributedSecurityEvents(this.sequelize, person.emails, transaction));
    const checkoutsAnonymised = await run(
      `UPDATE billing_checkouts SET pending_employee = NULL, updated_at = now()
        WHERE company_id = :companyId AND lower(pending_employee->>'email') IN (:emails)`,
    );
    // A company export made before now holds the person: it is withdrawn (the next one will not).
    const companyExportsWithdrawn = await run(
      `UPDATE data_exports SET status = 'expired', content = NULL, updated_at = now()
        WHERE company_id = :companyId AND scope = 'company' AND status IN ('running', 'ready')`,
    );
    const invitationsRemoved = await run(
      `DELETE FROM invitations WHERE company_id = :companyId AND employee_id IN (:employeeIds)`,
    );
    await run(`DELETE FROM employees WHERE company_id = :companyId AND id IN (:employeeIds)`);
    // With the sign-in go its two-step secrets, recovery codes, tokens and own exports (foreign keys).
    const accountsRemoved = await run(`DELETE FROM users WHERE company_id = :companyId AND id IN (:userIds)`);
    return {
      sentEmailsAnonymised,
      securityEventsRemoved,
      checkoutsAnonymised,
      companyExportsWithdrawn,
      invitationsRemoved,
      accountsRemoved,
    };
  }
}
