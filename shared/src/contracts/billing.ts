import { z } from 'zod';
import { employeeInputSchema, type EmployeeRecord } from './employees';

/**
 * The billing API (spec sections 3 and 7). Amounts are integer cents; instants are ISO strings;
 * `created` of a payment method is epoch seconds, as the provider gives it.
 */

const providerId = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(255, `${field} is too long`)
    .regex(/^[A-Za-z0-9_]+$/, `${field} is not a valid id`);

/** POST /billing/create-checkout-session: the employee whose creation waits on the first payment, if any. */
export const createCheckoutSessionSchema = z.object({
  pendingEmployeeData: employeeInputSchema.optional(),
});
export type CreateCheckoutSessionInput = z.input<typeof createCheckoutSessionSchema>;

/** POST /billing/payment-success: the session id the hosted checkout returned with. */
export const paymentSuccessSchema = z.object({ sessionId: providerId('sessionId') });

/** POST /billing/create-setup-intent: `hosted: true` asks for a hosted card page (a setup-mode checkout) in every mode. */
export const createSetupIntentSchema = z.object({
  hosted: z.boolean({ error: 'hosted must be true or false' }).optional(),
});

/** POST /billing/update-payment-method. */
export const updatePaymentMethodSchema = z.object({ paymentMethodId: providerId('paymentMethodId') });

/** POST /dev/checkout/:sessionId/complete (local payments mode only). */
export const localCheckoutCompleteSchema = z.object({
  cardNumber: z
    .string({ error: 'cardNumber is required' })
    .trim()
    .min(1, 'cardNumber is required')
    .max(40, 'cardNumber is too long'),
  /** MM / YY as typed on the page; scripts may leave it out (the card then expires in three years). */
  expiry: z.string({ error: 'expiry must be text' }).trim().max(20, 'expiry is too long').optional(),
});

export type BillingSubscriptionStatus = 'incomplete' | 'active' | 'cancel_at_period_end' | 'canceled';

export interface BillingSubscriptionSummary {
  status: BillingSubscriptionStatus;
  /** End of the paid period: access is kept until then after a cancellation at period end. */
  currentPeriodEnd: string | null;
  /** When a canceled subscription ended: the moment of an immediate cancellation, else its period end. */
  endedAt: string | null;
}

/**
 * A paid subscription checkout the admin has not been told about (its return page was lost: a closed
 * tab, another host, an ended session). `finishing`: the provider took the payment and the
 * subscription and employee are being set up; `finished`: done, to be reported with payment-success.
 */
export interface UnreportedCheckout {
  sessionId: string;
  state: 'finishing' | 'finished';
  /** The employee the checkout pays for, when it was started for one. */
  employeeName: string | null;
}

/** GET /billing/info. `subscription` is null until a checkout has completed. */
export interface BillingInfo {
  seatCount: number;
  pricePerSeat: number;
  monthlyAmount: number;
  subscription: BillingSubscriptionSummary | null;
  /** Whether a default card is on file (seats can be added only then). */
  hasPaymentMethod: boolean;
  /** The newest paid checkout not yet reported to an admin, if any. */
  unreportedCheckout: UnreportedCheckout | null;
}

/**
 * How long after it started a checkout may still turn out paid: sessions expire within a day, and the
 * workers' sweep and the admin's sync look for unfinished ones this far back.
 */
export const UNFINISHED_CHECKOUT_WINDOW_HOURS = 48;

export type BillingCycleStatus = 'pending' | 'paid' | 'failed';

export interface BillingCycleRecord {
  id: number;
  /** The month billed, as its first day (YYYY-MM-DD). */
  billing_date: string;
  seat_count: number;
  amount_due: number;
  status: BillingCycleStatus;
  paid_at: string | null;
}

/** GET /billing/history, newest first. */
export interface BillingHistoryReply {
  billingCycles: BillingCycleRecord[];
}

export interface PaymentMethodRecord {
  id: string;
  created: number;
  card: { last4: string; brand: string; exp_month: number; exp_year: number };
}

/** GET /billing/payment-methods. */
export interface PaymentMethodsReply {
  paymentMethods: PaymentMethodRecord[];
  currentPaymentMethod: string | null;
}

/** POST /billing/create-checkout-session: redirect the browser to `url`. */
export interface CheckoutSessionReply {
  sessionId: string;
  url: string;
}

/** POST /billing/payment-success. `employeeCreated` is true once per session, on the call that reports it. */
export interface PaymentSuccessReply {
  success: true;
  employeeCreated: boolean;
  /** The employee created from pendingEmployeeData, on the first confirmation. */
  employee?: EmployeeRecord;
  /** Set when this session was already confirmed by an earlier call. */
  alreadyProcessed?: true;
  /** Setup-mode sessions: the card that was added. */
  paymentMethodId?: string;
  subscription: BillingSubscriptionSummary | null;
  message: string;
  /** Set when the payment went through but the pending employee could not be created (e.g. the e-mail is now taken). */
  warning?: string;
}

/**
 * POST /billing/create-setup-intent. With `url`, send the browser there (a hosted card page that
 * returns to /dashboard/billing?setup=success&session_id=… — then POST /billing/payment-success);
 * without it, confirm `clientSecret` with Stripe.js and POST /billing/update-payment-method.
 */
export interface SetupIntentReply {
  clientSecret: string | null;
  url: string | null;
  sessionId: string | null;
}

/** Cancel, cancel immediately, reactivate, update payment method, remove payment method. */
export interface BillingActionReply {
  success: true;
  message: string;
  subscription: BillingSubscriptionSummary | null;
}

/** POST /billing/sync-subscription: answered at once; the sync runs in the workers. */
export interface SyncSubscriptionReply {
  success: true;
  queued: boolean;
}

/** 402 on every route but /auth/* and /billing/* once the company's subscription has ended. */
export interface SubscriptionExpiredError {
  message: string;
  subscriptionExpired: true;
}

/** POST /dev/checkout/:sessionId/complete answered as JSON. */
export interface LocalCheckoutCompleteReply {
  redirectUrl: string;
}

/** The terms: data is deleted 30 days after the subscription ends, announced to the admins 7 days before. */
export const DATA_RETENTION_DAYS = 30;
export const DATA_DELETION_NOTICE_DAYS = 7;
