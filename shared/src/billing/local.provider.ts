import { randomBytes } from 'node:crypto';
import type { Sequelize, Transaction } from 'sequelize';
import { billingTexts, SEAT_PRICE_CENTS } from '../contracts';
import { LocalPaymentObject, type LocalPaymentObjectType } from '../db/models';
import { billingMonthOf, monthlyAmount, nextMonthStart } from '../rules/billing';
import { checkLocalCard, parseCardExpiry } from './local-cards';
import {
  PaymentsRequestError,
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentsProvider,
  type PaymentsSettings,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPaymentMethod,
  type ProviderSubscription,
  type SetupIntentResult,
} from './payments';
import { billingUrls } from './urls';

interface LocalCustomer {
  email: string;
  name: string;
  defaultPaymentMethod: string | null;
}

interface LocalSession {
  mode: 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  quantity: number;
  successUrl: string;
  cancelUrl: string;
  subscription: string | null;
  setupIntent: string | null;
  paymentMethod: string | null;
  expiresAt: string;
}

interface LocalSetupIntent {
  clientSecret: string;
  status: 'requires_payment_method' | 'succeeded';
  paymentMethod: string | null;
  session: string;
}

interface LocalPaymentMethod {
  created: number;
  card: { last4: string; brand: string; exp_month: number; exp_year: number };
  chargeable: boolean;
  detached: boolean;
}

interface LocalSubscription {
  status: 'active' | 'canceled';
  cancelAtPeriodEnd: boolean;
  quantity: number;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  endedAt: string | null;
  defaultPaymentMethod: string | null;
  latestInvoice: string | null;
}

interface LocalInvoice {
  subscription: string;
  created: string;
  status: 'open' | 'paid';
  amountDue: number;
  quantity: number;
  paidAt: string | null;
  attempted: boolean;
}

type DataOf<T extends LocalPaymentObjectType> = T extends 'customer'
  ? LocalCustomer
  : T extends 'checkout_session'
    ? LocalSession
    : T extends 'setup_intent'
      ? LocalSetupIntent
      : T extends 'payment_method'
        ? LocalPaymentMethod
        : T extends 'subscription'
          ? LocalSubscription
          : LocalInvoice;

const PREFIX: Record<LocalPaymentObjectType, string> = {
  customer: 'cus',
  checkout_session: 'cs',
  setup_intent: 'seti',
  payment_method: 'pm',
  subscription: 'sub',
  invoice: 'in',
};

const newId = (type: LocalPaymentObjectType) => `${PREFIX[type]}_local_${randomBytes(12).toString('hex')}`;

/** What the local checkout page shows. */
export interface LocalCheckoutView {
  id: string;
  mode: 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  quantity: number;
  amount: number;
  cancelUrl: string;
}

/** Receives what a Stripe account would send to its webhook endpoint. */
export type ProviderEventListener = (event: ProviderEvent) => Promise<void>;

export interface LocalPaymentsOptions {
  /** The local provider's clock: its subscriptions renew and end by it (tests move it). */
  now?: () => Date;
}

/**
 * The local payments test mode: customers, checkout sessions, cards, subscriptions and invoices
 * kept in Postgres with Stripe-like ids and behaviour, and a hosted checkout page served by the API
 * (/dev/checkout/:id). Periods follow calendar months (UTC); seat changes take effect on the next
 * invoice. Never used in production.
 */
export class LocalPaymentsProvider implements PaymentsProvider {
  readonly mode = 'local' as const;
  private readonly now: () => Date;
  private readonly listeners: ProviderEventListener[] = [];

  constructor(
    private readonly sequelize: Sequelize,
    private readonly settings: PaymentsSettings,
    options: LocalPaymentsOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Where the events a Stripe account would send its webhook go: a completed checkout raises
   * checkout.session.completed, so the local mode finishes a payment the way Stripe mode does, whatever
   * becomes of the return page. Each completion raises the event again under the same id (a webhook
   * retry); the listener applies an id once.
   */
  onEvent(listener: ProviderEventListener): void {
    this.listeners.push(listener);
  }

  async createCustomer({ companyId, email, name }: { companyId: number; email: string; name: string }) {
    const id = newId('customer');
    await this.insert('customer', companyId, id, { email, name, defaultPaymentMethod: null }, undefined, id);
    return id;
  }

  async redactCustomer(customerId: string, companyId: number): Promise<void> {
    await this.mutate('customer', customerId, (customer) => ({
      ...customer,
      email: '',
      name: `Erased company ${companyId}`,
    }));
  }

  async createCheckoutSession(input: CheckoutRequest): Promise<{ id: string; url: string }> {
    const session = await this.insert('checkout_session', input.companyId, input.customerId, {
      mode: input.mode,
      status: 'open',
      paymentStatus: input.mode === 'subscription' ? 'unpaid' : 'no_payment_required',
      quantity: input.quantity ?? 1,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      subscription: null,
      setupIntent: null,
      paymentMethod: null,
      expiresAt: new Date(this.now().getTime() + 24 * 3600 * 1000).toISOString(),
    });
    return { id: session.id, url: billingUrls(this.settings.appUrl).localCheckout(session.id) };
  }

  async retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null> {
    const loaded = await this.findSession(id);
    if (!loaded) return null;
    const { row, session } = loaded;
    return {
      id: row.id,
      mode: session.mode,
      status: session.status,
      paymentStatus: session.paymentStatus,
      customerId: row.customerId,
      subscriptionId: session.subscription,
      paymentMethodId: session.paymentMethod,
      companyId: row.companyId,
    };
  }

  async expireCheckoutSession(id: string): Promise<boolean> {
    return this.sequelize.transaction(async (transaction) => {
      const row = await this.find('checkout_session', id, transaction);
      const session = row?.data as unknown as LocalSession | undefined;
      if (!row || !session) return true;
      if (session.status === 'open') await this.save(row, { ...session, status: 'expired' }, transaction);
      return session.status !== 'complete';
    });
  }

  /** The page's view of a session, or null for an unknown id. */
  async checkoutView(id: string): Promise<LocalCheckoutView | null> {
    const loaded = await this.findSession(id);
    if (!loaded) return null;
    const { row, session } = loaded;
    return {
      id: row.id,
      mode: session.mode,
      status: session.status,
      quantity: session.quantity,
      amount: session.mode === 'subscription' ? monthlyAmount(session.quantity, SEAT_PRICE_CENTS) : 0,
      cancelUrl: session.cancelUrl,
    };
  }

  /**
   * What the checkout page's form does: checks the card and its expiry, then (subscription mode) saves
   * it, starts the subscription and pays its first invoice, or (setup mode) saves it. Completing twice
   * returns the same redirect. Throws PaymentsRequestError for an unknown or expired session and a
   * refused card. Without an expiry (scripts), the card expires in three years.
   */
  async completeCheckout(id: string, cardNumber: string, expiry?: string): Promise<{ redirectUrl: string }> {
    const completed = await this.saveCompletion(id, cardNumber, expiry);
    const session = await this.retrieveCheckoutSession(id);
    if (session) await this.raise(checkoutCompletedEvent(session, completed.completedAt));
    return { redirectUrl: completed.redirectUrl };
  }

  private async raise(event: ProviderEvent): Promise<void> {
    for (const listener of this.listeners) await listener(event);
  }

  private async saveCompletion(
    id: string,
    cardNumber: string,
    expiry?: string,
  ): Promise<{ redirectUrl: string; completedAt: Date }> {
    return this.sequelize.transaction(async (transaction) => {
      const loaded = await this.findSession(id, transaction);
      const customerId = loaded?.row.customerId;
      if (!loaded || !customerId) throw new PaymentsRequestError(billingTexts.sessionNotFound, 'not-found');
      const { row, session } = loaded;
      const redirectUrl = session.successUrl.replace('{CHECKOUT_SESSION_ID}', row.id);
      if (session.status === 'complete') return { redirectUrl, completedAt: row.updatedAt };
      if (session.status === 'expired') throw new PaymentsRequestError(billingTexts.checkoutExpired, 'invalid-request');

      const card = checkLocalCard(cardNumber);
      if (!card.ok) {
        const code = card.code === 'invalid_number' ? 'invalid-card' : 'card-declined';
        throw new PaymentsRequestError(card.message, code, 'cardNumber');
      }
      const now = this.now();
      const expires = expiry === undefined ? threeYearsFrom(now) : parseCardExpiry(expiry, now);
      if (!expires.ok) throw new PaymentsRequestError(expires.message, 'invalid-card', 'expiry');
      if (session.mode === 'subscription' && !card.chargeable) {
        throw new PaymentsRequestError(billingTexts.cardDeclined, 'card-declined', 'cardNumber');
      }
      const method = await this.insert(
        'payment_method',
        row.companyId,
        customerId,
        {
          created: Math.floor(now.getTime() / 1000),
          card: {
            brand: card.brand,
            last4: card.last4,
            exp_month: expires.month,
            exp_year: expires.year,
          },
          chargeable: card.chargeable,
          detached: false,
        },
        transaction,
      );

      if (session.mode === 'setup') {
        if (session.setupIntent) {
          await this.mutate(
            'setup_intent',
            session.setupIntent,
            (intent) => ({ ...intent, status: 'succeeded', paymentMethod: method.id }),
            transaction,
          );
        }
        await this.save(row, { ...session, status: 'complete', paymentMethod: method.id }, transaction);
        return { redirectUrl, completedAt: row.updatedAt };
      }

      await this.mutate(
        'customer',
        customerId,
        (customer) => ({ ...customer, defaultPaymentMethod: customer.defaultPaymentMethod ?? method.id }),
        transaction,
      );
      const subscriptionId = newId('subscription');
      const invoiceId = invoiceIdOf(subscriptionId, now);
      await this.insert(
        'subscription',
        row.companyId,
        customerId,
        {
          status: 'active',
          cancelAtPeriodEnd: false,
          quantity: session.quantity,
          currentPeriodStart: now.toISOString(),
          currentPeriodEnd: nextMonthStart(now).toISOString(),
          endedAt: null,
          defaultPaymentMethod: method.id,
          latestInvoice: invoiceId,
        },
        transaction,
        subscriptionId,
      );
      await this.insert(
        'invoice',
        row.companyId,
        customerId,
        {
          subscription: subscriptionId,
          created: now.toISOString(),
          status: 'paid',
          amountDue: monthlyAmount(session.quantity, SEAT_PRICE_CENTS),
          quantity: session.quantity,
          paidAt: now.toISOString(),
          attempted: true,
        },
        transaction,
        invoiceId,
      );
      await this.save(
        row,
        {
          ...session,
          status: 'complete',
          paymentStatus: 'paid',
          subscription: subscriptionId,
          paymentMethod: method.id,
        },
        transaction,
      );
      return { redirectUrl, completedAt: row.updatedAt };
    });
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    return this.sequelize.transaction(async (transaction) => {
      const row = await this.find('subscription', id, transaction);
      if (!row) return null;
      const subscription = await this.renew(row, transaction);
      return this.mapSubscription(row, subscription, transaction);
    });
  }

  async findSubscriptionOfCustomer(customerId: string): Promise<ProviderSubscription | null> {
    const newest = await LocalPaymentObject.findOne({
      where: { type: 'subscription', customerId },
      order: [['createdAt', 'DESC']],
    });
    return newest ? this.retrieveSubscription(newest.id) : null;
  }

  async updateSubscriptionQuantity(id: string, quantity: number): Promise<ProviderSubscription> {
    return this.changeSubscription(id, (subscription) => {
      if (subscription.status === 'canceled') {
        throw new PaymentsRequestError('A canceled subscription cannot be updated', 'invalid-request');
      }
      return { ...subscription, quantity };
    });
  }

  async cancelSubscriptionAtPeriodEnd(id: string): Promise<ProviderSubscription> {
    return this.changeSubscription(id, (subscription) => {
      if (subscription.status === 'canceled') {
        throw new PaymentsRequestError('A canceled subscription cannot be updated', 'invalid-request');
      }
      return { ...subscription, cancelAtPeriodEnd: true };
    });
  }

  async cancelSubscriptionNow(id: string): Promise<ProviderSubscription> {
    return this.changeSubscription(id, (subscription) =>
      subscription.status === 'canceled'
        ? subscription
        : { ...subscription, status: 'canceled', endedAt: this.now().toISOString() },
    );
  }

  async reactivateSubscription(id: string): Promise<ProviderSubscription> {
    return this.changeSubscription(id, (subscription) => {
      if (subscription.status === 'canceled') {
        throw new PaymentsRequestError('A canceled subscription cannot be reactivated', 'invalid-request');
      }
      return { ...subscription, cancelAtPeriodEnd: false };
    });
  }

  /** A setup intent with its own hosted card page (a setup-mode checkout session). */
  async createSetupIntent({ companyId, customerId }: { companyId: number; customerId: string }) {
    const urls = billingUrls(this.settings.appUrl);
    const session = await this.createCheckoutSession({
      companyId,
      customerId,
      mode: 'setup',
      successUrl: urls.setupSuccess,
      cancelUrl: urls.setupCancel,
    });
    const intentId = newId('setup_intent');
    const clientSecret = `${intentId}_secret_${randomBytes(12).toString('hex')}`;
    await this.insert(
      'setup_intent',
      companyId,
      customerId,
      { clientSecret, status: 'requires_payment_method', paymentMethod: null, session: session.id },
      undefined,
      intentId,
    );
    await this.mutate('checkout_session', session.id, (data) => ({ ...data, setupIntent: intentId }));
    const result: SetupIntentResult = { id: intentId, clientSecret, url: session.url, sessionId: session.id };
    return result;
  }

  async listPaymentMethods(customerId: string): Promise<ProviderPaymentMethod[]> {
    const rows = await LocalPaymentObject.findAll({
      where: { type: 'payment_method', customerId },
      order: [['createdAt', 'ASC']],
    });
    return rows.map(mapPaymentMethod);
  }

  async retrievePaymentMethod(id: string): Promise<ProviderPaymentMethod | null> {
    const row = await this.find('payment_method', id);
    return row ? mapPaymentMethod(row) : null;
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string, subscriptionId: string | null) {
    await this.sequelize.transaction(async (transaction) => {
      await this.mutate(
        'customer',
        customerId,
        (customer) => ({ ...customer, defaultPaymentMethod: paymentMethodId }),
        transaction,
      );
      if (subscriptionId) {
        await this.mutate(
          'subscription',
          subscriptionId,
          (subscription) => ({ ...subscription, defaultPaymentMethod: paymentMethodId }),
          transaction,
        );
      }
    });
  }

  async detachPaymentMethod(id: string): Promise<void> {
    await this.sequelize.transaction(async (transaction) => {
      const row = await this.find('payment_method', id, transaction);
      if (!row) throw new PaymentsRequestError(billingTexts.paymentMethodNotFound, 'not-found');
      await row.update({ customerId: null, data: { ...row.data, detached: true } }, { transaction });
    });
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice | null> {
    const row = await this.find('invoice', id);
    return row ? mapInvoice(row) : null;
  }

  /** Issues the month's invoice once (its id names the month) and charges the default card. */
  async collectMonthlyInvoice({ subscriptionId, monthStart }: { subscriptionId: string; monthStart: Date }) {
    return this.sequelize.transaction(async (transaction) => {
      const row = await this.find('subscription', subscriptionId, transaction);
      if (!row) return null;
      const subscription = await this.renew(row, transaction);
      const invoiceId = invoiceIdOf(subscriptionId, monthStart);
      const existing = await this.find('invoice', invoiceId, transaction);
      if (existing) return mapInvoice(existing);
      if (subscription.status === 'canceled' && new Date(subscription.endedAt ?? 0) <= monthStart) return null;

      const customer = row.customerId ? await this.find('customer', row.customerId, transaction) : null;
      const methodId =
        subscription.defaultPaymentMethod ??
        (customer?.data as unknown as LocalCustomer | undefined)?.defaultPaymentMethod;
      const method = methodId ? await this.find('payment_method', methodId, transaction) : null;
      const chargeable = Boolean(
        method &&
        !(method.data as unknown as LocalPaymentMethod).detached &&
        (method.data as unknown as LocalPaymentMethod).chargeable,
      );
      const now = this.now();
      const invoice = await this.insert(
        'invoice',
        row.companyId,
        row.customerId,
        {
          subscription: subscriptionId,
          created: now.toISOString(),
          status: chargeable ? 'paid' : 'open',
          amountDue: monthlyAmount(subscription.quantity, SEAT_PRICE_CENTS),
          quantity: subscription.quantity,
          paidAt: chargeable ? now.toISOString() : null,
          attempted: true,
        },
        transaction,
        invoiceId,
      );
      await this.save(row, { ...subscription, latestInvoice: invoiceId }, transaction);
      return mapInvoice(invoice);
    });
  }

  parseWebhook(): ProviderEvent {
    throw new WebhookSignatureError('the local payments mode takes no webhooks');
  }

  private async changeSubscription(
    id: string,
    change: (subscription: LocalSubscription) => LocalSubscription,
  ): Promise<ProviderSubscription> {
    return this.sequelize.transaction(async (transaction) => {
      const row = await this.find('subscription', id, transaction);
      if (!row) throw new PaymentsRequestError(`No such subscription: ${id}`, 'not-found');
      const changed = change(await this.renew(row, transaction));
      await this.save(row, changed, transaction);
      return this.mapSubscription(row, changed, transaction);
    });
  }

  /** Rolls the period forward by the clock, or ends a subscription set to cancel once its period is over. */
  private async renew(row: LocalPaymentObject, transaction: Transaction): Promise<LocalSubscription> {
    const original = row.data as unknown as LocalSubscription;
    const subscription = { ...original };
    const now = this.now();
    while (subscription.status === 'active' && new Date(subscription.currentPeriodEnd) <= now) {
      if (subscription.cancelAtPeriodEnd) {
        subscription.status = 'canceled';
        subscription.endedAt = subscription.currentPeriodEnd;
        break;
      }
      subscription.currentPeriodStart = subscription.currentPeriodEnd;
      subscription.currentPeriodEnd = nextMonthStart(new Date(subscription.currentPeriodEnd)).toISOString();
    }
    if (JSON.stringify(subscription) !== JSON.stringify(original)) await this.save(row, subscription, transaction);
    return subscription;
  }

  private async mapSubscription(
    row: LocalPaymentObject,
    subscription: LocalSubscription,
    transaction: Transaction,
  ): Promise<ProviderSubscription> {
    let defaultPaymentMethodId = subscription.defaultPaymentMethod;
    if (!defaultPaymentMethodId && row.customerId) {
      const customer = await this.find('customer', row.customerId, transaction);
      defaultPaymentMethodId = (customer?.data as unknown as LocalCustomer | undefined)?.defaultPaymentMethod ?? null;
    }
    const status =
      subscription.status === 'canceled'
        ? 'canceled'
        : subscription.cancelAtPeriodEnd
          ? 'cancel_at_period_end'
          : 'active';
    return {
      id: row.id,
      customerId: row.customerId ?? '',
      status,
      providerStatus: subscription.status,
      currentPeriodEnd: new Date(subscription.currentPeriodEnd),
      endedAt: subscription.endedAt ? new Date(subscription.endedAt) : null,
      defaultPaymentMethodId,
      quantity: subscription.quantity,
      latestInvoiceId: subscription.latestInvoice,
      companyId: row.companyId,
    };
  }

  /** A checkout session as it stands now: one past its expiry reads as expired. */
  private async findSession(id: string, transaction?: Transaction) {
    const row = await this.find('checkout_session', id, transaction);
    return row ? { row, session: this.expireIfDue(row.data as unknown as LocalSession) } : null;
  }

  private expireIfDue(session: LocalSession): LocalSession {
    return session.status === 'open' && new Date(session.expiresAt) <= this.now()
      ? { ...session, status: 'expired' }
      : session;
  }

  private find(type: LocalPaymentObjectType, id: string, transaction?: Transaction) {
    return LocalPaymentObject.findOne({
      where: { id, type },
      ...(transaction ? { transaction, lock: transaction.LOCK.UPDATE } : {}),
    });
  }

  private async insert<T extends LocalPaymentObjectType>(
    type: T,
    companyId: number | null,
    customerId: string | null,
    data: DataOf<T>,
    transaction?: Transaction,
    id: string = newId(type),
  ): Promise<LocalPaymentObject> {
    return LocalPaymentObject.create(
      { id, type, companyId, customerId, data: data as unknown as Record<string, unknown> },
      { transaction },
    );
  }

  private async save(row: LocalPaymentObject, data: object, transaction: Transaction): Promise<void> {
    await row.update({ data: data as Record<string, unknown> }, { transaction });
  }

  private async mutate<T extends LocalPaymentObjectType>(
    type: T,
    id: string,
    change: (data: DataOf<T>) => DataOf<T>,
    transaction?: Transaction,
  ): Promise<void> {
    const run = async (inner: Transaction) => {
      const row = await this.find(type, id, inner);
      if (!row) throw new PaymentsRequestError(`No such ${type}: ${id}`, 'not-found');
      await this.save(row, change(row.data as unknown as DataOf<T>), inner);
    };
    if (transaction) await run(transaction);
    else await this.sequelize.transaction(run);
  }
}

/** Stripe's event for a checkout session that completed, under an id of its own per session. */
function checkoutCompletedEvent(session: ProviderCheckoutSession, completedAt: Date): ProviderEvent {
  return {
    id: `evt_local_${session.id.replace(/^cs_local_/, '')}`,
    type: 'checkout.session.completed',
    created: completedAt,
    data: { kind: 'checkout-session', session },
  };
}

/** The expiry a card saved by a script gets: the same month, three years on. */
function threeYearsFrom(now: Date) {
  return { ok: true as const, month: now.getUTCMonth() + 1, year: now.getUTCFullYear() + 3 };
}

/** One invoice per subscription and month: '…_202612'. */
function invoiceIdOf(subscriptionId: string, instant: Date): string {
  return `in_local_${subscriptionId.replace(/^sub_local_/, '')}_${billingMonthOf(instant).slice(0, 7).replace('-', '')}`;
}

function mapPaymentMethod(row: LocalPaymentObject): ProviderPaymentMethod {
  const method = row.data as unknown as LocalPaymentMethod;
  return { id: row.id, customerId: row.customerId, created: method.created, card: method.card };
}

function mapInvoice(row: LocalPaymentObject): ProviderInvoice {
  const invoice = row.data as unknown as LocalInvoice;
  return {
    id: row.id,
    customerId: row.customerId,
    subscriptionId: invoice.subscription,
    status: invoice.status,
    amountDue: invoice.amountDue,
    quantity: invoice.quantity,
    created: new Date(invoice.created),
    paidAt: invoice.paidAt ? new Date(invoice.paidAt) : null,
    attempted: invoice.attempted,
  };
}
