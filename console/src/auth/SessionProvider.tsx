import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { session as defaultSession, type SessionState, type SessionStore } from './session';

const SessionContext = createContext<SessionStore>(defaultSession);

export function SessionProvider({ store = defaultSession, children }: { store?: SessionStore; children: ReactNode }) {
  useEffect(() => {
    store.start();
  }, [store]);
  return <SessionContext value={store}>{children}</SessionContext>;
}

export type SessionContextValue = SessionState &
  Pick<
    SessionStore,
    | 'login'
    | 'completeTwoFactorLogin'
    | 'adoptSession'
    | 'signup'
    | 'acceptInvitation'
    | 'logout'
    | 'refresh'
    | 'resendVerification'
  >;

export function useSession(): SessionContextValue {
  const store = useContext(SessionContext);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return useMemo(
    () => ({
      ...state,
      login: store.login,
      completeTwoFactorLogin: store.completeTwoFactorLogin,
      adoptSession: store.adoptSession,
      signup: store.signup,
      acceptInvitation: store.acceptInvitation,
      logout: store.logout,
      refresh: store.refresh,
      resendVerification: store.resendVerification,
    }),
    [state, store],
  );
}

/** The store itself, for code that needs the session outside React's render (react-admin's authProvider). */
export function useSessionStore(): SessionStore {
  return useContext(SessionContext);
}

/** The company's subscription has ended: screens show that state instead of data they cannot load (spec section 4). */
export function useSubscriptionExpired(): boolean {
  return useSession().user?.subscriptionExpired === true;
}
