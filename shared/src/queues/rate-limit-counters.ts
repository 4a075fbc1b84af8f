import { createHash } from 'node:crypto';

/*
 * The sign-in rate limits (services/src/auth/rate-limits.ts) count attempts per account in Redis
 * under `<queue prefix>:rate-limit:<route>:account:<id>`, where the id is the SHA-256 (base64url) of
 * the lower-cased e-mail address or of the invitation token, never the address itself. Erasures
 * remove the counters of the people they erase by these ids.
 */

/** The Redis key pattern of every per-account counter under a queue prefix. */
export const rateLimitAccountCounterPattern = (queuePrefix: string) => `${queuePrefix}:rate-limit:*:account:*`;

/** The counter id of an account as the limits see it (a normalised address, or a token). */
export function rateLimitCounterIdOf(account: string): string {
  return createHash('sha256').update(account).digest('base64url');
}

/** The counter id of an e-mail address. */
export function rateLimitCounterIdOfEmail(email: string): string {
  return rateLimitCounterIdOf(email.trim().toLowerCase());
}

/** The counter id of an invitation link, from the token's stored SHA-256 (hex): the same digest. */
export function rateLimitCounterIdOfTokenHash(tokenHashHex: string): string {
  return Buffer.from(tokenHashHex, 'hex').toString('base64url');
}
