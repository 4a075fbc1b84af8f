import type { Request, RequestHandler } from 'express';
import {
  authTexts,
  BACKGROUND_REQUEST_HEADER,
  canAccess,
  runAsCompany,
  SESSION_TOKEN_HEADER,
  type AccessAction,
  type AccessRequest,
  type AccessResource,
} from '@teamfolk/shared';
import { recordSecurityEvent } from '../audit/security-events';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { readSessionCheck } from './auth.repository';
import { renewedSession, verifySession, type JwtSettings } from './jwt';
import { toSessionUser } from './session-user';

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
 * renewed on the way (X-Session-Token), within the session's absolute lifetime. The same query (the
 * repository's session check) reads the company's subscription, for requireLiveSubscription, its data
 * version, for KeptReplies, and with `withProfile` the session user (`req.sessionUser`).
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
      const user = await readSessionCheck(Number(claims.sub), withProfile);
      if (!user || user.disabledAt || user.tokenVersion !== claims.ver || user.companyId !== claims.cid) {
        throw await refused(
          req,
          401,
          authTexts.sessionExpired,
          user ? { userId: user.id, companyId: user.companyId } : {},
        );
      }
      req.companySubscription = user.subscription;
      if (user.profile) {
        req.sessionUser = toSessionUser(user.profile, user.subscription);
        req.sessionFiguresStale = user.profile.figures_stale;
      }
      req.auth = {
        userId: user.id,
        companyId: user.companyId,
        role: user.role,
        emailVerified: Boolean(user.emailVerifiedAt),
        approvesTeams: user.approvesTeams,
        dataVersion: user.dataVersion,
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

/**
 * What a router's signed-in routes run first, as app.ts hands it to the router: requireAuth, and the
 * gates app.ts puts behind it for that router (requireLiveSubscription).
 */
export type SessionGuard = RequestHandler[];

/**
 * Refuses with 403 a caller whom canAccess does not let do `action` on `resource` at all; mount after
 * the session guard. A right that depends on a record is asked of canAccess again, with the record,
 * where the record is known.
 */
export function requirePermission<Resource extends AccessResource>(
  resource: Resource,
  action: AccessAction<Resource>,
): RequestHandler {
  const request = { resource, action } as AccessRequest;
  return async (req, _res, next) => {
    const session = sessionOf(req);
    if (!canAccess(session, request)) throw await refused(req, 403, authTexts.adminOnly, session);
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
