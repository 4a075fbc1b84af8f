import type { Sequelize, Transaction } from 'sequelize';
import Stripe from 'stripe';
import type { z } from 'zod';
import {
  applyProviderSubscription,
  billingTexts,
  billingUrls,
  employeeInputSchema,
  employeeTexts,
  lockSubscription,
  monthlyAmount,
  PaymentsRequestError,
  recordAudit,
  recordInvoice,
  SEAT_PRICE_CENTS,
  subscriptionSummaryOf,
  writeOutbox,
  type BillingActionReply,
  type BillingCheckout,
  type BillingHistoryReply,
  type BillingInfo,
  type CheckoutSessionReply,
  type createCheckoutSessionSchema,
  type PaymentMethodsReply,
  type PaymentsProvider,
  type PaymentSuccessReply,
  type ProviderCheckoutSession,
  type ProviderInvoice,
  type ProviderSubscription,
  type SetupIntentReply,
  type Subscription,
  type SyncSubscriptionReply,
  UNFINISHED_CHECKOUT_WINDOW_HOURS,
  type UnreportedCheckout,
} from '@teamfolk/shared';
import { employeeRecordOf } from '../employees/employee-record';
import { countSeats } from '../employees/employees.repository';
import { requestSeatUpdate, type EmployeesService } from '../employees/employees.service';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { BillingRepository } from './billing.repository';

type CheckoutInput = z.output<typeof createCheckoutSessionSchema>;

/** What finishing the company's unfinished checkouts did. */
export interface FinishedCheckouts {
  finished: number;
  /** Still open at the provider: not paid (yet). */
  unpaid: number;
}

/** What a completed checkout needs from the provider, settled there before the transaction that applies it. */
export interface PreparedCheckout {
  session: ProviderCheckoutSession;
  subscription: ProviderSubscription | null;
  invoice: ProviderInvoice | null;
  observedAt: Date;
  /** A saved card made the customer's default at the provider, to be recorded as the company's too. */
  adoptedPaymentMethodId: string | null;
}

const SYNC_THROTTLE_SECONDS = 30;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Runs a payments provider call; a refusal the user can act on becomes its HTTP answer, an outage
 * 502 with a message (never a stack trace).
 */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentsRequestError) {
      const status = { 'not-found': 404, 'card-declined': 402, 'invalid-card': 400, 'invalid-request': 409 }[
        error.code
      ];
      throw new HttpError(status, error.message);
    }
    if (error instanceof Stripe.errors.StripeError) {
      if (error.type === 'StripeCardError') throw new HttpError(402, error.message);
      if (error.statusCode === 404) throw new HttpError(404, billingTexts.sessionNotFound);
      throw new HttpError(502, billingTexts.providerUnavailable);
    }
    throw error;
  }
}

/**
 * The company's subscription, cards, checkouts and billing history. The provider is called outside
 * or before the transaction that records its answer; the answer is taken in by the same code the
 * webhooks and the workers use, so a state can never move backwards whichever arrives first.
 */
export class BillingService {
  private readonly urls: ReturnType<typeof billingUrls>;
  private readonly repository: BillingRepository;

  constructor(
    sequelize: Sequelize,
    readonly payments: PaymentsProvider,
    private readonly employees: EmployeesService,
    private readonly appUrl: string,
  ) {
    this.urls = billingUrls(appUrl);
    this.repository = new BillingRepository(sequelize);
  }

  async info(auth: AuthContext): Promise<BillingInfo> {
    // One after the other: a request takes one pooled connection at a time.
    const seatCount = await countSeats(auth.companyId);
    const subscription = await this.repository.subscription(auth.companyId);
    return {
      seatCount,
      pricePerSeat: SEAT_PRICE_CENTS,
      monthlyAmount: monthlyAmount(seatCount),
      subscription: subscriptionSummaryOf(subscription),
      hasPaymentMethod: Boolean(subscription?.defaultPaymentMethodId),
      unreportedCheckout: await this.unreportedCheckout(auth.companyId),
    };
  }

  /** The newest paid subscription checkout no payment-success has reported yet. */
  private async unreportedCheckout(companyId: number): Promise<UnreportedCheckout | null> {
    const checkout = await this.repository.unreportedCheckout(companyId);
    if (!checkout) return null;
    const name = checkout.pendingEmployee?.name;
    return {
      sessionId: checkout.sessionId,
      state: checkout.completedAt ? 'finished' : 'finishing',
      employeeName: typeof name === 'string' ? name : null,
    };
  }

  async history(auth: AuthContext): Promise<BillingHistoryReply> {
    const cycles = await this.repository.cycles(auth.companyId);
    return {
      billingCycles: cycles.map((cycle) => ({
        id: cycle.id,
        billing_date: cycle.billingDate,
        seat_count: cycle.seatCount,
        amount_due: cycle.amountDue,
        status: cycle.status,
        paid_at: cycle.paidAt ? cycle.paidAt.toISOString() : null,
      })),
    };
  }

  async paymentMethods(auth: AuthContext): Promise<PaymentMethodsReply> {
    const subscription = await this.repository.subscription(auth.companyId);
    if (!subscription?.providerCustomerId) {
      return { paymentMethods: [], currentPaymentMethod: subscription?.defaultPaymentMethodId ?? null };
    }
    const methods = await callProvider(() => this.payments.listPaymentMethods(subscription.providerCustomerId!));
    return {
      paymentMethods: methods.map(({ id, created, card }) => ({ id, created, card })),
      currentPaymentMethod: subscription.defaultPaymentMethodId,
    };
  }

  /**
   * Starts a hosted checkout for a new subscription, billed for the current employees plus the pending
   * one. The pending employee is kept here and created only once the payment is confirmed. The provider
   * is called between short transactions, never inside one.
   */
  async createCheckoutSession(auth: AuthContext, input: CheckoutInput): Promise<CheckoutSessionReply> {
    const pending = input.pendingEmployeeData;
    const seats = await this.repository.transaction(async (transaction) => {
      const subscription = await this.repository.subscription(auth.companyId, transaction);
      this.assertNoRunningSubscription(subscription);
      const count = await countSeats(auth.companyId, transaction);
      if (!pending && count === 0) throw new HttpError(400, billingTexts.addEmployeesFirst);
      if (pending) {
        await this.employees.assertEmailFree(
          auth.companyId,
          pending.email,
          null,
          transaction,
          'pendingEmployeeData.email',
        );
      }
      return count;
    });

    const customerId = await this.ensureCustomer(auth);
    await this.expireCheckouts(await this.openCheckouts(auth.companyId));
    const quantity = seats + (pending ? 1 : 0);
    const session = await callProvider(() =>
      this.payments.createCheckoutSession({
        companyId: auth.companyId,
        customerId,
        mode: 'subscription',
        quantity,
        successUrl: this.urls.checkoutSuccess,
        cancelUrl: this.urls.checkoutCancel,
      }),
    );
    const recorded = await this.repository.transaction(async (transaction) => {
      // Under the subscription's lock: a checkout that completed meanwhile wins, and of two checkouts
      // started at once the later one sees the earlier and closes it.
      const subscription = await lockSubscription(transaction, auth.companyId);
      const refusal = this.runningSubscriptionRefusal(subscription);
      if (refusal) return { refusal, superseded: [] };
      const superseded = await this.openCheckouts(auth.companyId, transaction);
      await this.repository.recordCheckout(
        {
          sessionId: session.id,
          companyId: auth.companyId,
          mode: 'subscription',
          pendingEmployee: pending ? (JSON.parse(JSON.stringify(pending)) as Record<string, unknown>) : null,
          createdBy: auth.userId,
        },
        transaction,
      );
      await recordAudit(transaction, auth, {
        action: 'billing.checkout_started',
        entity: 'checkout',
        entityId: session.id,
        after: { quantity, withPendingEmployee: Boolean(pending) },
      });
      return { refusal: null, superseded };
    });
    if (recorded.refusal) {
      await callProvider(() => this.payments.expireCheckoutSession(session.id));
      throw new HttpError(409, recorded.refusal);
    }
    await this.expireCheckouts(recorded.superseded);
    return { sessionId: session.id, url: session.url };
  }

  /**
   * The browser is back from the hosted checkout: the session is verified with the provider, the
   * subscription activated and the pending employee created, all once (a webhook, the sync or the sweep
   * may have done it first). employeeCreated is answered true once per checkout: to the call that
   * created the employee, or, when another path did, to the first call after it.
   */
  async paymentSuccess(auth: AuthContext, sessionId: string, requestId: string): Promise<PaymentSuccessReply> {
    const checkout = await this.repository.checkout(auth.companyId, sessionId);
    if (!checkout) throw new HttpError(404, billingTexts.sessionNotFound);
    if (checkout.completedAt) {
      return this.repository.transaction((transaction) => this.confirm(transaction, auth, sessionId));
    }
    const prepared = await this.prepareCheckout(sessionId);
    if (!prepared || prepared.session.companyId !== auth.companyId) {
      throw new HttpError(404, billingTexts.sessionNotFound);
    }
    return this.repository.transaction(async (transaction) => {
      const outcome = await this.applyCheckout(transaction, prepared, { requestId, actorUserId: auth.userId });
      if (outcome === 'unknown-checkout') throw new HttpError(404, billingTexts.sessionNotFound);
      return this.confirm(transaction, auth, sessionId);
    });
  }

  /** Reports a completed checkout: the first report tells what it did, later ones that it was done. */
  private async confirm(transaction: Transaction, auth: AuthContext, sessionId: string): Promise<PaymentSuccessReply> {
    const checkout = await this.repository.lockCheckout(auth.companyId, sessionId, transaction);
    const subscription = subscriptionSummaryOf(await this.repository.subscription(auth.companyId, transaction));
    if (checkout.confirmedAt) {
      return {
        success: true as const,
        employeeCreated: false,
        alreadyProcessed: true as const,
        subscription,
        message: billingTexts.paymentAlreadyProcessed,
      };
    }
    await this.repository.updateCheckout(checkout, { confirmedAt: new Date() }, transaction);
    const created = checkout.employeeId
      ? await this.repository.currentEmployee(auth.companyId, checkout.employeeId, transaction)
      : null;
    const employee = created ? employeeRecordOf(created) : undefined;
    const message = employee
      ? employeeTexts.added
      : checkout.mode === 'setup'
        ? billingTexts.paymentMethodAdded
        : billingTexts.subscriptionActivated;
    return {
      success: true as const,
      employeeCreated: Boolean(employee),
      ...(employee ? { employee } : {}),
      ...(checkout.paymentMethodId ? { paymentMethodId: checkout.paymentMethodId } : {}),
      ...(checkout.warning ? { warning: checkout.warning } : {}),
      subscription,
      message,
    };
  }

  /**
   * What a completed checkout needs from the provider, asked before the transaction that records it:
   * the session (refused unless paid), its subscription and first invoice; for a saved card, the card
   * is made the customer's default there first when the company has none. Null for an unknown session.
   */
  async prepareCheckout(sessionId: string): Promise<PreparedCheckout | null> {
    const observedAt = new Date();
    const session = await callProvider(() => this.payments.retrieveCheckoutSession(sessionId));
    if (!session) return null;
    const paid = session.mode === 'setup' || session.paymentStatus !== 'unpaid';
    if (session.status !== 'complete' || !paid) {
      if (session.status === 'expired') await this.repository.markClosed(sessionId, new Date());
      throw new HttpError(402, billingTexts.paymentNotCompleted, { requiresPayment: true });
    }
    // Known paid from here on: the screens say the payment is being finished until it is.
    await this.repository.markPaid(sessionId, observedAt);
    const subscription = session.subscriptionId
      ? await callProvider(() => this.payments.retrieveSubscription(session.subscriptionId!))
      : null;
    const invoice = subscription?.latestInvoiceId
      ? await callProvider(() => this.payments.retrieveInvoice(subscription.latestInvoiceId!))
      : null;
    const adoptedPaymentMethodId = await this.adoptCardAtProvider(session);
    return { session, subscription, invoice, observedAt, adoptedPaymentMethodId };
  }

  /**
   * Applies a completed checkout once, in the caller's transaction and without calling the provider:
   * the subscription's state and first invoice, then the pending employee through the employees
   * service (seat gate, invitation e-mail and all) in a savepoint — if the employee can no longer be
   * created the payment still counts and the reply warns.
   */
  async applyCheckout(
    transaction: Transaction,
    { session, subscription, invoice, observedAt, adoptedPaymentMethodId }: PreparedCheckout,
    { requestId, actorUserId }: { requestId?: string; actorUserId?: number | null },
  ): Promise<'applied' | 'already-applied' | 'unknown-checkout'> {
    const checkout = await this.repository.lockCheckoutOfSession(session.id, transaction);
    if (!checkout || session.companyId !== checkout.companyId) return 'unknown-checkout';
    if (checkout.completedAt) return 'already-applied';
    const companyId = checkout.companyId;
    const row = await lockSubscription(transaction, companyId);
    if (session.customerId && row.providerCustomerId && session.customerId !== row.providerCustomerId) {
      return 'unknown-checkout';
    }

    if (checkout.mode === 'subscription' && subscription) {
      await applyProviderSubscription(transaction, {
        companyId,
        state: subscription,
        observedAt,
        appUrl: this.appUrl,
        actorUserId,
        requestId,
      });
      if (invoice) await recordInvoice(transaction, { companyId, invoice, appUrl: this.appUrl, requestId });
      if (checkout.pendingEmployee) await this.createPendingEmployee(transaction, checkout, requestId);
    }
    if (checkout.mode === 'setup' && session.paymentMethodId) {
      await this.repository.updateCheckout(checkout, { paymentMethodId: session.paymentMethodId }, transaction);
      if (adoptedPaymentMethodId && !row.defaultPaymentMethodId) {
        await this.repository.updateSubscription(row, { defaultPaymentMethodId: adoptedPaymentMethodId }, transaction);
      }
    }
    await this.repository.updateCheckout(checkout, { completedAt: new Date() }, transaction);
    return 'applied';
  }

  /**
   * Finishes the company's checkouts that may have been paid without the API hearing of it (a lost
   * return page and an undelivered webhook): each is asked of the provider and, if paid, applied as
   * the webhook would apply it. Unpaid ones stay open, expired ones are closed. For the admin's sync
   * and the workers' sweep.
   */
  async finishCheckouts(companyId: number, requestId?: string): Promise<FinishedCheckouts> {
    const unfinished = await this.repository.unfinishedCheckouts(
      companyId,
      new Date(Date.now() - UNFINISHED_CHECKOUT_WINDOW_HOURS * 3600 * 1000),
    );
    const result: FinishedCheckouts = { finished: 0, unpaid: 0 };
    for (const { sessionId } of unfinished) {
      const outcome = await this.finishCheckout(sessionId, requestId);
      if (outcome === 'applied') result.finished += 1;
      if (outcome === 'unpaid') result.unpaid += 1;
    }
    return result;
  }

  private async finishCheckout(sessionId: string, requestId?: string) {
    let prepared: PreparedCheckout | null;
    try {
      prepared = await this.prepareCheckout(sessionId);
    } catch (error) {
      if (error instanceof HttpError && error.status === 402) return 'unpaid' as const;
      throw error;
    }
    if (!prepared) return 'unknown-checkout' as const;
    return this.repository.transaction((transaction) =>
      this.applyCheckout(transaction, prepared, { requestId, actorUserId: null }),
    );
  }

  async createSetupIntent(auth: AuthContext, { hosted = false }: { hosted?: boolean }): Promise<SetupIntentReply> {
    const customerId = await this.ensureCustomer(auth);
    if (hosted && this.payments.mode === 'stripe') {
      const session = await callProvider(() =>
        this.payments.createCheckoutSession({
          companyId: auth.companyId,
          customerId,
          mode: 'setup',
          successUrl: this.urls.setupSuccess,
          cancelUrl: this.urls.setupCancel,
        }),
      );
      await this.recordSetupCheckout(auth, session.id);
      return { clientSecret: null, url: session.url, sessionId: session.id };
    }
    const intent = await callProvider(() => this.payments.createSetupIntent({ companyId: auth.companyId, customerId }));
    if (intent.sessionId) await this.recordSetupCheckout(auth, intent.sessionId);
    return { clientSecret: intent.clientSecret, url: intent.url, sessionId: intent.sessionId };
  }

  async updatePaymentMethod(auth: AuthContext, paymentMethodId: string): Promise<BillingActionReply> {
    const subscription = await this.repository.subscription(auth.companyId);
    const customerId = subscription?.providerCustomerId;
    if (!customerId) throw new HttpError(404, billingTexts.paymentMethodNotFound);
    const method = await callProvider(() => this.payments.retrievePaymentMethod(paymentMethodId));
    if (!method || method.customerId !== customerId) throw new HttpError(404, billingTexts.paymentMethodNotFound);
    const liveSubscription =
      subscription.providerSubscriptionId && subscription.status !== 'canceled'
        ? subscription.providerSubscriptionId
        : null;
    await callProvider(() => this.payments.setDefaultPaymentMethod(customerId, paymentMethodId, liveSubscription));
    return this.repository.transaction(async (transaction) => {
      const row = await lockSubscription(transaction, auth.companyId);
      const before = { defaultPaymentMethodId: row.defaultPaymentMethodId };
      await this.repository.updateSubscription(row, { defaultPaymentMethodId: paymentMethodId }, transaction);
      await recordAudit(transaction, auth, {
        action: 'billing.default_payment_method_changed',
        entity: 'subscription',
        entityId: row.id,
        before,
        after: { defaultPaymentMethodId: paymentMethodId },
      });
      return {
        success: true as const,
        message: billingTexts.defaultPaymentMethodUpdated,
        subscription: subscriptionSummaryOf(row),
      };
    });
  }

  async removePaymentMethod(auth: AuthContext, paymentMethodId: string): Promise<BillingActionReply> {
    const subscription = await this.repository.subscription(auth.companyId);
    const customerId = subscription?.providerCustomerId;
    if (!customerId) throw new HttpError(404, billingTexts.paymentMethodNotFound);
    const methods = await callProvider(() => this.payments.listPaymentMethods(customerId));
    if (!methods.some((method) => method.id === paymentMethodId)) {
      throw new HttpError(404, billingTexts.paymentMethodNotFound);
    }
    if (subscription.defaultPaymentMethodId === paymentMethodId) {
      throw new HttpError(409, billingTexts.cannotRemoveDefault);
    }
    if (methods.length <= 1) throw new HttpError(409, billingTexts.cannotRemoveLast);
    await callProvider(() => this.payments.detachPaymentMethod(paymentMethodId));
    await this.repository.transaction((transaction) =>
      recordAudit(transaction, auth, {
        action: 'billing.payment_method_removed',
        entity: 'payment_method',
        entityId: paymentMethodId,
      }),
    );
    return {
      success: true as const,
      message: billingTexts.paymentMethodRemoved,
      subscription: subscriptionSummaryOf(subscription),
    };
  }

  /** Cancels at the end of the paid period: access stays until then, nothing more is charged. */
  async cancelAtPeriodEnd(auth: AuthContext, requestId: string): Promise<BillingActionReply> {
    const subscription = await this.runningSubscription(auth);
    if (subscription.status === 'cancel_at_period_end') {
      return this.actionReply(subscription, billingTexts.canceledAtPeriodEnd);
    }
    return this.changeSubscription(
      auth,
      requestId,
      (id) => this.payments.cancelSubscriptionAtPeriodEnd(id),
      billingTexts.canceledAtPeriodEnd,
    );
  }

  /** Ends the subscription now, without refund: access closes at once. */
  async cancelNow(auth: AuthContext, requestId: string): Promise<BillingActionReply> {
    await this.runningSubscription(auth);
    return this.changeSubscription(
      auth,
      requestId,
      (id) => this.payments.cancelSubscriptionNow(id),
      billingTexts.canceledImmediately,
    );
  }

  /** Undoes a cancellation at period end while the period still runs. */
  async reactivate(auth: AuthContext, requestId: string): Promise<BillingActionReply> {
    const subscription = await this.runningSubscription(auth, billingTexts.subscriptionEndedStartNew);
    if (subscription.status === 'active') return this.actionReply(subscription, billingTexts.reactivated);
    if (subscription.currentPeriodEnd && subscription.currentPeriodEnd.getTime() <= Date.now()) {
      throw new HttpError(409, billingTexts.subscriptionEndedStartNew);
    }
    return this.changeSubscription(
      auth,
      requestId,
      (id) => this.payments.reactivateSubscription(id),
      billingTexts.reactivated,
    );
  }

  /**
   * After sign-in: finishes a checkout paid while the API heard nothing of it (its return page lost),
   * and asks the workers to pull the subscription from the provider. At most once per 30 s.
   */
  async requestSync(auth: AuthContext, requestId: string): Promise<SyncSubscriptionReply> {
    const reply = await this.queueSync(auth, requestId);
    if (reply.queued) await this.finishCheckouts(auth.companyId, requestId);
    return reply;
  }

  private async queueSync(auth: AuthContext, requestId: string): Promise<SyncSubscriptionReply> {
    return this.repository.transaction(async (transaction) => {
      const queued = await this.repository.markSyncRequested(auth.companyId, SYNC_THROTTLE_SECONDS, transaction);
      if (queued) {
        await writeOutbox(transaction, {
          companyId: auth.companyId,
          job: 'sync-subscription',
          payload: { companyId: auth.companyId },
          requestId,
        });
      }
      return { success: true as const, queued };
    });
  }

  private async runningSubscription(auth: AuthContext, canceledMessage: string = billingTexts.alreadyCanceled) {
    const subscription = await this.repository.subscription(auth.companyId);
    if (!subscription?.providerSubscriptionId || subscription.status === 'incomplete') {
      throw new HttpError(409, billingTexts.noSubscription);
    }
    if (subscription.status === 'canceled') throw new HttpError(409, canceledMessage);
    return subscription;
  }

  private async changeSubscription(
    auth: AuthContext,
    requestId: string,
    change: (providerSubscriptionId: string) => Promise<ProviderSubscription>,
    message: string,
  ): Promise<BillingActionReply> {
    const current = await this.runningSubscription(auth);
    const observedAt = new Date();
    const state = await callProvider(() => change(current.providerSubscriptionId!));
    return this.repository.transaction(async (transaction) => {
      const result = await applyProviderSubscription(transaction, {
        companyId: auth.companyId,
        state,
        observedAt,
        appUrl: this.appUrl,
        actorUserId: auth.userId,
        requestId,
      });
      return this.actionReply(result.subscription, message);
    });
  }

  private actionReply(subscription: Subscription, message: string): BillingActionReply {
    return { success: true as const, message, subscription: subscriptionSummaryOf(subscription) };
  }

  private assertNoRunningSubscription(subscription: Subscription | null): void {
    const refusal = subscription && this.runningSubscriptionRefusal(subscription);
    if (refusal) throw new HttpError(409, refusal);
  }

  /** Why a new subscription cannot start while this one runs, or null when it can. */
  private runningSubscriptionRefusal(subscription: Subscription): string | null {
    if (subscription.status === 'cancel_at_period_end') return billingTexts.reactivateInstead;
    if (subscription.status === 'active') return billingTexts.alreadySubscribed;
    return null;
  }

  /**
   * The company's customer at the provider, created on first use. The provider is asked outside any
   * transaction; of two requests creating one at once, the first stored wins and both use it.
   */
  private async ensureCustomer(auth: AuthContext): Promise<string> {
    const existing = await this.repository.subscription(auth.companyId);
    if (existing?.providerCustomerId) return existing.providerCustomerId;
    const { name, email } = await this.repository.customerDetails(auth.companyId, auth.userId);
    const created = await callProvider(() => this.payments.createCustomer({ companyId: auth.companyId, email, name }));
    return this.repository.transaction(async (transaction) => {
      const subscription = await lockSubscription(transaction, auth.companyId);
      if (subscription.providerCustomerId) return subscription.providerCustomerId;
      await this.repository.updateSubscription(subscription, { providerCustomerId: created }, transaction);
      return created;
    });
  }

  /**
   * The company's subscription checkouts that may still be paid: one payable checkout per company, so
   * an older session (another tab, an earlier attempt) is closed when a new one opens and the company
   * can never pay for two subscriptions. Sessions expire by themselves after a day at the latest.
   */
  private openCheckouts(companyId: number, transaction?: Transaction): Promise<BillingCheckout[]> {
    return this.repository.openSubscriptionCheckouts(companyId, new Date(Date.now() - DAY_MS), transaction);
  }

  /** Closes sessions at the provider; one paid meanwhile stays open here, to be finished as any other. */
  private async expireCheckouts(checkouts: BillingCheckout[]): Promise<void> {
    for (const checkout of checkouts) {
      const closed = await callProvider(() => this.payments.expireCheckoutSession(checkout.sessionId));
      if (closed) await this.repository.markClosed(checkout.sessionId, new Date());
    }
  }

  private async recordSetupCheckout(auth: AuthContext, sessionId: string) {
    await this.repository.recordCheckout({
      sessionId,
      companyId: auth.companyId,
      mode: 'setup',
      createdBy: auth.userId,
    });
  }

  /**
   * A card saved through a hosted page becomes the default when the company has none: at the provider
   * here, before the transaction that records it. Only a card of the company's own customer.
   */
  private async adoptCardAtProvider(session: ProviderCheckoutSession): Promise<string | null> {
    if (session.mode !== 'setup' || !session.paymentMethodId || !session.companyId) return null;
    const row = await this.repository.subscription(session.companyId);
    if (!row?.providerCustomerId || row.defaultPaymentMethodId || row.providerCustomerId !== session.customerId) {
      return null;
    }
    const live = row.providerSubscriptionId && row.status !== 'canceled' ? row.providerSubscriptionId : null;
    await callProvider(() =>
      this.payments.setDefaultPaymentMethod(row.providerCustomerId!, session.paymentMethodId!, live),
    );
    return session.paymentMethodId;
  }

  /**
   * The employee the first payment was for. When they cannot be created after all (their address
   * taken meanwhile), the checkout says so and the seat count is brought back to the people there
   * are: the subscription was started for one more.
   */
  private async createPendingEmployee(transaction: Transaction, checkout: BillingCheckout, requestId?: string) {
    const input = employeeInputSchema.safeParse(checkout.pendingEmployee);
    // The admin who started the checkout, or another active admin of the company if they are gone.
    const creator = await this.repository.activeAdmin(checkout.companyId, checkout.createdBy, transaction);
    const notCreated = async (warning: string) => {
      await this.repository.updateCheckout(checkout, { warning }, transaction);
      await requestSeatUpdate(transaction, checkout.companyId, requestId);
    };
    if (!input.success || !creator) {
      await notCreated(billingTexts.pendingEmployeeNotCreated);
      return;
    }
    const auth: AuthContext = { userId: creator.id, companyId: checkout.companyId, role: 'admin', emailVerified: true };
    try {
      const created = await this.employees.create(auth, input.data, requestId ?? `checkout-${checkout.sessionId}`, {
        transaction,
      });
      await this.repository.updateCheckout(checkout, { employeeId: created.id }, transaction);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await notCreated(`${billingTexts.pendingEmployeeNotCreated} (${error.message})`);
    }
  }
}
