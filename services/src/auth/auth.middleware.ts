import type { Request, RequestHandler } from 'express';
import {
  authTexts,
  BACKGROUND_REQUEST_HEADER,
  runAsCompany,
  SESSION_TOKEN_HEADER,
  User,
  withTenantConnection,
  type Role,
  type SessionUser,
  type SubscriptionTimes,
} from '@teamfolk/shared';
import { recordSecurityEvent } from '../audit/security-events';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { renewedSession, verifySession, type JwtSettings } from './jwt';
import { SESSION_USER_COLUMNS, SESSION_USER_JOINS, toSessionUser, type SessionUserRow } from './session-user';

interface SessionRow {
  id: number;
  companyId: number;
  role: Role;
  tokenVersion: number;
  disabledAt: Date | null;
  emailVerifiedAt: Date | null;
  subscription: SubscriptionTimes | null;
  /**
   * The company's data version: its slots' values, '' while none of its leave or people has changed.
   * Not read with the profile: /auth/me keeps no reply.
   */
  dataVersion: string | undefined;
  /** The session user (GET /api/auth/me), when asked for. */
  profile: SessionUser | null;
}

/** The session row as Postgres writes it (JSON): timestamps as ISO text, numerics as numbers. */
type SessionJson = Partial<SessionUserRow> & {
  id: number;
  company_id: number;
  role: Role;
  token_version: number;
  disabled_at: string | null;
  email_verified_at: string | null;
  status: SubscriptionTimes['status'] | null;
  current_period_end: string | null;
  ended_at: string | null;
  updated_at: string | null;
  data_version: string | null;
};

/** The company's data version (migration 0019), for KeptReplies. */
const DATA_VERSION_COLUMN = `(SELECT string_agg(v.slot || ':' || v.version, ' ' ORDER BY v.slot)
                                FROM company_versions v WHERE v.company_id = u.company_id) AS data_version`;

const dateOf = (value: string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The caller, their company's subscription and its data version (for KeptReplies) in one query: it
 * runs before every signed-in request. With `withProfile` the same query reads the session user
 * instead of the version, so /auth/me costs one round trip.
 * The row comes back as one JSON text: node-postgres spends about half a microsecond per column of a
 * result setting up its parsers, and parses each timestamp on its own, where one JSON.parse reads the
 * whole row (23 columns with the profile): node-postgres's share of /auth/me went from 35 to 13.5 µs of
 * CPU a request (CPU profiles under the same load).
 */
async function sessionRowOf(userId: number, withProfile: boolean): Promise<SessionRow | null> {
  const [found] = await withTenantConnection(User.sequelize!, async (connection) => {
    const { rows } = await connection.query<{ session: string }>({
      name: withProfile ? 'session-user-with-profile' : 'session-user',
      text: `SELECT row_to_json(session)::text AS session
               FROM (SELECT u.id, u.company_id, u.role, u.token_version, u.disabled_at, u.email_verified_at,
                            s.status, s.current_period_end, s.ended_at, s.updated_at,
                            ${withProfile ? SESSION_USER_COLUMNS : DATA_VERSION_COLUMN}
                       FROM users u LEFT JOIN subscriptions s ON s.company_id = u.company_id
                       ${withProfile ? SESSION_USER_JOINS : ''}
                      WHERE u.id = $1) session`,
      values: [userId],
    });
    return rows;
  });
  if (!found) return null;
  const row = JSON.parse(found.session) as SessionJson;
  const subscription = row.status
    ? {
        status: row.status,
        currentPeriodEnd: dateOf(row.current_period_end),
        endedAt: dateOf(row.ended_at),
        updatedAt: dateOf(row.updated_at),
      }
    : null;
  return {
    id: row.id,
    companyId: row.company_id,
    role: row.role,
    tokenVersion: row.token_version,
    disabledAt: dateOf(row.disabled_at),
    emailVerifiedAt: dateOf(row.email_verified_at),
    subscription,
    dataVersion: withProfile ? undefined : (row.data_version ?? ''),
    profile: withProfile ? toSessionUser(row as SessionUserRow, subscription) : null,
  };
}

/** The refusal of a request, written to the security log first (ASVS 16.3.2). */
async function refused(
  req: Request,
  status: 401 | 403,
  message: string,
  who: { userId?: number; companyId?: number } = {},
): Promise<HttpError> {
  await recordSecurityEvent(req, {
    kind: status === 401 ? 'access.unauthenticated' : 'access.forbidden',
    status,
    userId: who.userId,
    companyId: who.companyId,
  });
  return new HttpError(status, message);
}

/**
 * Accepts a request only with a valid bearer token whose user still exists, is active, and has not
 * ended its sessions since the token was issued (token version). The rest of the request runs as
 * the token's company, which row-level security holds every query to. An active user's token is
 * renewed on the way (X-Session-Token), within the session's absolute lifetime. The same query reads
 * the company's subscription, for requireLiveSubscription, its data version, for KeptReplies, and
 * with `withProfile` the session user (`req.sessionUser`).
 *
 * The request goes on after the event loop has read every socket that is ready (setImmediate), not
 * straight from the session query's answer, so the replies of one turn leave together. It relies on
 * nothing after the session check needing to run in the turn that answered it.
 * Measured: bench/README.md#what-the-figures-rest-on
 */
export function requireAuth(jwt: JwtSettings, { withProfile = false }: { withProfile?: boolean } = {}): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw await refused(req, 401, authTexts.notSignedIn);
    const claims = verifySession(jwt, token);
    if (!claims) throw await refused(req, 401, authTexts.sessionExpired);
    await runAsCompany(claims.cid, async () => {
      const user = await sessionRowOf(Number(claims.sub), withProfile);
      if (!user || user.disabledAt || user.tokenVersion !== claims.ver || user.companyId !== claims.cid) {
        throw await refused(
          req,
          401,
          authTexts.sessionExpired,
          user ? { userId: user.id, companyId: user.companyId } : {},
        );
      }
      req.companySubscription = user.subscription;
      req.companyDataVersion = user.dataVersion;
      if (user.profile) req.sessionUser = user.profile;
      req.auth = {
        userId: user.id,
        companyId: user.companyId,
        role: user.role,
        emailVerified: Boolean(user.emailVerifiedAt),
      };
      const renewed = req.get(BACKGROUND_REQUEST_HEADER) ? null : renewedSession(jwt, claims);
      if (renewed) res.setHeader(SESSION_TOKEN_HEADER, renewed);
      setImmediate(next);
    });
  };
}

/** The signed-in caller of a route behind requireAuth. */
export function sessionOf(req: Request): AuthContext {
  if (!req.auth) throw new HttpError(401, authTexts.notSignedIn);
  return req.auth;
}

/** Refuses callers of another role with 403; mount after requireAuth. */
export function requireRole(role: Role): RequestHandler {
  return async (req, _res, next) => {
    const session = sessionOf(req);
    if (session.role !== role) throw await refused(req, 403, authTexts.adminOnly, session);
    next();
  };
}

/**
 * Refuses an admin whose address is not verified yet: nothing goes out in the company's name (an
 * invitation) and nothing is charged until the address is proven.
 */
export const requireVerifiedEmail: RequestHandler = async (req, _res, next) => {
  const session = sessionOf(req);
  if (!session.emailVerified) throw await refused(req, 403, authTexts.emailVerificationRequired, session);
  next();
};
