/**
 * The workers' reads and writes of leave reminders and decision digests. One choice: raw SQL; the
 * e-mails go through the outbox, in the transaction that decides them.
 */
import { QueryTypes, type Sequelize } from 'sequelize';
import { writeOutbox, type LeaveRequestRecord, type OutboxWrite } from '@teamfolk/shared';
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
   * Who decides a request (and is reminded of it): the company's active admins but its owner. Once
   * requests are routed, the routed approvers join them (rules/routing.ts, reminderRecipients).
   */
  deciders(companyId: number, ownerUserId: number | null): Promise<Decider[]> {
    return this.sequelize.query<Decider>(
      `SELECT id, email, name FROM users
        WHERE company_id = :companyId AND role = 'admin' AND disabled_at IS NULL
          AND id IS DISTINCT FROM :ownerUserId
        ORDER BY id`,
      { replacements: { companyId, ownerUserId }, type: QueryTypes.SELECT },
    );
  }

  /** The users of the company who chose the daily digest, with the pending requests each may decide (others' only). */
  async digests(companyId: number): Promise<Array<{ decider: Decider; requests: LeaveRequestRecord[] }>> {
    const [users, pending] = await Promise.all([
      this.sequelize.query<Decider>(
        `SELECT id, email, name FROM users
          WHERE company_id = :companyId AND role = 'admin' AND disabled_at IS NULL AND decision_emails = 'daily'
          ORDER BY id`,
        { replacements: { companyId }, type: QueryTypes.SELECT },
      ),
      this.sequelize.query<LeaveRow & { owner_user_id: number | null }>(
        `SELECT ${LEAVE_RECORD.columnList}, l.user_id AS owner_user_id FROM ${LEAVE_RECORD.from}
          WHERE l.company_id = :companyId AND l.status = 'pending'
          ORDER BY l.start_date, l.id`,
        { replacements: { companyId }, type: QueryTypes.SELECT },
      ),
    ]);
    return users.map((decider) => ({
      decider,
      requests: pending.filter((row) => row.owner_user_id !== decider.id).map(toLeaveRecord),
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
