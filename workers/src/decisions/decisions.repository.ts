/**
 * The workers' reads and writes of leave reminders and decision digests. One choice: raw SQL; the
 * e-mails go through the outbox, in the transaction that decides them.
 */
import { QueryTypes, type Sequelize } from 'sequelize';
import { mayDecide, writeOutbox, type LeaveRequestRecord, type OutboxWrite, type Role } from '@teamfolk/shared';
import { LEAVE_RECORD, toLeaveRecord, type LeaveRow } from '@teamfolk/services/domain';

/** A user to tell: who they are and where their mail goes. */
export interface Decider {
  id: number;
  email: string;
  name: string;
}

/** A pending request with the sign-in of its owner (never reminded of their own request). */
export interface PendingLeave {
  record: LeaveRequestRecord;
  ownerUserId: number | null;
}

export class DecisionsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** The request while it is pending; null once decided, withdrawn or gone. */
  async pendingLeave(companyId: number, id: number): Promise<PendingLeave | null> {
    const [row] = await this.sequelize.query<LeaveRow & { owner_user_id: number | null }>(
      `SELECT ${LEAVE_RECORD.columnList}, l.user_id AS owner_user_id FROM ${LEAVE_RECORD.from}
        WHERE l.id = :id AND l.company_id = :companyId AND l.status = 'pending'`,
      { replacements: { id, companyId }, type: QueryTypes.SELECT },
    );
    return row ? { record: toLeaveRecord(row), ownerUserId: row.owner_user_id } : null;
  }

  /**
   * Who decides a request (and is reminded of it, rules/routing.ts reminderRecipients): the approvers
   * of its owner's team now and the company's active admins, never its owner.
   */
  deciders(companyId: number, leaveId: number, ownerUserId: number | null): Promise<Decider[]> {
    return this.sequelize.query<Decider>(
      `SELECT u.id, u.email, u.name FROM users u
        WHERE u.company_id = :companyId AND u.disabled_at IS NULL AND u.id IS DISTINCT FROM :ownerUserId
          AND (u.role = 'admin'
               OR u.id IN (SELECT ae.user_id
                             FROM leave_requests l
                             JOIN employees o ON o.id = l.employee_id AND o.company_id = l.company_id
                             JOIN team_approvers ta ON ta.team_id = o.team_id
                             JOIN employees ae ON ae.id = ta.employee_id AND ae.deleted_at IS NULL
                            WHERE l.id = :leaveId AND l.company_id = :companyId AND ae.id <> o.id))
        ORDER BY u.id`,
      { replacements: { companyId, leaveId, ownerUserId }, type: QueryTypes.SELECT },
    );
  }

  /** The users of the company who chose the daily digest, with the pending requests each may decide (others' only). */
  async digests(companyId: number): Promise<Array<{ decider: Decider; requests: LeaveRequestRecord[] }>> {
    const [users, pending] = await Promise.all([
      this.sequelize.query<Decider & { role: Role; employee_id: number | null; team_ids: number[] }>(
        `SELECT u.id, u.email, u.name, u.role, ae.id AS employee_id,
                coalesce(array_agg(ta.team_id) FILTER (WHERE ta.team_id IS NOT NULL), '{}') AS team_ids
           FROM users u
           LEFT JOIN employees ae ON ae.user_id = u.id AND ae.deleted_at IS NULL
           LEFT JOIN team_approvers ta ON ta.employee_id = ae.id
          WHERE u.company_id = :companyId AND u.disabled_at IS NULL AND u.decision_emails = 'daily'
          GROUP BY u.id, ae.id
         HAVING u.role = 'admin' OR count(ta.team_id) > 0
          ORDER BY u.id`,
        { replacements: { companyId }, type: QueryTypes.SELECT },
      ),
      this.sequelize.query<LeaveRow & { owner_user_id: number | null; owner_team_id: number | null }>(
        `SELECT ${LEAVE_RECORD.columnList}, l.user_id AS owner_user_id,
                (SELECT o.team_id FROM employees o WHERE o.id = l.employee_id) AS owner_team_id
           FROM ${LEAVE_RECORD.from}
          WHERE l.company_id = :companyId AND l.status = 'pending'
          ORDER BY l.start_date, l.id`,
        { replacements: { companyId }, type: QueryTypes.SELECT },
      ),
    ]);
    return users.map(({ role, employee_id, team_ids, ...decider }) => ({
      decider,
      requests: pending
        .filter(
          (row) =>
            row.owner_user_id !== decider.id &&
            mayDecide(
              { role, employeeId: employee_id, approvesTeamIds: team_ids },
              { employeeId: row.employee_id === null ? null : Number(row.employee_id), teamId: row.owner_team_id },
            ),
        )
        .map(toLeaveRecord),
    }));
  }

  /** The companies with a user who chose the daily digest, and their wall-clock time now (as no company). */
  digestCompanies(): Promise<Array<{ company_id: number; local_now: string }>> {
    return this.sequelize.query(
      `SELECT company_id, to_char(local_now, 'YYYY-MM-DD"T"HH24:MI') AS local_now FROM teamfolk_digest_companies()`,
      { type: QueryTypes.SELECT },
    );
  }

  /** Writes e-mails to the outbox, in one transaction. */
  async send(mails: ReadonlyArray<OutboxWrite<'send-email'>>): Promise<void> {
    if (mails.length === 0) return;
    await this.sequelize.transaction(async (transaction) => {
      for (const mail of mails) await writeOutbox(transaction, mail);
    });
  }
}
