import { SESSION_TOKEN_HEADER, TOKEN_STORAGE_KEY } from '@teamfolk/shared/contracts';
import { adoptRenewedToken } from './http';

/** The browser's localStorage, for the node test environment. */
const storage = new Map<string, string>();
Object.assign(globalThis, {
  window: {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  },
});

const renewal = (token: string) => new Headers({ [SESSION_TOKEN_HEADER]: token });

describe(adoptRenewedToken.name, () => {
  beforeEach(() => storage.clear());

  it('should keep the renewed session token in place of the one the request carried', () => {
    storage.set(TOKEN_STORAGE_KEY, 'old-token');
    adoptRenewedToken('old-token', renewal('renewed-token'));
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe('renewed-token');
  });

  it('should not bring back a session that ended, or replace a newer sign-in, while the request was out', () => {
    adoptRenewedToken('old-token', renewal('renewed-token'));
    expect(storage.has(TOKEN_STORAGE_KEY)).toBe(false);

    storage.set(TOKEN_STORAGE_KEY, 'token-of-a-new-sign-in');
    adoptRenewedToken('old-token', renewal('renewed-token'));
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe('token-of-a-new-sign-in');
  });

  it('should leave the token alone when the reply renews nothing', () => {
    storage.set(TOKEN_STORAGE_KEY, 'current-token');
    adoptRenewedToken('current-token', new Headers());
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe('current-token');
  });
});
