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
}

export interface JwtSettings {
  secret: string;
  ttlSeconds: number;
}

export function signSession(settings: JwtSettings, claims: SessionClaims): string {
  return jwt.sign({ cid: claims.cid, role: claims.role, ver: claims.ver }, settings.secret, {
    algorithm: ALGORITHM,
    subject: claims.sub,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: settings.ttlSeconds,
  });
}

/** Null for anything but a well-formed, unexpired token we signed, with the claims we put in. */
export function verifySession(settings: JwtSettings, token: string): SessionClaims | null {
  try {
    const payload = jwt.verify(token, settings.secret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload === 'string' || payload.exp === undefined) return null;
    const { sub, cid, role, ver } = payload as Partial<SessionClaims>;
    if (typeof sub !== 'string' || typeof cid !== 'number' || typeof ver !== 'number') return null;
    if (role !== 'admin' && role !== 'employee') return null;
    return { sub, cid, role, ver };
  } catch {
    return null;
  }
}
