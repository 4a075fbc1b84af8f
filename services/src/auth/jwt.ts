import jwt from 'jsonwebtoken';
import type { Role } from '@teamfolk/shared';

const ISSUER = 'teamfolk';
const AUDIENCE = 'teamfolk-console';
const ALGORITHM = 'HS256';

export interface SessionClaims {
  sub: string;
  cid: number;
  role: Role;
  /** The user's token version: raising it ends every session issued before. */
  ver: number;
  /** When the user signed in (seconds since the epoch); renewed tokens keep it. Default: now. */
  authTime?: number;
}

/** A token we signed and still accept: its claims and its own times (seconds since the epoch). */
export interface VerifiedSession extends SessionClaims {
  authTime: number;
  issuedAt: number;
  expiresAt: number;
}

export interface JwtSettings {
  secret: string;
  /** Inactivity limit: a token expires this long after it was issued, unless a request renews it. */
  idleSeconds: number;
  /** Absolute limit: no token is valid longer than this after the sign-in, however active the user. */
  maxSeconds: number;
}

const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * A session token (ASVS 7.3.1, 7.3.2): it expires after the idle period, and never later than the
 * absolute lifetime after the sign-in (the `auth_time` claim).
 */
export function signSession(settings: JwtSettings, claims: SessionClaims): string {
  const now = nowInSeconds();
  const authTime = claims.authTime ?? now;
  return jwt.sign(
    {
      cid: claims.cid,
      role: claims.role,
      ver: claims.ver,
      auth_time: authTime,
      iat: now,
      exp: Math.min(now + settings.idleSeconds, authTime + settings.maxSeconds),
    },
    settings.secret,
    { algorithm: ALGORITHM, subject: claims.sub, issuer: ISSUER, audience: AUDIENCE },
  );
}

/** Null for anything but a well-formed, unexpired token we signed, with the claims we put in. */
export function verifySession(settings: JwtSettings, token: string): VerifiedSession | null {
  try {
    const payload = jwt.verify(token, settings.secret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload === 'string' || payload.exp === undefined || payload.iat === undefined) return null;
    const { sub, cid, role, ver, auth_time: signedInAt } = payload as Partial<SessionClaims> & { auth_time?: unknown };
    if (typeof sub !== 'string' || typeof cid !== 'number' || typeof ver !== 'number') return null;
    if (role !== 'admin' && role !== 'employee') return null;
    // Tokens from before auth_time existed were never renewed: they were issued at the sign-in.
    const authTime = typeof signedInAt === 'number' ? signedInAt : payload.iat;
    // Past the absolute lifetime a token is refused, whatever its exp says.
    if (authTime + settings.maxSeconds <= nowInSeconds()) return null;
    return { sub, cid, role, ver, authTime, issuedAt: payload.iat, expiresAt: payload.exp };
  } catch {
    return null;
  }
}

/**
 * While the user is active, a fresh token to hand back once the current one is a minute old (or half
 * its idle life, if shorter): the inactivity limit then holds to within that, and a busy console does
 * not get a new token on every reply. Null when it is too soon, or when the absolute lifetime leaves
 * nothing to extend.
 */
export function renewedSession(settings: JwtSettings, session: VerifiedSession): string | null {
  const now = nowInSeconds();
  const renewAfter = Math.min(60, Math.floor(settings.idleSeconds / 2));
  if (now - session.issuedAt < renewAfter) return null;
  const expiresAt = Math.min(now + settings.idleSeconds, session.authTime + settings.maxSeconds);
  if (expiresAt <= session.expiresAt) return null;
  return signSession(settings, session);
}
