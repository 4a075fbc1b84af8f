import { z } from 'zod';
import { appDatabaseUrl } from '../db/roles';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An unset variable and an empty one (`STRIPE_SECRET_KEY=` in a compose file) mean the same. */
const optionalSetting = z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).optional());

/** A count of attempts (or seconds of a window): a positive whole number. */
const attemptLimit = (defaultValue: number) => z.coerce.number().int().min(1).max(1_000_000).default(defaultValue);

/** TRUST_PROXY as Express's `trust proxy` takes it: a boolean, a hop count, or a list of addresses. */
function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Development-only signing secret: production refuses to start without JWT_SECRET. */
const DEVELOPMENT_JWT_SECRET = 'teamfolk-development-secret-never-use-in-production';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: z.url().optional(),
    DATABASE_URL: z.string().min(1),
    /**
     * The application's own login (teamfolk_app, no table ownership, no RLS bypass); DATABASE_URL is
     * the schema owner's and is used for migrations only. Unset outside production: derived from it.
     */
    DATABASE_APP_URL: optionalSetting,
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: z.string().min(1),
    QUEUE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .default('teamfolk'),
    SMTP_URL: z.string().min(1),
    MAIL_FROM: z.string().min(3).default('Teamfolk <no-reply@teamfolk.local>'),
    JWT_SECRET: z.string().min(32).default(DEVELOPMENT_JWT_SECRET),
    /** A session ends after this long without a request (ASVS 7.3.1); requests renew it. */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** A session ends this long after sign-in, however active (ASVS 7.3.2). */
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(30 * 24)
      .default(12),
    /**
     * Which proxies' X-Forwarded-For to believe when taking the client's address (rate limits, the
     * security log): Express's `trust proxy` setting: `false`, `true`, a hop count, or addresses,
     * subnets and the names loopback, linklocal, uniquelocal separated by commas.
     */
    TRUST_PROXY: z.string().trim().min(1).default('loopback, linklocal, uniquelocal').transform(trustProxySetting),
    /** The window of every sign-in rate limit below, in seconds. */
    RATE_LIMIT_WINDOW_SECONDS: attemptLimit(15 * 60),
    /** Failed sign-ins per e-mail address, and per client address, within the window. */
    RATE_LIMIT_LOGIN_PER_ACCOUNT: attemptLimit(10),
    RATE_LIMIT_LOGIN_PER_IP: attemptLimit(100),
    /** Sign-up attempts per e-mail address, and per client address, within the window. */
    RATE_LIMIT_SIGNUP_PER_ACCOUNT: attemptLimit(5),
    RATE_LIMIT_SIGNUP_PER_IP: attemptLimit(20),
    /** Requests for a new verification e-mail per address, and per client address, within the window. */
    RATE_LIMIT_RESEND_PER_ACCOUNT: attemptLimit(5),
    RATE_LIMIT_RESEND_PER_IP: attemptLimit(20),
    /** Failed invitation acceptances per invitation link, and per client address, within the window. */
    RATE_LIMIT_INVITATION_PER_ACCOUNT: attemptLimit(10),
    RATE_LIMIT_INVITATION_PER_IP: attemptLimit(50),
    REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(true),
    /** false on staging: every console page answers with X-Robots-Tag: noindex. */
    SEARCH_INDEXING: booleanFlag.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CONSOLE_DIST: z.string().optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** Set: payments go through Stripe. Unset: the local test mode with its own checkout page (never in production). */
    STRIPE_SECRET_KEY: optionalSetting,
    /** Signing secret of the webhook endpoint (/api/billing/webhook). */
    STRIPE_WEBHOOK_SECRET: optionalSetting,
    /** A monthly per-seat price; unset, checkout prices each seat at SEAT_PRICE_CENTS inline. */
    STRIPE_PRICE_ID: optionalSetting,
    /** Where the Stripe SDK sends its requests, e.g. a local stub in tests; unset: Stripe itself. */
    STRIPE_API_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  })
  .superRefine((env, ctx) => {
    if (env.SESSION_IDLE_MINUTES > env.SESSION_MAX_HOURS * 60) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_IDLE_MINUTES'],
        message: 'SESSION_IDLE_MINUTES must not be longer than SESSION_MAX_HOURS',
      });
    }
    if (env.NODE_ENV === 'production' && env.JWT_SECRET === DEVELOPMENT_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET must be set in production' });
    }
    if (env.NODE_ENV === 'production' && !env.DATABASE_APP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_APP_URL'],
        message: 'DATABASE_APP_URL must be set in production: the application never connects as the schema owner',
      });
    }
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY must be set in production (the local payments test mode is for development only)',
      });
    }
    if (env.NODE_ENV === 'production' && env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'STRIPE_WEBHOOK_SECRET must be set in production: without it no payment event can be verified',
      });
    }
  });

export type Config = z.infer<typeof envSchema> & { APP_URL: string; DATABASE_APP_URL: string };

/** Reads the environment once, with a clear line per problem instead of a stack trace. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return {
    ...parsed.data,
    APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}`,
    DATABASE_APP_URL: appDatabaseUrl(parsed.data.DATABASE_URL, parsed.data.DATABASE_APP_URL),
  };
}
