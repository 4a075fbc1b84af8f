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

/** The operator's password guards the queues (retry, remove, add jobs): long enough not to be guessed. */
const MIN_PRODUCTION_OPS_PASSWORD = 16;

const nodeEnvSetting = z.enum(['development', 'test', 'production']).default('development');
const logLevelSetting = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/** Production never derives the application's login from the owner's: it must be given. */
function requireAppRoleInProduction(
  env: { NODE_ENV: string; DATABASE_APP_URL?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV === 'production' && !env.DATABASE_APP_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_APP_URL'],
      message: 'DATABASE_APP_URL must be set in production: the application never connects as the schema owner',
    });
  }
}

const envSchema = z
  .object({
    NODE_ENV: nodeEnvSetting,
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: z.url().optional(),
    /**
     * The schema owner's connection, used for migrations only. A process started with
     * MIGRATE_ON_START=false and DATABASE_APP_URL may go without it, holding no owner credentials.
     */
    DATABASE_URL: optionalSetting,
    /**
     * The application's own login (teamfolk_app, no table ownership, no RLS bypass); DATABASE_URL is
     * the schema owner's and is used for migrations only. Unset outside production: derived from it.
     */
    DATABASE_APP_URL: optionalSetting,
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /** How long a request waits for a pooled connection before it is answered 503. */
    DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /**
     * The bulkhead between companies (services/src/http/company-bulkhead.ts), per API process: the
     * writes of one company that run at once (unset: a quarter of DATABASE_POOL_MAX, at least one),
     * and how many more wait their turn; any beyond are refused at once with 429 and Retry-After.
     */
    COMPANY_WRITE_CONCURRENCY: z.coerce.number().int().min(1).max(200).optional(),
    COMPANY_WRITE_QUEUE: z.coerce.number().int().min(0).max(10_000).default(100),
    /**
     * API processes sharing the port (node:cluster), each with its own pool of DATABASE_POOL_MAX.
     * Unset: one per CPU core in production, one otherwise.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /**
     * true: every process applies pending migrations as it starts (under an advisory lock). false: a
     * separate step has done it first (`node shared/dist/db/migrate-main.js`, the Kubernetes Job).
     */
    MIGRATE_ON_START: booleanFlag.default(true),
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
     * subnets and the names loopback, linklocal, uniquelocal separated by commas. By default only a
     * proxy on the same machine: any other peer that is believed can make up its address, and with
     * it escape the per-address limits and write what it likes into the security log. Deployments
     * name their own proxy (docker-compose.yml, deploy/k8s/config.yaml).
     */
    TRUST_PROXY: z.string().trim().min(1).default('loopback').transform(trustProxySetting),
    /** The window of every sign-in rate limit below, in seconds. */
    RATE_LIMIT_WINDOW_SECONDS: attemptLimit(15 * 60),
    /** Failed sign-ins per e-mail address, and per client address, within the window. */
    RATE_LIMIT_LOGIN_PER_ACCOUNT: attemptLimit(10),
    RATE_LIMIT_LOGIN_PER_IP: attemptLimit(100),
    /**
     * Failed sign-ins per device token within the window: a browser that signed in to the account
     * before is held to this instead of the account's limit, which others can use up.
     */
    RATE_LIMIT_LOGIN_PER_DEVICE: attemptLimit(10),
    /** Sign-up attempts per e-mail address, and per client address, within the window. */
    RATE_LIMIT_SIGNUP_PER_ACCOUNT: attemptLimit(5),
    RATE_LIMIT_SIGNUP_PER_IP: attemptLimit(20),
    /** Requests for a new verification e-mail per address, and per client address, within the window. */
    RATE_LIMIT_RESEND_PER_ACCOUNT: attemptLimit(5),
    RATE_LIMIT_RESEND_PER_IP: attemptLimit(20),
    /** Failed invitation acceptances per invitation link, and per client address, within the window. */
    RATE_LIMIT_INVITATION_PER_ACCOUNT: attemptLimit(10),
    RATE_LIMIT_INVITATION_PER_IP: attemptLimit(50),
    /** Failed decisions through an e-mailed decision link per link, and per client address, within the window. */
    RATE_LIMIT_DECISION_PER_ACCOUNT: attemptLimit(10),
    RATE_LIMIT_DECISION_PER_IP: attemptLimit(50),
    /**
     * New employees' addresses refused because they sign in at another company (the reply tells an
     * address has an account), per admin and per company, within their own window (a day): past it,
     * naming any new address waits.
     */
    RATE_LIMIT_TAKEN_ADDRESS_PER_ADMIN: attemptLimit(5),
    RATE_LIMIT_TAKEN_ADDRESS_PER_COMPANY: attemptLimit(10),
    RATE_LIMIT_TAKEN_ADDRESS_WINDOW_SECONDS: attemptLimit(24 * 3600),
    REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(true),
    /** false on staging: every console page answers with X-Robots-Tag: noindex. */
    SEARCH_INDEXING: booleanFlag.default(true),
    LOG_LEVEL: logLevelSetting,
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
    /**
     * The operator's sign-in (HTTP Basic) for the queue dashboard (/ops/queues) and /metrics; with
     * either unset, neither is served. A Basic username cannot hold a colon.
     */
    OPS_USERNAME: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^[^:]+$/, 'OPS_USERNAME cannot contain a colon')
        .optional(),
    ),
    OPS_PASSWORD: optionalSetting,
    /** The workers' own HTTP port: /healthz, /readyz and /metrics. */
    OPS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.OPS_USERNAME) !== Boolean(env.OPS_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.OPS_USERNAME ? 'OPS_PASSWORD' : 'OPS_USERNAME'],
        message: 'OPS_USERNAME and OPS_PASSWORD go together: set both to open /ops/queues and /metrics, or neither',
      });
    }
    if (env.NODE_ENV === 'production' && env.OPS_PASSWORD && env.OPS_PASSWORD.length < MIN_PRODUCTION_OPS_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPS_PASSWORD'],
        message: `OPS_PASSWORD must be at least ${MIN_PRODUCTION_OPS_PASSWORD} characters in production`,
      });
    }
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
    requireAppRoleInProduction(env, ctx);
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
  })
  .transform(({ DATABASE_URL: ownerUrl, DATABASE_APP_URL: appUrl, ...settings }, ctx) => {
    if (ownerUrl) {
      return { ...settings, DATABASE_URL: ownerUrl, DATABASE_APP_URL: appDatabaseUrl(ownerUrl, appUrl) };
    }
    if (!settings.MIGRATE_ON_START && appUrl) {
      return { ...settings, MIGRATE_ON_START: false as const, DATABASE_URL: undefined, DATABASE_APP_URL: appUrl };
    }
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_URL'],
      message: 'DATABASE_URL must be set, unless MIGRATE_ON_START=false and DATABASE_APP_URL are',
    });
    return z.NEVER;
  });

export type Config = z.infer<typeof envSchema> & { APP_URL: string };

/** Parses the environment with a clear line per problem instead of a stack trace. */
function parsedOrExplained<Schema extends z.ZodType>(schema: Schema, env: NodeJS.ProcessEnv): z.output<Schema> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** Reads the environment of the API and the workers, once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = parsedOrExplained(envSchema, env);
  return { ...settings, APP_URL: settings.APP_URL ?? `http://localhost:${settings.PORT}` };
}

/** What the migration step reads (shared/src/db/migrate-main.ts): both connections and the log level. */
const migrationEnvSchema = z
  .object({
    NODE_ENV: nodeEnvSetting,
    DATABASE_URL: z.string().min(1),
    DATABASE_APP_URL: optionalSetting,
    LOG_LEVEL: logLevelSetting,
  })
  .superRefine(requireAppRoleInProduction)
  .transform((settings) => ({
    ...settings,
    DATABASE_APP_URL: appDatabaseUrl(settings.DATABASE_URL, settings.DATABASE_APP_URL),
  }));

export type MigrationConfig = z.infer<typeof migrationEnvSchema>;

/** Reads the migration step's environment: none of the API's or workers' other settings are needed. */
export function loadMigrationConfig(env: NodeJS.ProcessEnv = process.env): MigrationConfig {
  return parsedOrExplained(migrationEnvSchema, env);
}
