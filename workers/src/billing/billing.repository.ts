import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { BillingCycle, DataErasure, Subscription } from '@teamfolk/shared';

/**
 * The only code of the billing jobs and schedules that touches the database, besides the shared
 * writers of provider state (applyProviderSubscription, recordInvoice) and the seat count the API
 * bills by too (countSeats, @teamfolk/services/domain). Sequelize models; the
 * sweeps across companies call the database's own functions (teamfolk_subscription_overview,
 * teamfolk_unfinished_checkouts), which read past row-level security and which no model expresses.
 */
export class BillingRepository {
  constructor(private readonly sequelize: Sequelize) {}

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  subscriptionOf(companyId: number, transaction?: Transaction): Promise<Subscription | null> {
    return Subscription.findOne({ where: { companyId }, transaction });
  }

  /** Whether the company's personal data has been erased (its billing records stay). */
  async isErased(companyId: number, transaction?: Transaction): Promise<boolean> {
    const erasure = await DataErasure.findOne({ where: { companyId }, attributes: ['erasedAt'], transaction });
    return Boolean(erasure?.erasedAt);
  }

  /**
   * The company's cycle of the month, recorded pending with these seats and amount unless one is
   * already (unique per company and month: a run that meets another's keeps the first).
   */
  async openCycle(
    cycle: { companyId: number; billingDate: string; seatCount: number; amountDue: number },
    transaction: Transaction,
  ): Promise<BillingCycle> {
    await BillingCycle.bulkCreate([{ ...cycle, status: 'pending' }], { ignoreDuplicates: true, transaction });
    return this.cycleOf(cycle.companyId, cycle.billingDate, transaction);
  }

  cycleOf(companyId: number, billingDate: string, transaction: Transaction): Promise<BillingCycle> {
    return BillingCycle.findOne({ where: { companyId, billingDate }, transaction, rejectOnEmpty: true });
  }

  /** Companies with a running subscription: each is billed for the month. */
  companiesToBill(): Promise<number[]> {
    return this.companiesWhere(`has_subscription AND status IN ('active', 'cancel_at_period_end')`);
  }

  /**
   * Companies with a provider account whose subscription runs, or whose checkout started since
   * `since` (a payment whose return never reached us is picked up this way).
   */
  companiesToSync(since: Date): Promise<number[]> {
    return this.companiesWhere(
      `has_customer
         AND (status IN ('active', 'cancel_at_period_end') OR (status = 'incomplete' AND updated_at > :since))`,
      { since },
    );
  }

  /** Companies with a checkout started since `since`, neither finished nor closed. */
  async companiesWithUnfinishedCheckouts(since: Date): Promise<number[]> {
    const rows = await this.sequelize.query<{ company_id: number }>(
      'SELECT company_id FROM teamfolk_unfinished_checkouts(:since)',
      { replacements: { since }, type: QueryTypes.SELECT },
    );
    return rows.map((row) => row.company_id);
  }

  private async companiesWhere(condition: string, replacements: Record<string, unknown> = {}): Promise<number[]> {
    const rows = await this.sequelize.query<{ company_id: number }>(
      `SELECT company_id FROM teamfolk_subscription_overview() WHERE ${condition} ORDER BY company_id`,
      { replacements, type: QueryTypes.SELECT },
    );
    return rows.map((row) => row.company_id);
  }
}
