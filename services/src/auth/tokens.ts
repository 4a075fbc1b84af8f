import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_TOKEN_TTL_HOURS } from '@teamfolk/shared';

export interface IssuedToken {
  /** Goes into the e-mailed link only. */
  token: string;
  /** What the database keeps: a leaked table reveals no usable link. */
  tokenHash: string;
  expiresAt: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function issueEmailToken(now = new Date()): IssuedToken {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_HOURS * 3600 * 1000),
  };
}
