import { billingTexts, type LocalCheckoutView } from '@teamfolk/shared';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1f2937;margin:0}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:28px;font-weight:600;margin:8px 0 24px}
label{display:block;font-size:14px;margin:16px 0 6px}input{width:100%;box-sizing:border-box;font-size:16px;padding:10px;border:1px solid #cbd5e1;border-radius:6px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:24px;width:100%;font-size:16px;padding:12px;border:0;border-radius:6px;background:#1565c0;color:#fff;cursor:pointer}
.error{color:#b91c1c;margin-top:16px}.note{font-size:13px;color:#6b7280;margin-top:20px}a{color:#1565c0}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The local test mode's hosted checkout, shaped like Stripe Checkout: a card form that posts to
 * /dev/checkout/:id/complete and a way back to the cancel URL.
 */
export function renderCheckoutPage(view: LocalCheckoutView, error?: string): string {
  const subscription = view.mode === 'subscription';
  const heading = subscription ? 'Subscribe to Teamfolk' : 'Add a card to Teamfolk';
  const summary = subscription
    ? `<p class="amount">${dollars(view.amount)} <small>per month</small></p>
<p>${view.quantity} ${view.quantity === 1 ? 'seat' : 'seats'} × ${dollars(view.amount / Math.max(view.quantity, 1))}</p>
<p>${escapeHtml(billingTexts.checkoutChargedToday.replaceAll('%{amount}', dollars(view.amount)))}</p>`
    : '<p>Save a card for future payments. Nothing is charged now.</p>';
  const form = `<form method="post" action="/dev/checkout/${encodeURIComponent(view.id)}/complete">
<label for="cardNumber">${billingTexts.cardNumberLabel}</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row"><div><label for="expiry">${billingTexts.cardExpiryLabel}</label><input id="expiry" name="expiry" placeholder="MM / YY" autocomplete="cc-exp" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" placeholder="CVC" autocomplete="cc-csc"></div></div>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">${subscription ? billingTexts.payButton : billingTexts.saveCardButton}</button>
</form>`;
  return page(
    heading,
    `<h1>${heading}</h1>${summary}${form}
<p><a href="${escapeHtml(view.cancelUrl)}">Cancel and go back</a></p>
<p class="note">Test mode: pay with 4242 4242 4242 4242; 4000 0000 0000 0002 is declined. No real card is charged.</p>`,
  );
}

export function renderCheckoutMessage(title: string, message: string, link?: { label: string; url: string }): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${
      link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : ''
    }`,
  );
}
