import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An unset variable and an empty one (`STRIPE_SECRET_KEY=` in a compose file) mean the same. */
const optionalSetting = z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).optional());

/** Development-only signing secret: production refuses to start without JWT_SECRET. */
const DEVELOPMENT_JWT_SECRET = 'teamfolk-development-secret-never-use-in-production';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: z.url().optional(),
    DATABASE_URL: z.string().min(1),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: z.string().min(1),
    QUEUE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .default('teamfolk'),
    SMTP_URL: z.string().min(1),
    MAIL_FROM: z.string().min(3).default('Teamfolk <no-reply@teamfolk.local>'),
    JWT_SECRET: z.string().min(32).default(DEVELOPMENT_JWT_SECRET),
    JWT_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(30 * 24 * 3600)
      .default(12 * 3600),
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
    if (env.NODE_ENV === 'production' && env.JWT_SECRET === DEVELOPMENT_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET must be set in production' });
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

export type Config = z.infer<typeof envSchema> & { APP_URL: string };

/** Reads the environment once, with a clear line per problem instead of a stack trace. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return { ...parsed.data, APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}` };
}
