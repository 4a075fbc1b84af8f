import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { en } from '../i18n/en';
import { FullPageLoader } from '../public/FullPageLoader';
import { useSession } from './SessionProvider';
import { signedInRedirect } from './signedInRedirect';

/** Wraps /login and /signup: a signed-in visitor, or one who just signed in there, goes to the dashboard. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const redirect = signedInRedirect(useSession());
  if (redirect === 'wait') return <FullPageLoader label={en.app.auth.loadingSession} />;
  if (redirect) return <Navigate to={redirect} replace />;
  return children;
}
