import type {
  BillingActionReply,
  BillingCycleRecord,
  BillingHistoryReply,
  BillingInfo,
  CheckoutSessionReply,
  CreateCheckoutSessionInput,
  PaymentMethodsReply,
  PaymentSuccessReply,
  SetupIntentReply,
} from '@teamfolk/shared/contracts';
import { apiRequest, type ApiRequestOptions } from '../api/http';

/** The billing API of spec section 7; every call is admin only. */

export function fetchBillingInfo(options: Pick<ApiRequestOptions, 'background'> = {}): Promise<BillingInfo> {
  return apiRequest<BillingInfo>('/billing/info', options);
}

export async function fetchBillingHistory(
  options: Pick<ApiRequestOptions, 'background'> = {},
): Promise<BillingCycleRecord[]> {
  const { billingCycles } = await apiRequest<BillingHistoryReply>('/billing/history', options);
  return billingCycles;
}

export function fetchPaymentMethods(): Promise<PaymentMethodsReply> {
  return apiRequest<PaymentMethodsReply>('/billing/payment-methods');
}

export function createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSessionReply> {
  return apiRequest<CheckoutSessionReply>('/billing/create-checkout-session', { method: 'POST', body: input });
}

/**
 * Confirms a session the hosted checkout returned with. A 401 here must not end the session before the
 * screen has told the admin to sign in again and finish the payment (spec section 8).
 */
export function confirmCheckout(sessionId: string): Promise<PaymentSuccessReply> {
  return apiRequest<PaymentSuccessReply>('/billing/payment-success', {
    method: 'POST',
    body: { sessionId },
    reportUnauthorized: false,
  });
}

/**
 * Always the hosted card page: Stripe.js is not part of the console, so a card is added by a redirect
 * in both payment modes rather than with Stripe Elements.
 */
export function createHostedCardSetup(): Promise<SetupIntentReply> {
  return apiRequest<SetupIntentReply>('/billing/create-setup-intent', { method: 'POST', body: { hosted: true } });
}

export function makeDefaultPaymentMethod(paymentMethodId: string): Promise<BillingActionReply> {
  return apiRequest<BillingActionReply>('/billing/update-payment-method', {
    method: 'POST',
    body: { paymentMethodId },
  });
}

export function removePaymentMethod(paymentMethodId: string): Promise<BillingActionReply> {
  return apiRequest<BillingActionReply>(`/billing/payment-methods/${encodeURIComponent(paymentMethodId)}`, {
    method: 'DELETE',
  });
}

export type CancellationTiming = 'periodEnd' | 'immediately';

export function cancelSubscription(timing: CancellationTiming): Promise<BillingActionReply> {
  const path = timing === 'immediately' ? '/billing/cancel-subscription-immediately' : '/billing/cancel-subscription';
  return apiRequest<BillingActionReply>(path, { method: 'POST' });
}

export function reactivateSubscription(): Promise<BillingActionReply> {
  return apiRequest<BillingActionReply>('/billing/reactivate-subscription', { method: 'POST' });
}
