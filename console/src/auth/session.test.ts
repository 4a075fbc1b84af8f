import { billingTexts, type SessionUser } from '@teamfolk/shared/contracts';

/** The browser's localStorage and location, for the node test environment; set before the session module loads. */
const storage = new Map<string, string>();
Object.assign(globalThis, {
  window: {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
    location: { pathname: '/dashboard/employees' },
  },
});

const employee: SessionUser = {
  id: 7,
  role: 'employee',
  employeeName: 'Eve',
  email: 'eve@acme.test',
  emailVerified: true,
  companyName: 'Acme',
  subscriptionExpired: false,
};

const expiredReply = { message: billingTexts.subscriptionExpired, subscriptionExpired: true };

describe('SessionStore', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("should mark the user's subscription expired when any screen's call answers 402 subscriptionExpired", async () => {
    const { SessionStore } = await import('./session');
    const { reportSubscriptionExpired } = await import('../api/http');
    const store = new SessionStore();
    store.adoptSession({ token: 'token', user: employee });
    const seen: Array<boolean | undefined> = [];
    store.subscribe(() => seen.push(store.getSnapshot().user?.subscriptionExpired));

    reportSubscriptionExpired('/api/leaves?sort=created_at', { message: 'Leave request not found' });
    expect(store.getSnapshot().user?.subscriptionExpired).toBe(false);

    reportSubscriptionExpired('/api/leaves?sort=created_at', expiredReply);
    reportSubscriptionExpired('/dashboard/summary', expiredReply);
    expect(store.getSnapshot().user).toEqual({ ...employee, subscriptionExpired: true });
    expect(seen).toEqual([true]);
  });
});
