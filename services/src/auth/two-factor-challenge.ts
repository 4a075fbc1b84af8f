import { TWO_FACTOR_CHALLENGE_TTL_SECONDS } from '@teamfolk/shared';
import { signToken, verifyToken, type JwtSettings } from './jwt';

/**
 * The proof that the password step of a sign-in succeeded, handed to the browser for the second
 * step. Signed like a session but for its own audience, so neither token is ever accepted as the other.
 */
export interface ChallengeClaims {
  userId: number;
  companyId: number;
  /** The token version at the password step: a password change in between voids the challenge. */
  tokenVersion: number;
}

export function signTwoFactorChallenge(settings: JwtSettings, claims: ChallengeClaims): string {
  return signToken(
    settings.secret,
    'teamfolk-two-factor',
    String(claims.userId),
    { cid: claims.companyId, ver: claims.tokenVersion },
    TWO_FACTOR_CHALLENGE_TTL_SECONDS,
  );
}

/** Null for anything but an unexpired challenge we signed. */
export function verifyTwoFactorChallenge(settings: JwtSettings, challenge: string): ChallengeClaims | null {
  const payload = verifyToken(settings.secret, 'teamfolk-two-factor', challenge);
  if (!payload) return null;
  const { sub, cid, ver } = payload as { sub?: unknown; cid?: unknown; ver?: unknown };
  const userId = Number(sub);
  if (typeof sub !== 'string' || !Number.isSafeInteger(userId)) return null;
  if (typeof cid !== 'number' || typeof ver !== 'number') return null;
  return { userId, companyId: cid, tokenVersion: ver };
}
