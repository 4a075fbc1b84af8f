import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { rateLimitCounterIdOfEmail, tooManyTakenAddressesText, type Logger } from '@teamfolk/shared';
import { recordSecurityEvent } from '../audit/security-events';
import { sessionOf } from '../auth/auth.middleware';
import { callLimitsRedis, type RateLimitSettings } from '../auth/rate-limits';
import { HttpError } from '../http/errors';
import { EmailTakenElsewhereError } from './employees.service';

/**
 * Whether the company's or the admin's set of refused addresses (KEYS[1], KEYS[2]; limits ARGV[2],
 * ARGV[3]) is full for the address ARGV[1]: a set already holding it always has room. With ARGV[4]
 * (the window in seconds from a set's first member) the address is also added in the same atomic
 * step, so parallel refusals cannot all take the last place. Answers {1} when there was room, or
 * {0, seconds to wait}.
 */
const ROOM_FOR = `
local limits = { tonumber(ARGV[2]), tonumber(ARGV[3]) }
local full, wait = false, 1
for i, key in ipairs(KEYS) do
  if redis.call('SISMEMBER', key, ARGV[1]) == 0 and redis.call('SCARD', key) >= limits[i] then
    full = true
    wait = math.max(wait, redis.call('TTL', key))
  end
end
if full then return {0, wait} end
if ARGV[4] then
  for _, key in ipairs(KEYS) do
    redis.call('SADD', key, ARGV[1])
    if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[4]) end
  end
end
return {1}
`;

interface RefusedAddressSets {
  keys: [string, string];
  member: string;
}

/**
 * The reply to a new employee's address says whether it has a Teamfolk account with another company
 * (409 before any payment, or the next step otherwise): an admin could probe for accounts. Each
 * admin, and each company, may have so many addresses refused that way within the window, counted
 * as distinct addresses (hashed) in Redis next to the sign-in limits. Once either is full, any new
 * address waits (429), taken or not, so the wait tells nothing; a refusal that finds the last place
 * taken by a parallel one waits too. Addresses that are not refused hold no place, so an admin's
 * parallel hires never wait on each other. Every refusal and every wait is written to the security
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
    const sets: RefusedAddressSets = {
      keys: [
        `${this.settings.keyPrefix}:taken-address:company:${companyId}`,
        `${this.settings.keyPrefix}:taken-address:admin:${userId}`,
      ],
      member: rateLimitCounterIdOfEmail(email),
    };
    await this.waitUnlessRoom(req, sets, false);
    try {
      return await work();
    } catch (error) {
      if (error instanceof EmailTakenElsewhereError) {
        await this.waitUnlessRoom(req, sets, true);
        // Who asked, not whom: the address is another company's person's.
        await recordSecurityEvent(req, { kind: 'employee.email-taken-elsewhere', status: 409, userId, companyId });
      }
      throw error;
    }
  }

  /** 429 when the sets are full for the address; `refused` also counts it in them. */
  private async waitUnlessRoom(req: Request, { keys, member }: RefusedAddressSets, refused: boolean): Promise<void> {
    const { perCompany, perAdmin, windowSeconds } = this.settings.takenAddresses;
    const args = [member, String(perCompany), String(perAdmin), ...(refused ? [String(windowSeconds)] : [])];
    let answer: number[];
    try {
      answer = (await callLimitsRedis(this.redis, () =>
        this.redis.eval(ROOM_FOR, keys.length, ...keys, ...args),
      )) as number[];
    } catch (error) {
      this.logger.warn({ err: error }, 'taken-address limit unavailable: request let through');
      return;
    }
    const [room, wait = 1] = answer;
    if (room === 1) return;
    const { companyId, userId } = sessionOf(req);
    await recordSecurityEvent(req, { kind: 'request.throttled', status: 429, userId, companyId });
    req.res?.setHeader('Retry-After', String(wait));
    throw new HttpError(429, tooManyTakenAddressesText(wait));
  }
}
