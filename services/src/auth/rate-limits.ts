import type { Request, RequestHandler } from 'express';
import {
  rateLimit,
  type AugmentedRequest,
  type ClientRateLimitInfo,
  type IncrementResponse,
  type Options,
  type Store,
} from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { rateLimitCounterIdOf, tooManyAttemptsText, type Config, type Logger } from '@teamfolk/shared';
import { recordSecurityEvent } from '../audit/security-events';
import type { DeviceTokens } from './device-tokens';

/**
 * How long a limiter waits for Redis. Past it (or on any Redis error) the request goes through
 * unthrottled and a warning is logged: a Redis outage must not lock everyone out of signing in,
 * and the password check (argon2id) still slows guessing down meanwhile. Fail open, on purpose.
 */
const REDIS_TIMEOUT_MS = 1000;

/** The routes of the brute-force limits (ASVS 6.1.1, 6.3.1). */
export type LimitedRoute = 'login' | 'signup' | 'resend-verification' | 'invitation-accept' | 'decision';

export interface LimitPair {
  /** Attempts per account within the window: the e-mail address, or the invitation or decision link. */
  perAccount: number;
  /** Attempts per client address within the window. */
  perIp: number;
  /** Sign-ins only: attempts per known device (device-tokens.ts), which the per-account limit leaves alone. */
  perDevice?: number;
}

export interface RateLimitSettings {
  windowSeconds: number;
  /** Redis key prefix; derived from QUEUE_PREFIX so deployments (and test files) sharing a Redis never meet. */
  keyPrefix: string;
  limits: Record<LimitedRoute, LimitPair>;
  /** New employees' addresses refused as another company's accounts (employees/taken-address-limits.ts). */
  takenAddresses: { perAdmin: number; perCompany: number; windowSeconds: number };
}

export function rateLimitSettingsOf(config: Config): RateLimitSettings {
  return {
    windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    keyPrefix: `${config.QUEUE_PREFIX}:rate-limit`,
    limits: {
      login: {
        perAccount: config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
        perIp: config.RATE_LIMIT_LOGIN_PER_IP,
        perDevice: config.RATE_LIMIT_LOGIN_PER_DEVICE,
      },
      signup: { perAccount: config.RATE_LIMIT_SIGNUP_PER_ACCOUNT, perIp: config.RATE_LIMIT_SIGNUP_PER_IP },
      'resend-verification': {
        perAccount: config.RATE_LIMIT_RESEND_PER_ACCOUNT,
        perIp: config.RATE_LIMIT_RESEND_PER_IP,
      },
      'invitation-accept': {
        perAccount: config.RATE_LIMIT_INVITATION_PER_ACCOUNT,
        perIp: config.RATE_LIMIT_INVITATION_PER_IP,
      },
      decision: { perAccount: config.RATE_LIMIT_DECISION_PER_ACCOUNT, perIp: config.RATE_LIMIT_DECISION_PER_IP },
    },
    takenAddresses: {
      perAdmin: config.RATE_LIMIT_TAKEN_ADDRESS_PER_ADMIN,
      perCompany: config.RATE_LIMIT_TAKEN_ADDRESS_PER_COMPANY,
      windowSeconds: config.RATE_LIMIT_TAKEN_ADDRESS_WINDOW_SECONDS,
    },
  };
}

function bodyField(req: Request, field: string): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  if (typeof value !== 'string') return undefined;
  const normalised = value.trim().toLowerCase();
  return normalised ? normalised : undefined;
}

/** Which account a request is about; undefined leaves it to the per-address limit (and to validation). */
const ACCOUNT_OF: Record<LimitedRoute, (req: Request) => string | undefined> = {
  login: (req) => bodyField(req, 'email'),
  signup: (req) => bodyField(req, 'email'),
  'resend-verification': (req) => bodyField(req, 'email'),
  'invitation-accept': (req) => bodyField(req, 'token'),
  // The link's token is in the path: the limiter runs as the route's own middleware, after routing.
  decision: (req) => (typeof req.params.token === 'string' && req.params.token ? req.params.token : undefined),
};

/**
 * Sign-in and invitation acceptance count failures only: a person who gets in is never held back by
 * their own earlier typo. Sign-up and resending the verification e-mail count every request: each
 * one that succeeds creates an account or sends an e-mail.
 */
const ONLY_FAILURES: Record<LimitedRoute, boolean> = {
  login: true,
  signup: false,
  'resend-verification': false,
  'invitation-accept': true,
  decision: true,
};

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`)), REDIS_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A call to the limits' Redis: refused at once while the connection is down, and failed past
 * REDIS_TIMEOUT_MS. Its callers let the request through on failure (and log it): fail open.
 */
export async function callLimitsRedis<T>(redis: Redis, work: () => Promise<T>): Promise<T> {
  if (redis.status !== 'ready') throw new Error(`Redis is not connected (${redis.status})`);
  return withinTimeout(work());
}

/**
 * rate-limit-redis's store on the API's Redis connection, with a deadline on every call; it does not
 * wait at all while the connection is down, and loads its Lua scripts again when Redis was
 * unreachable at start-up (the store itself would keep the failed load forever).
 */
class FailOpenRedisStore implements Store {
  readonly localKeys = false;
  private readonly store: RedisStore;

  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
  ) {
    this.store = new RedisStore({
      prefix,
      sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>,
    });
  }

  init(options: Options): void {
    // A failure here is retried by the first increment.
    this.store.init(options).catch(() => undefined);
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.call(() => this.scriptsLoaded().then(() => this.store.increment(key)));
  }

  decrement(key: string): Promise<void> {
    return this.call(() => this.store.decrement(key));
  }

  resetKey(key: string): Promise<void> {
    return this.call(() => this.store.resetKey(key));
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.call(() => this.scriptsLoaded().then(() => this.store.get(key)));
  }

  private call<T>(work: () => Promise<T>): Promise<T> {
    return callLimitsRedis(this.redis, work);
  }

  private async scriptsLoaded(): Promise<void> {
    try {
      await Promise.all([this.store.incrementScriptSha, this.store.getScriptSha]);
    } catch {
      this.store.incrementScriptSha = this.store.loadIncrementScript();
      this.store.getScriptSha = this.store.loadGetScript();
      await Promise.all([this.store.incrementScriptSha, this.store.getScriptSha]);
    }
  }
}

function secondsUntil(reset: Date | undefined, windowSeconds: number): number {
  if (!reset) return windowSeconds;
  return Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000));
}

/** The per-address limit, then the per-account limit (and, for sign-ins, the per-device one), of each route. */
export type AuthRateLimiters = Record<LimitedRoute, RequestHandler[]>;

type LimitScope = 'ip' | 'account' | 'device';
const LIMIT_OF_SCOPE = { ip: 'perIp', account: 'perAccount', device: 'perDevice' } as const;

/**
 * Fixed windows in Redis, per client address and per account: a throttled caller gets 429 with
 * Retry-After and a message saying how long to wait, and is let in again when the window ends, so
 * no one is ever locked out for good. A sign-in from a device that signed in to the account before
 * (its device token) counts against that device instead of the account: a guesser who used up the
 * account's attempts does not keep its owner out. Every throttled request is written to the
 * security log.
 */
export function createAuthRateLimiters(
  redis: Redis,
  settings: RateLimitSettings,
  logger: Logger,
  devices: DeviceTokens,
): AuthRateLimiters {
  const windowMs = settings.windowSeconds * 1000;
  const limiterLogger = {
    // express-rate-limit reports a Redis failure as an error; for us it is a warning (we fail open).
    error: (error: unknown, message?: string) => logger.warn({ err: error }, message ?? 'rate limiter failure'),
    warn: (error: unknown, message?: string) => logger.warn({ err: error }, message ?? 'rate limiter warning'),
  };

  const knownDevice = (route: LimitedRoute, req: Request) => (route === 'login' ? devices.deviceOf(req) : undefined);

  const limiter = (route: LimitedRoute, scope: LimitScope): RequestHandler => {
    const limit = settings.limits[route][LIMIT_OF_SCOPE[scope]];
    if (limit === undefined) throw new Error(`${route} has no ${LIMIT_OF_SCOPE[scope]} limit`);
    const accountOf = ACCOUNT_OF[route];
    const keys = {
      ip: {},
      account: {
        // Redis holds a hash, never the address or the invitation token itself.
        keyGenerator: (req: Request) => rateLimitCounterIdOf(accountOf(req) ?? ''),
        skip: (req: Request) => accountOf(req) === undefined || knownDevice(route, req) !== undefined,
      },
      device: {
        keyGenerator: (req: Request) => knownDevice(route, req) ?? '',
        skip: (req: Request) => knownDevice(route, req) === undefined,
      },
    }[scope];
    return rateLimit({
      windowMs,
      limit,
      store: new FailOpenRedisStore(redis, `${settings.keyPrefix}:${route}:${scope}:`),
      standardHeaders: false,
      legacyHeaders: false,
      skipSuccessfulRequests: ONLY_FAILURES[route],
      passOnStoreError: true,
      logger: limiterLogger,
      ...keys,
      handler: async (req, res) => {
        const retryAfter = secondsUntil((req as AugmentedRequest).rateLimit?.resetTime, settings.windowSeconds);
        await recordSecurityEvent(req, {
          kind: route === 'login' ? 'sign-in.throttled' : 'request.throttled',
          status: 429,
          email: route === 'invitation-accept' || route === 'decision' ? undefined : bodyField(req, 'email'),
        });
        res.setHeader('Retry-After', String(retryAfter));
        res.status(429).json({ message: tooManyAttemptsText(retryAfter) });
      },
    });
  };

  const pair = (route: LimitedRoute) => [limiter(route, 'ip'), limiter(route, 'account')];
  return {
    login: [...pair('login'), limiter('login', 'device')],
    signup: pair('signup'),
    'resend-verification': pair('resend-verification'),
    'invitation-accept': pair('invitation-accept'),
    decision: pair('decision'),
  };
}
