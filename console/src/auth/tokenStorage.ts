import { DEVICE_TOKENS_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@teamfolk/shared/contracts';

export function readToken(): string | null {
  return window.localStorage.getItem(TOKEN_STORAGE_KEY);
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
}

/** The accounts a browser shared by a few people keeps device tokens for (the latest sign-ins). */
const DEVICE_TOKENS_KEPT = 20;

const accountKey = (email: string) => email.trim().toLowerCase();

/** This browser's device tokens, by e-mail address; a damaged entry reads as none. */
function deviceTokens(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(DEVICE_TOKENS_STORAGE_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** The device token of an earlier sign-in to `email` from this browser. Kept across sign-outs, on purpose. */
export function readDeviceToken(email: string): string | undefined {
  return deviceTokens()[accountKey(email)];
}

export function storeDeviceToken(email: string, token: string): void {
  const tokens = deviceTokens();
  delete tokens[accountKey(email)];
  tokens[accountKey(email)] = token;
  const kept = Object.entries(tokens).slice(-DEVICE_TOKENS_KEPT);
  window.localStorage.setItem(DEVICE_TOKENS_STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
}
