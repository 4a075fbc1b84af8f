import type { SubscriptionStatus } from '../db/models';

/**
 * The payments module: one interface, two implementations — Stripe through its official SDK when
 * STRIPE_SECRET_KEY is set, and a local test mode (objects in Postgres, a hosted checkout page served
 * by the API) for the embedded default. Callers never learn which one runs: ids, flows and replies
 * look alike.
 */

export type PaymentsMode = 'stripe' | 'local';

export interface PaymentsSettings {
  mode: PaymentsMode;
  /** Where hosted pages return to, and (local mode) where its checkout page lives. */
  appUrl: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  stripePriceId?: string;
  /** The Stripe API's address when it is not Stripe's own (a local stub in tests). */
  stripeApiUrl?: string;
}

export interface PaymentsConfigSource {
  APP_URL: string;
  NODE_ENV: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_ID?: string;
  STRIPE_API_URL?: string;
}

/** The payments settings of a loaded configuration. The local mode never runs in production. */
export function paymentsSettingsOf(config: PaymentsConfigSource): PaymentsSettings {
  if (!config.STRIPE_SECRET_KEY && config.NODE_ENV === 'production') {
    throw new Error('STRIPE_SECRET_KEY must be set in production: the local payments test mode is refused there');
  }
  return {
    mode: config.STRIPE_SECRET_KEY ? 'stripe' : 'local',
    appUrl: config.APP_URL,
    stripeSecretKey: config.STRIPE_SECRET_KEY,
    stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
    stripePriceId: config.STRIPE_PRICE_ID,
    stripeApiUrl: config.STRIPE_API_URL,
  };
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The provider's status mapped onto ours. */
  status: SubscriptionStatus;
  /** The provider's own word (active, past_due, canceled...), for logs. */
  providerStatus: string;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  /** undefined: this view of the subscription does not tell (keep what is known). */
  defaultPaymentMethodId: string | null | undefined;
  quantity: number;
  latestInvoiceId: string | null;
  /** From the metadata written at checkout. */
  companyId: number | null;
}

export interface ProviderCheckoutSession {
  id: string;
  mode: 'subscription' | 'setup' | 'payment';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerId: string | null;
  subscriptionId: string | null;
  /** Setup mode: the card saved by the session. */
  paymentMethodId: string | null;
  companyId: number | null;
}

export interface ProviderPaymentMethod {
  id: string;
  customerId: string | null;
  /** Epoch seconds. */
  created: number;
  card: { last4: string; brand: string; exp_month: number; exp_year: number };
}

export interface ProviderInvoice {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  /** Cents. */
  amountDue: number;
  quantity: number | null;
  created: Date;
  paidAt: Date | null;
  /** A payment was tried (and, unless paid, failed). */
  attempted: boolean;
}

export interface ProviderEvent {
  id: string;
  type: string;
  created: Date;
  /** The event's object, already mapped where the type is one we act on. */
  data:
    | { kind: 'checkout-session'; session: ProviderCheckoutSession }
    | { kind: 'subscription'; subscription: ProviderSubscription }
    | { kind: 'invoice'; invoice: ProviderInvoice }
    | { kind: 'customer'; customerId: string; defaultPaymentMethodId: string | null }
    | { kind: 'payment-method'; paymentMethodId: string; customerId: string | null }
    | { kind: 'other' };
}

export interface CheckoutRequest {
  companyId: number;
  customerId: string;
  mode: 'subscription' | 'setup';
  /** Subscription mode: seats to bill from the first invoice. */
  quantity?: number;
  successUrl: string;
  cancelUrl: string;
}

export interface SetupIntentResult {
  id: string;
  clientSecret: string;
  /** A hosted card page for the intent (local mode), or null where the client confirms it itself. */
  url: string | null;
  sessionId: string | null;
}

/** A provider call refused for a reason the user can act on (an unknown id, a declined card). */
export class PaymentsRequestError extends Error {
  constructor(
    message: string,
    readonly code: 'not-found' | 'card-declined' | 'invalid-card' | 'invalid-request',
    /** The checkout form's field the refusal is about, if any. */
    readonly field?: 'cardNumber' | 'expiry',
  ) {
    super(message);
  }
}

/** A webhook whose signature does not verify, or a mode that takes none. */
export class WebhookSignatureError extends Error {}

export interface PaymentsProvider {
  readonly mode: PaymentsMode;
  createCustomer(input: { companyId: number; email: string; name: string }): Promise<string>;
  /** Blanks the customer's name and e-mail at the provider (data retention). */
  redactCustomer(customerId: string, companyId: number): Promise<void>;
  createCheckoutSession(input: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  /**
   * Closes an open session so it can no longer be paid; a session already paid or gone is left as it
   * is. True when the session is closed unpaid (or unknown), false when it was paid before it closed.
   */
  expireCheckoutSession(id: string): Promise<boolean>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** The newest subscription of a customer, for a checkout whose return never reached us. */
  findSubscriptionOfCustomer(customerId: string): Promise<ProviderSubscription | null>;
  /** Seats change without proration: the new quantity is billed from the next cycle. */
  updateSubscriptionQuantity(id: string, quantity: number): Promise<ProviderSubscription>;
  cancelSubscriptionAtPeriodEnd(id: string): Promise<ProviderSubscription>;
  /** Ends it now, without refund. */
  cancelSubscriptionNow(id: string): Promise<ProviderSubscription>;
  reactivateSubscription(id: string): Promise<ProviderSubscription>;
  createSetupIntent(input: { companyId: number; customerId: string }): Promise<SetupIntentResult>;
  listPaymentMethods(customerId: string): Promise<ProviderPaymentMethod[]>;
  retrievePaymentMethod(id: string): Promise<ProviderPaymentMethod | null>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string, subscriptionId: string | null): Promise<void>;
  detachPaymentMethod(id: string): Promise<void>;
  retrieveInvoice(id: string): Promise<ProviderInvoice | null>;
  /**
   * The invoice of a subscription for the month starting at `monthStart`: Stripe's own (it bills by
   * itself; null until it has), or in local mode one issued and charged now, once per month.
   */
  collectMonthlyInvoice(input: { subscriptionId: string; monthStart: Date }): Promise<ProviderInvoice | null>;
  /** Verifies the signature and maps the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

/** Our status of a provider's subscription status. */
export function subscriptionStatusOf(providerStatus: string, cancelAtPeriodEnd: boolean): SubscriptionStatus {
  switch (providerStatus) {
    case 'active':
    case 'trialing':
    case 'past_due':
      return cancelAtPeriodEnd ? 'cancel_at_period_end' : 'active';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
}
