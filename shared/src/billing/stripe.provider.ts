import Stripe from 'stripe';
import { SEAT_PRICE_CENTS } from '../contracts';
import {
  PaymentsRequestError,
  subscriptionStatusOf,
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

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const dateOf = (epochSeconds: number | null | undefined): Date | null =>
  epochSeconds == null ? null : new Date(epochSeconds * 1000);

const companyIdOf = (metadata: Record<string, string> | null | undefined): number | null => {
  const value = Number(metadata?.company_id);
  return Number.isInteger(value) && value > 0 ? value : null;
};

/** One of the values we act on, else the fallback (the SDK's enums are open to new values). */
function oneOf<T extends string, F extends string>(
  value: string | null | undefined,
  known: readonly T[],
  fallback: F,
): T | F {
  return (known as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing');
}

/** Stripe's "no such object" as the provider-neutral not-found refusal. */
async function missingAsNotFound<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isMissing(error)) throw new PaymentsRequestError((error as Error).message, 'not-found');
    throw error;
  }
}

/** Payments through the official Stripe SDK; the API address is configurable so tests can use a local stub. */
export class StripePaymentsProvider implements PaymentsProvider {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: PaymentsSettings) {
    if (!settings.stripeSecretKey) throw new Error('StripePaymentsProvider needs STRIPE_SECRET_KEY');
    const api = settings.stripeApiUrl ? new URL(settings.stripeApiUrl) : null;
    this.stripe = new Stripe(settings.stripeSecretKey, {
      maxNetworkRetries: api ? 0 : 2,
      timeout: 20_000,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createCustomer({ companyId, email, name }: { companyId: number; email: string; name: string }) {
    const customer = await this.stripe.customers.create({ email, name, metadata: { company_id: String(companyId) } });
    return customer.id;
  }

  async redactCustomer(customerId: string, companyId: number): Promise<void> {
    await this.stripe.customers.update(customerId, {
      name: `Erased company ${companyId}`,
      email: '',
      metadata: { company_id: String(companyId), erased: 'true' },
    });
  }

  async createCheckoutSession(input: CheckoutRequest): Promise<{ id: string; url: string }> {
    const common = {
      customer: input.customerId,
      client_reference_id: String(input.companyId),
      metadata: { company_id: String(input.companyId) },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    };
    const session =
      input.mode === 'subscription'
        ? await this.stripe.checkout.sessions.create({
            ...common,
            mode: 'subscription',
            payment_method_collection: 'always',
            line_items: [
              this.settings.stripePriceId
                ? { price: this.settings.stripePriceId, quantity: input.quantity ?? 1 }
                : {
                    price_data: {
                      currency: 'usd',
                      unit_amount: SEAT_PRICE_CENTS,
                      recurring: { interval: 'month' },
                      product_data: { name: 'Teamfolk seat (per employee per month)' },
                    },
                    quantity: input.quantity ?? 1,
                  },
            ],
            subscription_data: { metadata: { company_id: String(input.companyId) } },
          })
        : await this.stripe.checkout.sessions.create({
            ...common,
            mode: 'setup',
            currency: 'usd',
          });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(id, { expand: ['setup_intent'] });
      return mapSession(session);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async expireCheckoutSession(id: string): Promise<boolean> {
    try {
      await this.stripe.checkout.sessions.expire(id);
      return true;
    } catch (error) {
      // Only open sessions can be expired: a completed or already expired one is left as it is.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const session = await this.retrieveCheckoutSession(id);
      return session === null || session.status === 'expired';
    }
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      return mapSubscription(await this.stripe.subscriptions.retrieve(id, { expand: ['customer'] }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async findSubscriptionOfCustomer(customerId: string): Promise<ProviderSubscription | null> {
    const list = await this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 1 });
    const newest = list.data[0];
    return newest ? this.retrieveSubscription(newest.id) : null;
  }

  async updateSubscriptionQuantity(id: string, quantity: number): Promise<ProviderSubscription> {
    const current = await missingAsNotFound(() => this.stripe.subscriptions.retrieve(id));
    const item = current.items.data[0];
    if (!item) throw new PaymentsRequestError(`Subscription ${id} has no item to set seats on`, 'invalid-request');
    const updated = await this.stripe.subscriptions.update(id, {
      items: [{ id: item.id, quantity }],
      proration_behavior: 'none',
      expand: ['customer'],
    });
    return mapSubscription(updated);
  }

  async cancelSubscriptionAtPeriodEnd(id: string): Promise<ProviderSubscription> {
    return mapSubscription(
      await missingAsNotFound(() =>
        this.stripe.subscriptions.update(id, { cancel_at_period_end: true, expand: ['customer'] }),
      ),
    );
  }

  async cancelSubscriptionNow(id: string): Promise<ProviderSubscription> {
    return mapSubscription(
      await missingAsNotFound(() =>
        this.stripe.subscriptions.cancel(id, { prorate: false, invoice_now: false, expand: ['customer'] }),
      ),
    );
  }

  async reactivateSubscription(id: string): Promise<ProviderSubscription> {
    return mapSubscription(
      await missingAsNotFound(() =>
        this.stripe.subscriptions.update(id, { cancel_at_period_end: false, expand: ['customer'] }),
      ),
    );
  }

  async createSetupIntent({ companyId, customerId }: { companyId: number; customerId: string }) {
    const intent = await this.stripe.setupIntents.create({
      customer: customerId,
      usage: 'off_session',
      metadata: { company_id: String(companyId) },
    });
    if (!intent.client_secret) throw new Error(`Stripe returned setup intent ${intent.id} without a client secret`);
    const result: SetupIntentResult = { id: intent.id, clientSecret: intent.client_secret, url: null, sessionId: null };
    return result;
  }

  async listPaymentMethods(customerId: string): Promise<ProviderPaymentMethod[]> {
    const list = await this.stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 });
    return list.data.flatMap((method) => {
      const mapped = mapPaymentMethod(method);
      return mapped ? [mapped] : [];
    });
  }

  async retrievePaymentMethod(id: string): Promise<ProviderPaymentMethod | null> {
    try {
      return mapPaymentMethod(await this.stripe.paymentMethods.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string, subscriptionId: string | null) {
    await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
    if (subscriptionId) {
      await this.stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId });
    }
  }

  async detachPaymentMethod(id: string): Promise<void> {
    await missingAsNotFound(() => this.stripe.paymentMethods.detach(id));
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice | null> {
    try {
      return mapInvoice(await this.stripe.invoices.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Stripe invoices by itself on the subscription's anniversary: this only looks the month's invoice up. */
  async collectMonthlyInvoice({ subscriptionId, monthStart }: { subscriptionId: string; monthStart: Date }) {
    const next = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1));
    const list = await this.stripe.invoices.list({
      subscription: subscriptionId,
      created: { gte: Math.floor(monthStart.getTime() / 1000), lt: Math.floor(next.getTime() / 1000) },
      limit: 10,
    });
    const invoices = list.data.map(mapInvoice).sort((a, b) => b.created.getTime() - a.created.getTime());
    return invoices[0] ?? null;
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    const secret = this.settings.stripeWebhookSecret;
    if (!secret || !signature) throw new WebhookSignatureError('missing webhook secret or signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature');
    }
    return { id: event.id, type: event.type, created: new Date(event.created * 1000), data: mapEventData(event) };
  }
}

function mapEventData(event: Stripe.Event): ProviderEvent['data'] {
  const object = event.data.object as unknown as { object?: string };
  switch (object.object) {
    case 'checkout.session':
      return { kind: 'checkout-session', session: mapSession(object as Stripe.Checkout.Session) };
    case 'subscription': {
      const subscription = mapSubscription(object as Stripe.Subscription);
      // The event's copy names the subscription's own default card only; the customer's may apply.
      if (subscription.defaultPaymentMethodId === null) subscription.defaultPaymentMethodId = undefined;
      return { kind: 'subscription', subscription };
    }
    case 'invoice':
      return { kind: 'invoice', invoice: mapInvoice(object as Stripe.Invoice) };
    case 'customer': {
      const customer = object as Stripe.Customer;
      return {
        kind: 'customer',
        customerId: customer.id,
        defaultPaymentMethodId: idOf(customer.invoice_settings?.default_payment_method),
      };
    }
    case 'payment_method': {
      const method = object as Stripe.PaymentMethod;
      return { kind: 'payment-method', paymentMethodId: method.id, customerId: idOf(method.customer) };
    }
    default:
      return { kind: 'other' };
  }
}

function mapSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  const setupIntent = session.setup_intent;
  return {
    id: session.id,
    mode: oneOf(session.mode, ['subscription', 'setup'], 'payment'),
    status: oneOf(session.status, ['complete', 'expired'], 'open'),
    paymentStatus: oneOf(session.payment_status, ['paid', 'no_payment_required'], 'unpaid'),
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    paymentMethodId: setupIntent && typeof setupIntent !== 'string' ? idOf(setupIntent.payment_method) : null,
    companyId: companyIdOf(session.metadata) ?? (Number(session.client_reference_id) || null),
  };
}

function mapSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items?.data?.[0];
  const cancelAtPeriodEnd = subscription.cancel_at_period_end || subscription.cancel_at != null;
  const customer = subscription.customer;
  const customerDefault =
    customer && typeof customer !== 'string' && !('deleted' in customer && customer.deleted)
      ? idOf((customer as Stripe.Customer).invoice_settings?.default_payment_method)
      : undefined;
  const ownDefault = idOf(subscription.default_payment_method);
  return {
    id: subscription.id,
    customerId: idOf(customer) ?? '',
    status: subscriptionStatusOf(subscription.status, cancelAtPeriodEnd),
    providerStatus: subscription.status,
    currentPeriodEnd: dateOf(item?.current_period_end) ?? dateOf(subscription.cancel_at),
    endedAt: dateOf(subscription.ended_at),
    defaultPaymentMethodId: ownDefault ?? (customerDefault === undefined ? null : customerDefault),
    quantity: item?.quantity ?? 0,
    latestInvoiceId: idOf(subscription.latest_invoice),
    companyId: companyIdOf(subscription.metadata),
  };
}

function mapPaymentMethod(method: Stripe.PaymentMethod): ProviderPaymentMethod | null {
  if (!method.card) return null;
  return {
    id: method.id,
    customerId: idOf(method.customer),
    created: method.created,
    card: {
      last4: method.card.last4,
      brand: method.card.brand,
      exp_month: method.card.exp_month,
      exp_year: method.card.exp_year,
    },
  };
}

function mapInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  const line = invoice.lines?.data?.[0];
  return {
    id: invoice.id ?? '',
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    status: oneOf(invoice.status, ['open', 'paid', 'uncollectible', 'void'], 'draft'),
    amountDue: invoice.amount_due,
    quantity: line?.quantity ?? null,
    created: new Date(invoice.created * 1000),
    paidAt: dateOf(invoice.status_transitions?.paid_at),
    attempted: invoice.attempted,
  };
}
