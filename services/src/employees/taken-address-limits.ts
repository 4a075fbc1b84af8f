import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { rateLimitCounterIdOfEmail, tooManyTakenAddressesText, type Logger } from '@teamfolk/shared';
import { recordSecurityEvent } from '../audit/security-events';
import { sessionOf } from '../auth/auth.middleware';
import { callLimitsRedis, type RateLimitSettings } from '../auth/rate-limits';
import { HttpError } from '../http/errors';
import { EmailTakenElsewhereError } from './employees.service';

/**
 * Makes room for an address (ARGV[1]) in the company's and the admin's sets of refused addresses
 * (KEYS[1], KEYS[2]; limits ARGV[2], ARGV[3]; window ARGV[4] seconds from a set's first member).
 * A set already holding the address always has room. Atomic, so parallel requests cannot all pass.
 * Answers {1, which sets gained it: 1 the company's, 2 the admin's, 3 both}, or {0, seconds to wait}.
 */
const RESERVE = `
local limits = { tonumber(ARGV[2]), tonumber(ARGV[3]) }
local full, wait = false, 1
for i, key in ipairs(KEYS) do
  if redis.call('SISMEMBER', key, ARGV[1]) == 0 and redis.call('SCARD', key) >= limits[i] then
    full = true
    wait = math.max(wait, redis.call('TTL', key))
  end
end
if full then return {0, wait} end
local added = 0
for i, key in ipairs(KEYS) do
  if redis.call('SADD', key, ARGV[1]) == 1 then added = added + i end
  if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[4]) end
end
return {1, added}
`;

interface Reservation {
  keys: [string, string];
  member: string;
  /** Which of the keys gained the member (bit 1: the company's, bit 2: the admin's). */
  added: number;
}

/**
 * The reply to a new employee's address says whether it has a Teamfolk account with another company
 * (409 before any payment, or the next step otherwise): an admin could probe for accounts. Each
 * admin, and each company, may have so many addresses refused that way within the window, counted
 * as distinct addresses (hashed) in Redis next to the sign-in limits. While a request checks an
 * address, the address holds a place (so parallel probes cannot all pass); a refusal keeps it, any
 * other outcome gives it back. When the places are taken, any new address waits (429), taken or
 * not, so the wait tells nothing either. Every refusal and every wait is written to the security
 * log. A Redis failure lets the request through, as the sign-in limits do.
 */
export class TakenAddressLimits {
  constructor(
    private readonly redis: Redis,
    private readonly settings: RateLimitSettings,
    private readonly logger: Logger,
  ) {}

  /** Runs `work`, which may refuse `email` as another company's account (EmailTakenElsewhereError). */
  async limit<T>(req: Request, email: string | undefined, work: () => Promise<T>): Promise<T> {
    if (email === undefined) return work();
    const { companyId, userId } = sessionOf(req);
    const reservation = await this.reserve(req, companyId, userId, email);
    try {
      const result = await work();
      await this.release(reservation);
      return result;
    } catch (error) {
      if (error instanceof EmailTakenElsewhereError) {
        // Who asked, not whom: the address is another company's person's.
        await recordSecurityEvent(req, { kind: 'employee.email-taken-elsewhere', status: 409, userId, companyId });
      } else {
        await this.release(reservation);
      }
      throw error;
    }
  }

  private async reserve(req: Request, companyId: number, userId: number, email: string): Promise<Reservation | null> {
    const { keyPrefix, takenAddresses } = this.settings;
    const keys: [string, string] = [
      `${keyPrefix}:taken-address:company:${companyId}`,
      `${keyPrefix}:taken-address:admin:${userId}`,
    ];
    const member = rateLimitCounterIdOfEmail(email);
    const limits = [takenAddresses.perCompany, takenAddresses.perAdmin, takenAddresses.windowSeconds].map(String);
    let answer: [number, number];
    try {
      answer = (await callLimitsRedis(this.redis, () =>
        this.redis.eval(RESERVE, keys.length, ...keys, member, ...limits),
      )) as [number, number];
    } catch (error) {
      this.logger.warn({ err: error }, 'taken-address limit unavailable: request let through');
      return null;
    }
    const [allowed, detail] = answer;
    if (allowed === 1) return { keys, member, added: detail };
    await recordSecurityEvent(req, { kind: 'request.throttled', status: 429, userId, companyId });
    req.res?.setHeader('Retry-After', String(detail));
    throw new HttpError(429, tooManyTakenAddressesText(detail));
  }

  private async release(reservation: Reservation | null): Promise<void> {
    if (!reservation || reservation.added === 0) return;
    const { keys, member, added } = reservation;
    const gained = keys.filter((_key, index) => (added & (1 << index)) !== 0);
    try {
      await callLimitsRedis(this.redis, () => Promise.all(gained.map((key) => this.redis.srem(key, member))));
    } catch (error) {
      this.logger.warn({ err: error }, 'taken-address limit could not give a place back');
    }
  }
}
