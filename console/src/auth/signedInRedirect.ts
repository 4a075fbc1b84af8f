import type { SessionState } from './session';

/**
 * Where /login and /signup send a visitor: a signed-in one to the dashboard (also right after signing in
 * there), a signed-out one nowhere; while a stored session is being checked, nothing is decided yet.
 */
export function signedInRedirect({
  user,
  loading,
}: Pick<SessionState, 'user' | 'loading'>): '/dashboard' | 'wait' | null {
  if (user) return '/dashboard';
  return loading ? 'wait' : null;
}
