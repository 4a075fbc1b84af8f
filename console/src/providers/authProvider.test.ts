import type { SessionUser } from '@teamfolk/shared/contracts';
import { createAuthProvider } from './authProvider';
import type { SessionState } from '../auth/session';
import { ApiRequestError } from './apiError';

const employee: SessionUser = {
  id: 7,
  role: 'employee',
  employeeName: '',
  email: 'eve@acme.test',
  emailVerified: true,
  companyName: 'Acme',
  subscriptionExpired: false,
  approvesTeams: [],
};

function fakeSession(user: SessionUser | null) {
  let state: SessionState = { user, loading: false, endReason: null };
  return {
    getSnapshot: () => state,
    login: jest.fn(),
    expire: jest.fn(() => {
      state = { user: null, loading: false, endReason: 'expired' };
    }),
  };
}

describe(createAuthProvider.name, () => {
  it('should accept a signed-in user and reject a signed-out one', async () => {
    await expect(createAuthProvider(fakeSession(employee)).checkAuth({})).resolves.toBeUndefined();
    await expect(createAuthProvider(fakeSession(null)).checkAuth({})).rejects.toThrow('Please sign in to continue');
  });

  it('should name the user by e-mail when there is no employee name', async () => {
    await expect(createAuthProvider(fakeSession(employee)).getIdentity?.()).resolves.toEqual({
      id: 7,
      fullName: 'eve@acme.test',
    });
  });

  it('should expose the role as permissions and answer canAccess from it', async () => {
    const authProvider = createAuthProvider(fakeSession(employee));
    await expect(authProvider.getPermissions?.({})).resolves.toBe('employee');
    await expect(authProvider.canAccess?.({ resource: 'employees', action: 'list' })).resolves.toBe(false);
    await expect(authProvider.canAccess?.({ resource: 'leaves', action: 'list' })).resolves.toBe(true);
  });

  it('should ask canAccess about the record, and refuse what it does not know, to admins too', async () => {
    const authProvider = createAuthProvider(fakeSession(employee));
    const withdraw = (status: string) =>
      authProvider.canAccess?.({ resource: 'leaves', action: 'cancel', record: { own: true, status } });
    await expect(withdraw('pending')).resolves.toBe(true);
    await expect(withdraw('approved')).resolves.toBe(false);

    const admin = createAuthProvider(fakeSession({ ...employee, role: 'admin' }));
    await expect(admin.canAccess?.({ resource: 'leaves', action: 'delete' })).resolves.toBe(false);
    await expect(admin.canAccess?.({ resource: 'payroll', action: 'list' })).resolves.toBe(false);
  });

  it("should let a call's failure through once the API client has ended the session, or when the call keeps its 401", async () => {
    await expect(createAuthProvider(fakeSession(null)).checkError({ status: 401 })).resolves.toBeUndefined();
    const confirmation = new ApiRequestError(401, { message: 'Your session has ended.' }, { endedSession: false });
    await expect(createAuthProvider(fakeSession(employee)).checkError(confirmation)).resolves.toBeUndefined();
    const ended = new ApiRequestError(401, {}, { endedSession: true });
    await expect(createAuthProvider(fakeSession(employee)).checkError(ended)).rejects.toThrow();
  });

  it('should end the session on a 401 and leave the redirect to the router', async () => {
    const session = fakeSession(employee);
    const authProvider = createAuthProvider(session);
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 401 })).rejects.toThrow();
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(session.expire).toHaveBeenCalledTimes(1);
  });
});
