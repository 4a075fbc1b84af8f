import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { SubscriptionStatus } from '@teamfolk/shared';

/**
 * The only code of the retention jobs that touches the database, besides the shared writers they
 * call (the outbox's mailAdmins, the subscription's lock, the security log's). Raw SQL: the run
 * reads every company through the database's own functions, past row-level security, and the
 * erasure deletes table by table.
 */

/** A company whose subscription was canceled or is set to end, with where its erasure stands. */
export interface RetentionCandidate {
  companyId: number;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  updatedAt: Date;
  noticeFor: Date | null;
  noticeSentAt: Date | null;
  erasedAt: Date | null;
}

/** A company's erasure record: the subscription end it was announced for, and when it was done. */
export interface ErasureRecord {
  subscriptionEndedAt: Date;
  noticeSentAt: Date | null;
  erasedAt: Date | null;
}

/** The company's people as its tables name them: addresses, and invitation token hashes. */
export interface PersonTrace {
  email: string | null;
  tokenHash: string | null;
}

export class MaintenanceRepository {
  constructor(private readonly sequelize: Sequelize) {}

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  /** Every company whose subscription is canceled or set to end at its period's end. */
  async retentionCandidates(): Promise<RetentionCandidate[]> {
    return this.sequelize.query<RetentionCandidate>(
      `SELECT company_id AS "companyId", status, current_period_end AS "currentPeriodEnd", ended_at AS "endedAt",
              updated_at AS "updatedAt", notice_for AS "noticeFor", notice_sent_at AS "noticeSentAt",
              erased_at AS "erasedAt"
         FROM teamfolk_subscription_overview()
        WHERE status IN ('canceled', 'cancel_at_period_end')
        ORDER BY company_id`,
      { type: QueryTypes.SELECT },
    );
  }

  /** Deletes the files of data exports whose download window ended by `asOf`; answers how many. */
  async expireDataExports(asOf: Date): Promise<number> {
    return this.count('SELECT teamfolk_expire_data_exports(:asOf) AS count', { asOf });
  }

  /** Deletes security log rows from before `before`, those of no company included; answers how many. */
  async expireSecurityEvents(before: Date): Promise<number> {
    return this.count('SELECT teamfolk_expire_security_events(:before) AS count', { before });
  }

  /** Records that the company was told, at `asOf`, of the erasure following the end at `endedAt`. */
  async recordDeletionNotice(companyId: number, endedAt: Date, asOf: Date, transaction: Transaction): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO data_erasures (company_id, subscription_ended_at, notice_sent_at)
       VALUES (:companyId, :endedAt, :asOf)
       ON CONFLICT (company_id) DO UPDATE
         SET subscription_ended_at = EXCLUDED.subscription_ended_at, notice_sent_at = EXCLUDED.notice_sent_at,
             erased_at = NULL, summary = NULL, updated_at = now()`,
      { replacements: { companyId, endedAt, asOf }, transaction },
    );
  }

  /** The company's erasure record, locked until the transaction ends; null when none was announced. */
  async lockErasure(companyId: number, transaction: Transaction): Promise<ErasureRecord | null> {
    const [row] = await this.sequelize.query<ErasureRecord>(
      `SELECT subscription_ended_at AS "subscriptionEndedAt", notice_sent_at AS "noticeSentAt", erased_at AS "erasedAt"
         FROM data_erasures WHERE company_id = :companyId FOR UPDATE`,
      { replacements: { companyId }, type: QueryTypes.SELECT, transaction },
    );
    return row ?? null;
  }

  /** Everyone the company's users, employees and invitations name. */
  peopleOf(companyId: number, transaction: Transaction): Promise<PersonTrace[]> {
    return this.sequelize.query<PersonTrace>(
      `SELECT email, NULL AS "tokenHash" FROM users WHERE company_id = :companyId
       UNION SELECT email, NULL FROM employees WHERE company_id = :companyId
       UNION SELECT email, token_hash FROM invitations WHERE company_id = :companyId`,
      { replacements: { companyId }, type: QueryTypes.SELECT, transaction },
    );
  }

  /**
   * Deletes the company's rows of each table, in the order given, and its local payment objects
   * that name people; answers the rows deleted per table.
   */
  async deleteCompanyRows(
    companyId: number,
    tables: readonly string[],
    transaction: Transaction,
  ): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of tables) {
      counts[table] = await this.rowCount(`DELETE FROM ${table} WHERE company_id = :companyId`, companyId, transaction);
    }
    counts.local_payment_objects = await this.rowCount(
      `DELETE FROM local_payment_objects
        WHERE company_id = :companyId AND type IN ('customer', 'checkout_session', 'setup_intent', 'payment_method')`,
      companyId,
      transaction,
    );
    return counts;
  }

  /** Renames the company to its id, forgets its country and region and its default card. */
  async anonymiseCompany(companyId: number, transaction: Transaction): Promise<void> {
    await this.sequelize.query(
      `UPDATE companies SET name = :name, country = NULL, region = NULL, updated_at = now() WHERE id = :companyId`,
      { replacements: { companyId, name: `Erased company ${companyId}` }, transaction },
    );
    await this.sequelize.query(
      `UPDATE subscriptions SET default_payment_method_id = NULL, updated_at = now() WHERE company_id = :companyId`,
      { replacements: { companyId }, transaction },
    );
  }

  /** Records the erasure as done at `erasedAt`, with what it deleted. */
  async recordErasure(
    companyId: number,
    erasedAt: Date,
    summary: Record<string, number>,
    transaction: Transaction,
  ): Promise<void> {
    await this.sequelize.query(
      `UPDATE data_erasures SET erased_at = :erasedAt, summary = :summary, updated_at = now()
        WHERE company_id = :companyId`,
      { replacements: { companyId, erasedAt, summary: JSON.stringify(summary) }, transaction },
    );
  }

  private async count(sql: string, replacements: Record<string, unknown>): Promise<number> {
    const [row] = await this.sequelize.query<{ count: number }>(sql, { replacements, type: QueryTypes.SELECT });
    return row?.count ?? 0;
  }

  private async rowCount(sql: string, companyId: number, transaction: Transaction): Promise<number> {
    const [, meta] = await this.sequelize.query(sql, { replacements: { companyId }, transaction });
    return (meta as { rowCount?: number }).rowCount ?? 0;
  }
}
