import type { Logger, Role, SessionUser, SubscriptionTimes } from '@teamfolk/shared';

export interface AuthContext {
  userId: number;
  companyId: number;
  role: Role;
  emailVerified: boolean;
  /** The teams the user approves for (issue 30): canAccess reads it; absent where no session was read (a job). */
  approvesTeams?: ReadonlyArray<{ id: number }>;
  /** The company's data version (migration 0019) read with the session: see KeptReplies and BalancesService.refreshCompany. */
  dataVersion?: string;
}

declare global {
  // Express's Request is only extensible through its global namespace.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The request's id (X-Request-Id), set by logRequests. */
      id: string;
      /** The process's logger bound to the request's id. */
      log: Logger;
      auth?: AuthContext;
      /** The signed-in caller's company subscription (null: none yet), read with the session. */
      companySubscription?: SubscriptionTimes | null;
      /** The signed-in caller as GET /api/auth/me answers, read with the session where asked for. */
      sessionUser?: SessionUser;
      /** Whether sessionUser's stored balance figures have passed the day they stop being true. */
      sessionFiguresStale?: boolean;
    }
  }
}
