import type { Request, RequestHandler } from 'express';
import { authTexts, User, type Role } from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { verifySession, type JwtSettings } from './jwt';

/**
 * Accepts a request only with a valid bearer token whose user still exists, is active, and has not
 * ended its sessions since the token was issued (token version).
 */
export function requireAuth(jwt: JwtSettings): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw new HttpError(401, authTexts.notSignedIn);
    const claims = verifySession(jwt, token);
    if (!claims) throw new HttpError(401, authTexts.sessionExpired);
    const user = await User.findByPk(Number(claims.sub), {
      attributes: ['id', 'companyId', 'role', 'tokenVersion', 'disabledAt', 'emailVerifiedAt'],
      raw: true,
    });
    if (!user || user.disabledAt || user.tokenVersion !== claims.ver || user.companyId !== claims.cid) {
      throw new HttpError(401, authTexts.sessionExpired);
    }
    req.auth = {
      userId: user.id,
      companyId: user.companyId,
      role: user.role,
      emailVerified: Boolean(user.emailVerifiedAt),
    };
    next();
  };
}

/** The signed-in caller of a route behind requireAuth. */
export function sessionOf(req: Request): AuthContext {
  if (!req.auth) throw new HttpError(401, authTexts.notSignedIn);
  return req.auth;
}

/** Refuses callers of another role with 403; mount after requireAuth. */
export function requireRole(role: Role): RequestHandler {
  return (req, _res, next) => {
    if (sessionOf(req).role !== role) throw new HttpError(403, authTexts.adminOnly);
    next();
  };
}

/**
 * Refuses an admin whose address is not verified yet: nothing goes out in the company's name (an
 * invitation) and nothing is charged until the address is proven.
 */
export const requireVerifiedEmail: RequestHandler = (req, _res, next) => {
  if (!sessionOf(req).emailVerified) throw new HttpError(403, authTexts.emailVerificationRequired);
  next();
};
