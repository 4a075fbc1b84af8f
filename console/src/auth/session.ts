import {
  authTexts,
  isTwoFactorChallenge,
  type AcceptInvitationPayload,
  type LoginPayload,
  type SessionReply,
  type SessionUser,
  type SignupPayload,
  type SignupReply,
  type TwoFactorChallengeReply,
  type TwoFactorLoginPayload,
} from '@teamfolk/shared/contracts';
import { canAccess } from '@teamfolk/shared/rules';
import { errorMessage } from '../providers/apiError';
import { dataProvider } from '../providers/dataProvider';
import { onSubscriptionExpired, onUnauthorized } from '../providers/httpClient';
import { clearToken, readDeviceToken, readToken, storeDeviceToken, storeToken } from './tokenStorage';

/** Why the last session ended: an explicit logout leads home, an expired session leads to the login page. */
export type SessionEndReason = 'logout' | 'expired';

export interface SessionState {
  user: SessionUser | null;
  loading: boolean;
  endReason: SessionEndReason | null;
}

export type ResendVerificationResult = { success: true } | { success: false; message: string };

/**
 * The signed-in user (spec section 4), shared by the public pages and react-admin's authProvider.
 * A plain store rather than React state so that the authProvider can read it outside components.
 */
export class SessionStore {
  private state: SessionState;
  private readonly listeners = new Set<() => void>();
  private started = false;
  /** Bumped whenever the user changes, so that a slow /auth/me reply cannot undo a newer login or logout. */
  private generation = 0;
  /** The last subscription sync, settled either way. */
  private lastSync: Promise<void> = Promise.resolve();

  constructor() {
    this.state = { user: null, loading: readToken() !== null, endReason: null };
    onUnauthorized(() => {
      if (this.state.user) this.expire();
    });
    onSubscriptionExpired(this.markSubscriptionExpired);
  }

  getSnapshot = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Restores the session from the stored token. Idempotent, so StrictMode's double effects fetch once. */
  start = (): void => {
    if (this.started) return;
    this.started = true;
    if (!readToken()) return;
    const generation = this.generation;
    dataProvider.getSessionUser().then(
      ({ data: user }) => {
        if (generation !== this.generation) return;
        this.setState({ user, loading: false, endReason: null });
        this.syncSubscription(user);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        console.error(authTexts.fetchUserFailedLog, error);
        clearToken();
        this.setState({ user: null, loading: false, endReason: null });
      },
    );
  };

  /**
   * The password step. With two-step sign-in on, no session starts yet: the reply is the challenge
   * that {@link completeTwoFactorLogin} sends back with a code. The device token of this browser's
   * last sign-in to the account goes along: it lets the browser in while others' failed guesses have
   * the account locked.
   */
  login = async (credentials: LoginPayload): Promise<SessionUser | TwoFactorChallengeReply> => {
    const deviceToken = readDeviceToken(credentials.email);
    const body: LoginPayload = deviceToken ? { ...credentials, deviceToken } : credentials;
    const { data: reply } = await dataProvider.login(body);
    if (isTwoFactorChallenge(reply)) return reply;
    storeDeviceToken(reply.user.email, reply.deviceToken);
    this.signIn(reply);
    this.syncSubscription(reply.user);
    return reply.user;
  };

  /** The second step of a sign-in: the challenge and a code from the app (or a recovery code). */
  completeTwoFactorLogin = async (payload: TwoFactorLoginPayload): Promise<SessionUser> => {
    const { data: reply } = await dataProvider.completeTwoFactorLogin(payload);
    storeDeviceToken(reply.user.email, reply.deviceToken);
    this.signIn(reply);
    this.syncSubscription(reply.user);
    return reply.user;
  };

  /**
   * A fresh session the server issued while ending the others (a password change, turning two-step
   * sign-in on): this tab carries on with it.
   */
  adoptSession = (reply: SessionReply): void => {
    this.signIn(reply);
  };

  signup = async (payload: SignupPayload): Promise<SignupReply> => {
    const { data: reply } = await dataProvider.signup(payload);
    if ('token' in reply) this.signIn(reply);
    return reply;
  };

  acceptInvitation = async (payload: AcceptInvitationPayload): Promise<SessionUser> => {
    const { data: reply } = await dataProvider.acceptInvitation(payload);
    this.signIn(reply);
    return reply.user;
  };

  /**
   * Ends the session on the server too (every token of the user stops working), then here. The
   * request leaves with the token before it is cleared; its failure (offline, already expired) is
   * ignored: the local session ends either way.
   */
  logout = (): void => {
    if (readToken()) {
      dataProvider.logout().catch(() => undefined);
    }
    this.end('logout');
  };

  /** The server no longer accepts the token (a 401 while signed in). */
  expire = (): void => {
    this.end('expired');
  };

  /**
   * Re-reads the user; a failure is only logged and the current state is kept. `background` for a
   * refresh the page makes by itself, which must not keep the session alive.
   */
  refresh = async ({ background = false }: { background?: boolean } = {}): Promise<void> => {
    if (!this.state.user) return;
    const generation = this.generation;
    try {
      const { data: user } = await dataProvider.getSessionUser({ background });
      if (generation !== this.generation) return;
      this.setState({ ...this.state, user });
      this.syncSubscription(user);
    } catch (error) {
      console.error(authTexts.refreshFailedLog, error);
    }
  };

  /**
   * Settles once the last subscription sync has answered: a payment it finished (one whose return page
   * was lost) is on record by then, for the screens that report it.
   */
  subscriptionSynced = (): Promise<void> => this.lastSync;

  /** A call answered 402 subscriptionExpired: the subscription ended since the user was read. */
  markSubscriptionExpired = (): void => {
    const { user } = this.state;
    if (user && !user.subscriptionExpired)
      this.setState({ ...this.state, user: { ...user, subscriptionExpired: true } });
  };

  resendVerification = async (email: string): Promise<ResendVerificationResult> => {
    try {
      await dataProvider.resendVerification(email);
      return { success: true };
    } catch (error) {
      return { success: false, message: errorMessage(error, authTexts.resendFailed) };
    }
  };

  private signIn({ token, user }: SessionReply): void {
    storeToken(token);
    this.generation += 1;
    this.setState({ user, loading: false, endReason: null });
  }

  private end(reason: SessionEndReason): void {
    clearToken();
    this.generation += 1;
    this.setState({ user: null, loading: false, endReason: reason });
  }

  /** The spec ignores every failure of this call (it only refreshes the subscription's state). */
  private syncSubscription(user: SessionUser): void {
    if (!canAccess(user, { resource: 'billing', action: 'sync' })) return;
    this.lastSync = dataProvider.syncSubscription().then(
      () => undefined,
      () => undefined,
    );
  }

  private setState(next: SessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

export const session = new SessionStore();
