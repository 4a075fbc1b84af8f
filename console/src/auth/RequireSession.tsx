import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { returnLoadingLabel } from '../billing/returnLoadingLabel';
import { en } from '../i18n/en';
import { FullPageLoader } from '../public/FullPageLoader';
import { useSession } from './SessionProvider';

/**
 * Guards /dashboard/* before react-admin is even downloaded: signed-out visitors go to /login.
 * A logout clicked inside the dashboard leads home instead, as the spec asks.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user, loading, endReason } = useSession();
  const { pathname, search } = useLocation();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (user && !wasSignedIn) setWasSignedIn(true);

  if (loading) return <FullPageLoader label={returnLoadingLabel(pathname, search) ?? en.app.auth.loadingSession} />;
  if (user) return children;
  const loggedOutHere = wasSignedIn && endReason === 'logout';
  return <Navigate to={loggedOutHere ? '/' : '/login'} replace />;
}
