/** Where hosted checkout pages return to: the console's billing page reads these query parameters. */
export function billingUrls(appUrl: string) {
  const billingPage = new URL('/dashboard/billing', appUrl).toString();
  return {
    billingPage,
    /** The provider puts the session id in place of {CHECKOUT_SESSION_ID}. */
    checkoutSuccess: `${billingPage}?success=true&session_id={CHECKOUT_SESSION_ID}`,
    checkoutCancel: `${billingPage}?canceled=true`,
    setupSuccess: `${billingPage}?setup=success&session_id={CHECKOUT_SESSION_ID}`,
    setupCancel: `${billingPage}?setup=canceled`,
    /** The local test mode's hosted checkout page. */
    localCheckout: (sessionId: string) => new URL(`/dev/checkout/${encodeURIComponent(sessionId)}`, appUrl).toString(),
  };
}
