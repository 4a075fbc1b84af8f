import type { AuthProvider } from 'react-admin';
import { authTexts, type LoginPayload } from '@teamfolk/shared/contracts';
import { canAccess, isAccessRequest, type AccessRecord } from '@teamfolk/shared/rules';
import type { SessionStore } from '../auth/session';
import { ApiRequestError } from './apiError';

/**
 * react-admin's view of the session. Redirects are left to RequireSession, which wraps the whole
 * dashboard: when the session ends it sends the visitor to /login (or home after a logout).
 */
export function createAuthProvider(session: Pick<SessionStore, 'getSnapshot' | 'login' | 'expire'>): AuthProvider {
  const currentUser = () => session.getSnapshot().user;

  return {
    login: async (credentials: LoginPayload) => {
      await session.login(credentials);
    },
    // react-admin logs out only when checkAuth or checkError fail; the Logout button ends the session itself.
    logout: async () => {
      if (currentUser()) session.expire();
      return false;
    },
    checkAuth: async () => {
      if (!currentUser()) throw new Error(authTexts.notSignedIn);
    },
    // The API client ends the session itself on a signed-in call's 401, and RequireSession then leads
    // to /login; react-admin's logout on top would turn the failed call into an empty success.
    checkError: async (error: unknown) => {
      if (currentUser() && endsSession(error)) throw new Error(authTexts.sessionExpired);
    },
    getIdentity: async () => {
      const user = currentUser();
      if (!user) throw new Error(authTexts.notSignedIn);
      return { id: user.id, fullName: user.employeeName || user.email };
    },
    getPermissions: async () => currentUser()?.role,
    canAccess: async ({ resource, action, record }) => {
      const request = { resource, action, record: record as AccessRecord | undefined };
      return isAccessRequest(request) && canAccess(currentUser(), request);
    },
  };
}

/** A 401, unless the call keeps it to itself (a checkout confirmation asks the admin to sign in again). */
function endsSession(error: unknown): boolean {
  return error instanceof ApiRequestError ? error.endedSession : statusOf(error) === 401;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}
