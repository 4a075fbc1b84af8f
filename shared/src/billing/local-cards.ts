import { billingTexts } from '../contracts';

export type LocalCardCheck =
  | {
      ok: true;
      brand: string;
      last4: string;
      /** false: it can be saved, but every charge fails. */ chargeable: boolean;
    }
  | { ok: false; code: 'invalid_number' | 'card_declined'; message: string };

/** Stripe's documented test cards, as the local test mode honours them. */
const TEST_CARDS: Record<string, { brand: string; chargeable: boolean } | 'declined'> = {
  '4242424242424242': { brand: 'visa', chargeable: true },
  '4000056655665556': { brand: 'visa', chargeable: true },
  '5555555555554444': { brand: 'mastercard', chargeable: true },
  '378282246310005': { brand: 'amex', chargeable: true },
  /** Attaches to a customer, then every charge is declined. */
  '4000000000000341': { brand: 'visa', chargeable: false },
  '4000000000000002': 'declined',
  '4000000000009995': 'declined',
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What the local checkout does with a card number: 4242 4242 4242 4242 pays, 4000 0000 0000 0002
 * is declined, a mistyped number is invalid, and a real (non-test) card is declined as Stripe's
 * test mode does.
 */
export function checkLocalCard(cardNumber: string): LocalCardCheck {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { ok: false, code: 'invalid_number', message: billingTexts.cardInvalid };
  }
  const known = TEST_CARDS[digits];
  if (known === 'declined') return { ok: false, code: 'card_declined', message: billingTexts.cardDeclined };
  if (!known) return { ok: false, code: 'card_declined', message: billingTexts.cardNotTestCard };
  return { ok: true, brand: known.brand, last4: digits.slice(-4), chargeable: known.chargeable };
}

export type CardExpiryCheck = { ok: true; month: number; year: number } | { ok: false; message: string };

/** Issuers print expiries up to about twenty years ahead: anything beyond thirty is a typing slip. */
const MAX_EXPIRY_YEARS_AHEAD = 30;

/**
 * An expiry as typed on a checkout page ('12/30', '08 / 31', '3/2029', '0434'): valid through the last
 * day of its month, so the current month is accepted and an earlier one refused.
 */
export function parseCardExpiry(typed: string, now: Date): CardExpiryCheck {
  const [, monthText, yearText] = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(typed.trim()) ?? [];
  const month = Number(monthText);
  const year = yearText?.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const thisYear = now.getUTCFullYear();
  if (!monthText || month < 1 || month > 12 || !year || year > thisYear + MAX_EXPIRY_YEARS_AHEAD) {
    return { ok: false, message: billingTexts.cardExpiryInvalid };
  }
  if (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1)) {
    return { ok: false, message: billingTexts.cardExpiryPast };
  }
  return { ok: true, month, year };
}
