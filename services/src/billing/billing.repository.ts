/**
 * The only code of the billing domain that touches the database, besides the shared writers of
 * provider state it calls in its transactions (lockSubscription, applyProviderSubscription,
 * recordInvoice), the seat count (countSeats) and the outbox and audit writers. One choice: Sequelize
 * models, the ones shared/src/billing writes too. Two statements are raw SQL, as no model says them:
 * claiming a webhook event once (INSERT … ON CONFLICT DO NOTHING RETURNING), and the sync throttle,
 * timed by the database's clock.
 */
import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  BillingCheckout,
  BillingCycle,
  Company,
  companyOf,
  Employee,
  StripeEvent,
  Subscription,
  User,
  type CheckoutMode,
  type CompanyKey,
  type ProviderEvent,
} from '@teamfolk/shared';

export type CheckoutChanges = Partial<
  Pick<BillingCheckout, 'confirmedAt' | 'completedAt' | 'employeeId' | 'paymentMethodId' | 'warning'>
>;

export interface NewCheckout {
  sessionId: string;
  companyId: number;
  mode: CheckoutMode;
  /** The employee a subscription checkout pays for, created once it is paid. */
  pendingEmployee?: Record<string, unknown> | null;
  createdBy: number;
}

export class BillingRepository {
  constructor(private readonly sequelize: Sequelize) {}

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  subscription(companyId: number, transaction?: Transaction): Promise<Subscription | null> {
    return Subscription.findOne({ where: { companyId }, transaction });
  }

  async updateSubscription(
    subscription: Subscription,
    changes: Partial<Pick<Subscription, 'providerCustomerId' | 'defaultPaymentMethodId'>>,
    transaction: Transaction,
  ): Promise<void> {
    await subscription.update(changes, { transaction });
  }

  /** Forgets the company's default card if it is this one (the provider detached it); false when it was not. */
  async forgetDefaultPaymentMethod(companyId: number, paymentMethodId: string, transaction: Transaction) {
    const [count] = await Subscription.update(
      { defaultPaymentMethodId: null },
      { where: { companyId, defaultPaymentMethodId: paymentMethodId }, transaction },
    );
    return count > 0;
  }

  /**
   * Marks the company's subscription as asked to sync, unless it was less than `throttleSeconds` ago
   * or the company has no customer at the provider; false when it was not marked.
   */
  async markSyncRequested(companyId: number, throttleSeconds: number, transaction: Transaction): Promise<boolean> {
    const rows = await this.sequelize.query(
      `UPDATE subscriptions SET sync_requested_at = now()
        WHERE company_id = :companyId AND provider_customer_id IS NOT NULL
          AND (sync_requested_at IS NULL OR sync_requested_at < now() - make_interval(secs => :throttle))
        RETURNING id`,
      { replacements: { companyId, throttle: throttleSeconds }, type: QueryTypes.SELECT, transaction },
    );
    return rows.length > 0;
  }

  /** The company's billing cycles, newest first. */
  cycles(companyId: number): Promise<BillingCycle[]> {
    return BillingCycle.findAll({
      where: { companyId },
      order: [
        ['billingDate', 'DESC'],
        ['id', 'DESC'],
      ],
    });
  }

  /** What the provider's customer of the company is named after: the company, and the admin's address. */
  async customerDetails(companyId: number, userId: number): Promise<{ name: string; email: string }> {
    // One after the other: a request takes one pooled connection at a time.
    const company = await Company.findByPk(companyId, { rejectOnEmpty: true });
    const admin = await User.findByPk(userId, { rejectOnEmpty: true });
    return { name: company.name, email: admin.email };
  }

  /** An active admin of the company: this one (`userId`) when still active, otherwise the first; null for none. */
  async activeAdmin(companyId: number, userId: number | null, transaction: Transaction): Promise<User | null> {
    const where = { companyId, role: 'admin' as const, disabledAt: null };
    if (userId) {
      const admin = await User.findOne({ where: { ...where, id: userId }, transaction });
      if (admin) return admin;
    }
    return User.findOne({ where, order: [['id', 'ASC']], transaction });
  }

  /** An employee of the company not removed. */
  currentEmployee(companyId: number, id: number, transaction: Transaction): Promise<Employee | null> {
    return Employee.findOne({ where: { id, companyId, deletedAt: null }, transaction });
  }

  recordCheckout(checkout: NewCheckout, transaction?: Transaction): Promise<BillingCheckout> {
    return BillingCheckout.create(checkout, { transaction });
  }

  checkout(companyId: number, sessionId: string): Promise<BillingCheckout | null> {
    return BillingCheckout.findOne({ where: { sessionId, companyId } });
  }

  /** The company's checkout, locked until the transaction ends. */
  lockCheckout(companyId: number, sessionId: string, transaction: Transaction): Promise<BillingCheckout> {
    return BillingCheckout.findOne({
      where: { sessionId, companyId },
      transaction,
      lock: transaction.LOCK.UPDATE,
      rejectOnEmpty: true,
    });
  }

  /** A checkout of any company, by the provider's session id, locked until the transaction ends; null for none. */
  lockCheckoutOfSession(sessionId: string, transaction: Transaction): Promise<BillingCheckout | null> {
    return BillingCheckout.findByPk(sessionId, { transaction, lock: transaction.LOCK.UPDATE });
  }

  async updateCheckout(checkout: BillingCheckout, changes: CheckoutChanges, transaction: Transaction): Promise<void> {
    await checkout.update(changes, { transaction });
  }

  /** Records the checkout as paid at `at`, unless it already is. */
  async markPaid(sessionId: string, at: Date): Promise<void> {
    await BillingCheckout.update({ paidAt: at }, { where: { sessionId, paidAt: null } });
  }

  /** Records the checkout as closed unpaid at `at`, unless it was paid or completed meanwhile. */
  async markClosed(sessionId: string, at: Date): Promise<void> {
    await BillingCheckout.update({ closedAt: at }, { where: { sessionId, paidAt: null, completedAt: null } });
  }

  /** The newest subscription checkout that was paid (or completed) and that no payment-success has reported. */
  unreportedCheckout(companyId: number): Promise<BillingCheckout | null> {
    return BillingCheckout.findOne({
      where: {
        companyId,
        mode: 'subscription',
        confirmedAt: null,
        [Op.or]: [{ paidAt: { [Op.ne]: null } }, { completedAt: { [Op.ne]: null } }],
      },
      order: [['createdAt', 'DESC']],
    });
  }

  /** The company's subscription checkouts started after `since`, neither completed nor closed. */
  openSubscriptionCheckouts(companyId: number, since: Date, transaction?: Transaction): Promise<BillingCheckout[]> {
    return BillingCheckout.findAll({
      where: { companyId, mode: 'subscription', completedAt: null, closedAt: null, createdAt: { [Op.gt]: since } },
      transaction,
    });
  }

  /** The company's checkouts of either mode started after `since`, neither completed nor closed, oldest first. */
  unfinishedCheckouts(companyId: number, since: Date): Promise<BillingCheckout[]> {
    return BillingCheckout.findAll({
      where: { companyId, completedAt: null, closedAt: null, createdAt: { [Op.gt]: since } },
      order: [['createdAt', 'ASC']],
    });
  }

  /** Whether the provider's event has been applied (or is being applied) already. */
  async eventSeen(eventId: string): Promise<boolean> {
    return (await StripeEvent.findByPk(eventId)) !== null;
  }

  /** Claims the event for this transaction; false when another has claimed it (it is a duplicate). */
  async claimEvent(event: ProviderEvent, transaction: Transaction): Promise<boolean> {
    const claimed = await this.sequelize.query(
      `INSERT INTO stripe_events (id, type, provider_created_at) VALUES (:id, :type, :created)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      {
        replacements: { id: event.id, type: event.type, created: event.created },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    return claimed.length > 0;
  }

  async recordEventOutcome(
    eventId: string,
    companyId: number | null,
    outcome: string,
    transaction: Transaction,
  ): Promise<void> {
    await StripeEvent.update({ companyId, outcome }, { where: { id: eventId }, transaction });
  }

  /** The company a provider's id (or a company id it carries) belongs to; null for none. */
  companyOf(key: CompanyKey, value: string | number): Promise<number | null> {
    return companyOf(this.sequelize, key, value);
  }
}
