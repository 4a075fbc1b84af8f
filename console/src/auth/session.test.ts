import { billingTexts, type SessionUser } from '@teamfolk/shared/contracts';
import { fakeBrowserWindow } from '../testing/fakeBrowserWindow';

// Before the session module loads (imported in the test).
fakeBrowserWindow('/dashboard/employees');

const employee: SessionUser = {
  id: 7,
  role: 'employee',
  employeeName: 'Eve',
  email: 'eve@acme.test',
  emailVerified: true,
  companyName: 'Acme',
  subscriptionExpired: false,
  approvesTeams: [],
};

const expiredReply = { message: billingTexts.subscriptionExpired, subscriptionExpired: true };

/** The API, answering every call with `status` and `body`. */
function answerEveryCall(status: number, body: unknown): void {
  globalThis.fetch = jest.fn(async () => Response.json(body, { status }));
}

describe('SessionStore', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("should mark the user's subscription expired when any screen's call answers 402 subscriptionExpired", async () => {
    const { SessionStore } = await import('./session');
    const { httpClient } = await import('../providers/httpClient');
    const store = new SessionStore();
    store.adoptSession({ token: 'token', user: employee });
    const seen: Array<boolean | undefined> = [];
    store.subscribe(() => seen.push(store.getSnapshot().user?.subscriptionExpired));

    answerEveryCall(404, { message: 'Leave request not found' });
    await expect(httpClient('/leaves?sort=created_at')).rejects.toThrow('Leave request not found');
    expect(store.getSnapshot().user?.subscriptionExpired).toBe(false);

    answerEveryCall(402, expiredReply);
    await expect(httpClient('/leaves?sort=created_at')).rejects.toThrow(billingTexts.subscriptionExpired);
    await expect(httpClient('/dashboard/summary')).rejects.toThrow(billingTexts.subscriptionExpired);
    expect(store.getSnapshot().user).toEqual({ ...employee, subscriptionExpired: true });
    expect(seen).toEqual([true]);
  });
});
