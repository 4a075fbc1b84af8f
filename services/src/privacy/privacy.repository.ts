/**
 * The only code of the privacy domain that touches the database. One choice: raw SQL. An erasure
 * rewrites and deletes across tables with statements no model says (jsonpath matches, UPDATE …
 * RETURNING), and an export is inserted against a partial unique index (one in progress per person
 * and scope). Besides it, the shared writers it calls in its transactions: outbox, audit, security log.
 */
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  ERASED_PERSON_LABEL,
  forgetUnattributedSecurityEvents,
  type DataExportScope,
  type DataExportStatus,
  type QueueName,
} from '@teamfolk/shared';

/** Whose export, of what: one may be in progress per person and scope. */
export interface ExportOwner {
  companyId: number;
  userId: number;
  scope: DataExportScope;
}

/** An export's row, without its file. */
export interface ExportSummary {
  id: number;
  requestedBy: number;
  scope: DataExportScope;
  status: DataExportStatus;
  sizeBytes: number | null;
  readyAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface ExportWithFile extends ExportSummary {
  content: Buffer | null;
}

export interface FormerEmployeeRow {
  id: number;
  name: string;
  email: string;
  role: string;
  hireDate: string;
  removedAt: Date;
}

/** A profile of the person to be erased, as the erasure decides on it. */
export interface ErasedProfile {
  id: number;
  name: string;
  email: string;
  userId: number | null;
  deletedAt: Date | null;
}

/** A sign-in of the person to be erased. */
export interface ErasedSignIn {
  id: number;
  name: string;
  email: string;
  disabledAt: Date | null;
}

/** An invitation sent to the person to be erased. */
export interface ErasedInvitation {
  name: string;
  email: string;
  tokenHash: string;
}

/** Who is erased: every removed record of the person in the company, their sign-ins, their addresses. */
export interface ErasedPerson {
  companyId: number;
  employeeIds: number[];
  userIds: number[];
  /** Lower-case addresses the person had (profiles, sign-in, invitations). */
  emails: string[];
  /** Their names and addresses as the jsonpath variable `values` (PersonIdentity.jsonPathVariables). */
  jsonPathValues: string;
}

/** An audit entry that is about the person's records or names them. */
export interface AuditEntryOfPerson {
  id: string;
  aboutPerson: boolean;
  before: unknown;
  after: unknown;
}

/** An outbox event removed because it named the person. */
export interface RemovedOutboxEvent {
  id: string;
  queue: QueueName;
  createdAt: Date;
  dispatchedAt: Date | null;
}

/** What removePersonalRows changed, row counts by kind. */
export interface PersonalRowsRemoved {
  sentEmailsAnonymised: number;
  securityEventsRemoved: number;
  checkoutsAnonymised: number;
  companyExportsWithdrawn: number;
  invitationsRemoved: number;
  accountsRemoved: number;
}

const EXPORT_SUMMARY_COLUMNS = `id, requested_by AS "requestedBy", scope, status, size_bytes AS "sizeBytes",
  ready_at AS "readyAt", expires_at AS "expiresAt", created_at AS "createdAt"`;

/** `IN (...)` needs at least one value: one no row has. */
const orNone = <T>(values: T[], none: T): T[] => (values.length ? values : [none]);
const rowCount = (meta: unknown) => (meta as { rowCount?: number }).rowCount ?? 0;

export class PrivacyRepository {
  constructor(private readonly sequelize: Sequelize) {}

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  /** Marks failed the owner's exports still pending or running after `minutes`: their job gave up. */
  async failExportsStaleAfter(owner: ExportOwner, minutes: number, transaction: Transaction): Promise<void> {
    await this.sequelize.query(
      `UPDATE data_exports SET status = 'failed', updated_at = now()
        WHERE company_id = :companyId AND requested_by = :userId AND scope = :scope
          AND status IN ('pending', 'running') AND created_at < now() - make_interval(mins => :minutes)`,
      { replacements: { ...owner, minutes }, transaction },
    );
  }

  /** A new pending export's id; null when one of the owner's is in progress (the unique index's word). */
  async insertExport(owner: ExportOwner, transaction: Transaction): Promise<number | null> {
    const [inserted] = await this.sequelize.query<{ id: number }>(
      `INSERT INTO data_exports (company_id, requested_by, scope) VALUES (:companyId, :userId, :scope)
       ON CONFLICT (requested_by, scope) WHERE status IN ('pending', 'running') DO NOTHING
       RETURNING id`,
      { replacements: { ...owner }, type: QueryTypes.SELECT, transaction },
    );
    return inserted?.id ?? null;
  }

  /** The id of the owner's export in progress; null for none. */
  async exportInProgress(owner: ExportOwner, transaction: Transaction): Promise<number | null> {
    const [existing] = await this.sequelize.query<{ id: number }>(
      `SELECT id FROM data_exports WHERE company_id = :companyId AND requested_by = :userId AND scope = :scope
          AND status IN ('pending', 'running')`,
      { replacements: { ...owner }, type: QueryTypes.SELECT, transaction },
    );
    return existing?.id ?? null;
  }

  /** The user's newest exports, `limit` at most. */
  ownExports(companyId: number, userId: number, limit: number): Promise<ExportSummary[]> {
    return this.sequelize.query<ExportSummary>(
      `SELECT ${EXPORT_SUMMARY_COLUMNS} FROM data_exports
        WHERE company_id = :companyId AND requested_by = :userId ORDER BY id DESC LIMIT :limit`,
      { replacements: { companyId, userId, limit }, type: QueryTypes.SELECT },
    );
  }

  /** One of the user's own exports; null for another's, even in the same company. */
  async ownExport(
    companyId: number,
    userId: number,
    id: number,
    transaction?: Transaction,
  ): Promise<ExportSummary | null> {
    const [row] = await this.sequelize.query<ExportSummary>(
      `SELECT ${EXPORT_SUMMARY_COLUMNS} FROM data_exports
        WHERE id = :id AND company_id = :companyId AND requested_by = :userId`,
      { replacements: { companyId, userId, id }, type: QueryTypes.SELECT, transaction },
    );
    return row ?? null;
  }

  /** One of the user's own exports with its file: the only read that carries it. */
  async ownExportWithFile(companyId: number, userId: number, id: number): Promise<ExportWithFile | null> {
    const [row] = await this.sequelize.query<ExportWithFile>(
      `SELECT ${EXPORT_SUMMARY_COLUMNS}, content FROM data_exports
        WHERE id = :id AND company_id = :companyId AND requested_by = :userId`,
      { replacements: { companyId, userId, id }, type: QueryTypes.SELECT },
    );
    return row ?? null;
  }

  /** The company's removed employees, the latest removed first. */
  formerEmployees(companyId: number): Promise<FormerEmployeeRow[]> {
    return this.sequelize.query<FormerEmployeeRow>(
      `SELECT id, name, email, job_role AS role, hire_date AS "hireDate", deleted_at AS "removedAt"
         FROM employees WHERE company_id = :companyId AND deleted_at IS NOT NULL
        ORDER BY deleted_at DESC, id DESC`,
      { replacements: { companyId }, type: QueryTypes.SELECT },
    );
  }

  /** The company's employee of this id, removed or not, locked until the transaction ends; null for none. */
  async lockEmployee(companyId: number, id: number, transaction: Transaction): Promise<ErasedProfile | null> {
    const [row] = await this.lockProfiles('id = :id', { companyId, id }, transaction);
    return row ?? null;
  }

  /** The company's employee records whose address, in lower case, is `lowerEmail`, locked until the transaction ends. */
  lockEmployeesOfAddress(companyId: number, lowerEmail: string, transaction: Transaction): Promise<ErasedProfile[]> {
    return this.lockProfiles('lower(email) = :lowerEmail', { companyId, lowerEmail }, transaction);
  }

  /** The company's employee sign-ins of these ids or of the address `lowerEmail`, locked until the transaction ends. */
  lockSignIns(companyId: number, ids: number[], lowerEmail: string, transaction: Transaction): Promise<ErasedSignIn[]> {
    return this.sequelize.query<ErasedSignIn>(
      `SELECT id, name, email, disabled_at AS "disabledAt" FROM users
        WHERE company_id = :companyId AND role = 'employee' AND (id IN (:ids) OR lower(email) = :lowerEmail)
        FOR UPDATE`,
      { replacements: { companyId, ids: orNone(ids, 0), lowerEmail }, type: QueryTypes.SELECT, transaction },
    );
  }

  invitationsOf(companyId: number, employeeIds: number[], transaction: Transaction): Promise<ErasedInvitation[]> {
    return this.sequelize.query<ErasedInvitation>(
      `SELECT name, email, token_hash AS "tokenHash" FROM invitations
        WHERE company_id = :companyId AND employee_id IN (:employeeIds)`,
      { replacements: { companyId, employeeIds: orNone(employeeIds, 0) }, type: QueryTypes.SELECT, transaction },
    );
  }

  /**
   * The person's leave stays counted (dates, types, days, status) under the anonymous label, without
   * a reason; a request still pending is withdrawn, as no one can take that leave any more. Answers
   * the ids of the requests changed.
   */
  async anonymiseLeave(person: ErasedPerson, transaction: Transaction): Promise<number[]> {
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

  /**
   * The person's time credits stay counted (date, hours, status) without their reason, and so do
   * the ledger entries approving them recorded (whose note is the reason). Answers the credits' ids.
   */
  async anonymiseTimeCredits(person: ErasedPerson, transaction: Transaction): Promise<number[]> {
    const replacements = { companyId: person.companyId, employeeIds: person.employeeIds };
    const rows = await this.sequelize.query<{ id: number }>(
      `UPDATE time_credits SET reason = ''
        WHERE company_id = :companyId AND employee_id IN (:employeeIds)
        RETURNING id`,
      { replacements, type: QueryTypes.SELECT, transaction },
    );
    await this.sequelize.query(
      `UPDATE balance_entries SET note = NULL
        WHERE company_id = :companyId AND employee_id IN (:employeeIds) AND kind = 'time_credit'`,
      { replacements, transaction },
    );
    return rows.map((row) => row.id);
  }

  /** Audit entries about the person's records (profiles, these leave requests and time credits, sign-ins), or that name them. */
  auditEntriesOf(
    person: ErasedPerson,
    { leaveIds, timeCreditIds }: { leaveIds: number[]; timeCreditIds: number[] },
    transaction: Transaction,
  ): Promise<AuditEntryOfPerson[]> {
    // audit_log.entity_id is text: ids are compared as written there.
    const ids = (values: number[]) => orNone(values.map(String), '');
    return this.sequelize.query<AuditEntryOfPerson>(
      `SELECT id, before, after,
              (entity = 'employee' AND entity_id IN (:employeeIds))
                OR (entity = 'leave_request' AND entity_id IN (:leaveIds))
                OR (entity = 'time_credit' AND entity_id IN (:timeCreditIds))
                OR (entity = 'user' AND entity_id IN (:userIds)) AS "aboutPerson"
         FROM audit_log
        WHERE company_id = :companyId
          AND ((entity = 'employee' AND entity_id IN (:employeeIds))
            OR (entity = 'leave_request' AND entity_id IN (:leaveIds))
            OR (entity = 'time_credit' AND entity_id IN (:timeCreditIds))
            OR (entity = 'user' AND entity_id IN (:userIds))
            OR jsonb_path_exists(coalesce(before, 'null'), '$.** ? (@ == $values[*])', CAST(:values AS jsonb))
            OR jsonb_path_exists(coalesce(after, 'null'), '$.** ? (@ == $values[*])', CAST(:values AS jsonb)))`,
      {
        replacements: {
          companyId: person.companyId,
          employeeIds: ids(person.employeeIds),
          leaveIds: ids(leaveIds),
          timeCreditIds: ids(timeCreditIds),
          userIds: ids(person.userIds),
          values: person.jsonPathValues,
        },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
  }

  /** Replaces an audit entry's records (JSON text, or null). */
  async rewriteAuditEntry(
    companyId: number,
    id: string,
    { before, after }: { before: string | null; after: string | null },
    transaction: Transaction,
  ): Promise<void> {
    await this.sequelize.query(
      `UPDATE audit_log SET before = CAST(:before AS jsonb), after = CAST(:after AS jsonb)
        WHERE id = :id AND company_id = :companyId`,
      { replacements: { id, companyId, before, after }, transaction },
    );
  }

  /** Deletes the company's outbox events whose payload names the person, delivered or not. */
  removeOutboxEventsNaming(person: ErasedPerson, transaction: Transaction): Promise<RemovedOutboxEvent[]> {
    return this.sequelize.query<RemovedOutboxEvent>(
      `DELETE FROM outbox
        WHERE company_id = :companyId AND jsonb_path_exists(payload, '$.** ? (@ == $values[*])', CAST(:values AS jsonb))
        RETURNING id, queue, created_at AS "createdAt", dispatched_at AS "dispatchedAt"`,
      {
        replacements: { companyId: person.companyId, values: person.jsonPathValues },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
  }

  /**
   * The rows that only exist for the person go, their sign-in's two-step secrets, recovery codes,
   * tokens and own exports with it (foreign keys); the mail log keeps its entries without their
   * address; a company export made before now holds the person and is withdrawn.
   */
  async removePersonalRows(person: ErasedPerson, transaction: Transaction): Promise<PersonalRowsRemoved> {
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
    const companyExportsWithdrawn = await run(
      `UPDATE data_exports SET status = 'expired', content = NULL, updated_at = now()
        WHERE company_id = :companyId AND scope = 'company' AND status IN ('running', 'ready')`,
    );
    const invitationsRemoved = await run(
      `DELETE FROM invitations WHERE company_id = :companyId AND employee_id IN (:employeeIds)`,
    );
    await run(`DELETE FROM employees WHERE company_id = :companyId AND id IN (:employeeIds)`);
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

  private lockProfiles(
    condition: string,
    replacements: Record<string, unknown>,
    transaction: Transaction,
  ): Promise<ErasedProfile[]> {
    return this.sequelize.query<ErasedProfile>(
      `SELECT id, name, email, user_id AS "userId", deleted_at AS "deletedAt" FROM employees
        WHERE company_id = :companyId AND ${condition} FOR UPDATE`,
      { replacements, type: QueryTypes.SELECT, transaction },
    );
  }
}
