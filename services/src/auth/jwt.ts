import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import type { Role } from '@teamfolk/shared';

const ISSUER = 'teamfolk';
const ALGORITHM = 'HS256';

const keys = new Map<string, KeyObject>();

/**
 * The secret as a key object, made once: given a string, jsonwebtoken first tries to read it as a
 * PEM public key (createPublicKey, which throws) on every call, about 1 ms of CPU per request.
 */
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/**
 * What a token is for. Each kind has its own audience, so a token of one kind is never accepted as
 * another (a sign-in's second-step challenge is not a session).
 */
export type TokenAudience = 'teamfolk-console' | 'teamfolk-two-factor' | 'teamfolk-device';

/** Signs `claims` for `audience` with the one algorithm and issuer every token of ours uses. */
export function signToken(
  secret: string,
  audience: TokenAudience,
  subject: string,
  claims: object,
  expiresInSeconds?: number,
): string {
  return jwt.sign(claims, keyOf(secret), {
    algorithm: ALGORITHM,
    subject,
    issuer: ISSUER,
    audience,
    ...(expiresInSeconds === undefined ? {} : { expiresIn: expiresInSeconds }),
  });
}

/**
 * The payload of a token we signed for `audience` and that has not expired; null for anything else:
 * another algorithm (`none` included), key, issuer or audience, no `exp`, or a malformed token.
 */
export function verifyToken(secret: string, audience: TokenAudience, token: string): JwtPayload | null {
  try {
    const payload = jwt.verify(token, keyOf(secret), { algorithms: [ALGORITHM], issuer: ISSUER, audience });
    return typeof payload === 'string' || payload.exp === undefined ? null : payload;
  } catch {
    return null;
  }
}

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
  return signToken(settings.secret, 'teamfolk-console', claims.sub, {
    cid: claims.cid,
    role: claims.role,
    ver: claims.ver,
    auth_time: authTime,
    iat: now,
    exp: Math.min(now + settings.idleSeconds, authTime + settings.maxSeconds),
  });
}

/** The claims of a well-formed token we signed, whether or not it has expired since. */
function signedSessionOf(settings: JwtSettings, token: string): VerifiedSession | null {
  const payload = verifyToken(settings.secret, 'teamfolk-console', token);
  if (!payload || payload.exp === undefined || payload.iat === undefined) return null;
  const { sub, cid, role, ver, auth_time: signedInAt } = payload as Partial<SessionClaims> & { auth_time?: unknown };
  if (typeof sub !== 'string' || typeof cid !== 'number' || typeof ver !== 'number') return null;
  if (role !== 'admin' && role !== 'employee') return null;
  // Tokens from before auth_time existed were never renewed: they were issued at the sign-in.
  const authTime = typeof signedInAt === 'number' ? signedInAt : payload.iat;
  return { sub, cid, role, ver, authTime, issuedAt: payload.iat, expiresAt: payload.exp };
}

/**
 * Tokens already verified, by secret: a console sends the same token for a minute. Relies on a
 * token's claims never changing (its signature covers them), so only its times need checking on
 * each use, which verifySession does; only tokens that passed are kept, so forged ones cannot fill it.
 * Measured: bench/README.md#what-the-figures-rest-on
 */
const verifiedSessions = new Map<string, LRUCache<string, VerifiedSession>>();
const VERIFIED_SESSIONS_KEPT = 5_000;

function verifiedSessionsOf(secret: string): LRUCache<string, VerifiedSession> {
  let kept = verifiedSessions.get(secret);
  if (!kept) {
    kept = new LRUCache({ max: VERIFIED_SESSIONS_KEPT });
    verifiedSessions.set(secret, kept);
  }
  return kept;
}

/** Null for anything but a well-formed, unexpired token we signed, with the claims we put in. */
export function verifySession(settings: JwtSettings, token: string): VerifiedSession | null {
  const kept = verifiedSessionsOf(settings.secret);
  let session = kept.get(token) ?? null;
  if (!session) {
    session = signedSessionOf(settings, token);
    // Frozen: every request with this token shares the object.
    if (session) kept.set(token, Object.freeze(session));
  }
  if (!session) return null;
  const now = nowInSeconds();
  if (session.expiresAt <= now) {
    kept.delete(token);
    return null;
  }
  // Past the absolute lifetime a token is refused, whatever its exp says.
  if (session.authTime + settings.maxSeconds <= now) return null;
  return session;
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
