import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { DEVICE_TOKEN_TTL_DAYS, rateLimitCounterIdOfEmail } from '@teamfolk/shared';
import { signToken, verifyToken } from './jwt';

const TTL_SECONDS = DEVICE_TOKEN_TTL_DAYS * 24 * 3600;

/**
 * OWASP's device cookies, as a token the console keeps and sends back with the password: proof that
 * this browser signed in to this account before. Failed sign-ins with it count against the device
 * (rate-limits.ts), not against the account, so someone who locks the account by guessing its
 * password does not lock its owner out. Signed for an audience of its own (never a session), it
 * names a random device id and the account by its counter id (a hash of the address, not the address).
 */
export class DeviceTokens {
  /** The device each request's token names, once verified (the limiters and the route each ask). */
  private readonly verified = new WeakMap<Request, string | null>();

  constructor(private readonly secret: string) {}

  /** A token for `email` on the device `deviceId`, or on a new device. */
  issue(email: string, deviceId: string = randomBytes(16).toString('base64url')): string {
    return signToken(this.secret, 'teamfolk-device', deviceId, { acct: rateLimitCounterIdOfEmail(email) }, TTL_SECONDS);
  }

  /**
   * The device id of the request's `deviceToken` when it is one we signed, unexpired, for the
   * account its `email` names; undefined otherwise (no token, a forged one, another account's).
   */
  deviceOf(req: Request): string | undefined {
    if (!this.verified.has(req)) this.verified.set(req, this.verify(req.body));
    return this.verified.get(req) ?? undefined;
  }

  private verify(body: unknown): string | null {
    if (typeof body !== 'object' || body === null) return null;
    const { email, deviceToken } = body as { email?: unknown; deviceToken?: unknown };
    if (typeof email !== 'string' || typeof deviceToken !== 'string') return null;
    const payload = verifyToken(this.secret, 'teamfolk-device', deviceToken);
    if (!payload || typeof payload.sub !== 'string') return null;
    return (payload as { acct?: unknown }).acct === rateLimitCounterIdOfEmail(email) ? payload.sub : null;
  }
}
