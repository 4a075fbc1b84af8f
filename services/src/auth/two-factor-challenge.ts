import jwt from 'jsonwebtoken';
import { TWO_FACTOR_CHALLENGE_TTL_SECONDS } from '@teamfolk/shared';
import type { JwtSettings } from './jwt';

/**
 * The proof that the password step of a sign-in succeeded, handed to the browser for the second
 * step. Signed like a session (HS256, same issuer) but for another audience, so neither token is
 * ever accepted as the other: the session check (jwt.ts) demands `teamfolk-console`.
 */
const ISSUER = 'teamfolk';
const AUDIENCE = 'teamfolk-two-factor';
const ALGORITHM = 'HS256';

export interface ChallengeClaims {
  userId: number;
  companyId: number;
  /** The token version at the password step: a password change in between voids the challenge. */
  tokenVersion: number;
}

export function signTwoFactorChallenge(settings: JwtSettings, claims: ChallengeClaims): string {
  return jwt.sign({ cid: claims.companyId, ver: claims.tokenVersion }, settings.secret, {
    algorithm: ALGORITHM,
    subject: String(claims.userId),
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: TWO_FACTOR_CHALLENGE_TTL_SECONDS,
  });
}

/** Null for anything but an unexpired challenge we signed. */
export function verifyTwoFactorChallenge(settings: JwtSettings, challenge: string): ChallengeClaims | null {
  try {
    const payload = jwt.verify(challenge, settings.secret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload === 'string' || payload.exp === undefined) return null;
    const { sub, cid, ver } = payload as { sub?: unknown; cid?: unknown; ver?: unknown };
    const userId = Number(sub);
    if (typeof sub !== 'string' || !Number.isSafeInteger(userId)) return null;
    if (typeof cid !== 'number' || typeof ver !== 'number') return null;
    return { userId, companyId: cid, tokenVersion: ver };
  } catch {
    return null;
  }
}
