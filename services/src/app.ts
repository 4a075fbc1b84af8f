import compression from 'compression';
import express, { type Express, type Request } from 'express';
import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import {
  createPaymentsProvider,
  LocalPaymentsProvider,
  openQueues,
  operatorCredentialsOf,
  paymentsSettingsOf,
  runAsCompany,
  type Config,
  type Logger,
  type MailSink,
  type PaymentsProvider,
} from '@teamfolk/shared';
import { accountSecurityRoutes } from './auth/account-security.routes';
import { requireAuth, type SessionGuard } from './auth/auth.middleware';
import { authRoutes } from './auth/auth.routes';
import { DeviceTokens } from './auth/device-tokens';
import { createAuthRateLimiters, rateLimitSettingsOf } from './auth/rate-limits';
import { employeeBalancesRoutes, leavePolicyRoutes } from './balances/balances.routes';
import { BalancesService } from './balances/balances.service';
import { blackoutsRoutes } from './blackouts/blackouts.routes';
import { BlackoutsService } from './blackouts/blackouts.service';
import { BillingWebhooks } from './billing/billing-webhooks';
import { BILLING_WEBHOOK_PATH, billingRoutes, billingWebhookRoute } from './billing/billing.routes';
import { BillingService } from './billing/billing.service';
import { localCheckoutRoutes } from './billing/local-checkout.routes';
import { requireLiveSubscription } from './billing/subscription-expired.middleware';
import { CALENDAR_FEED_PATH, calendarFeedRoutes, calendarRoutes } from './calendar/calendar.routes';
import { CalendarService } from './calendar/calendar.service';
import { AuthService, type AuthSettings } from './auth/auth.service';
import { PasswordChangeService } from './auth/password-change.service';
import { TwoFactorService } from './auth/two-factor.service';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { DashboardService } from './dashboard/dashboard.service';
import { decisionsRoutes } from './decisions/decisions.routes';
import { DecisionsService } from './decisions/decisions.service';
import { devMailRoutes } from './dev/dev-mail.routes';
import { EmployeesRepository } from './employees/employees.repository';
import { EmployeesService } from './employees/employees.service';
import { TakenAddressLimits } from './employees/taken-address-limits';
import { employeesRoutes } from './employees/employees.routes';
import { CompanyBulkhead, limitCompanyWrites } from './http/company-bulkhead';
import { errorHandler, notFoundHandler } from './http/errors';
import { refuseUnstorableBody } from './http/storable-text';
import { logRequests } from './http/request-log';
import { KeptReplies } from './http/kept-replies';
import { apiCors, securityHeaders } from './http/security-headers';
import './http/types';
import { leavesRoutes } from './leaves/leaves.routes';
import { teamsRoutes } from './teams/teams.routes';
import { TeamsService } from './teams/teams.service';
import { timeCreditsRoutes } from './time-credits/time-credits.routes';
import { TimeCreditsService } from './time-credits/time-credits.service';
import { LeavesRepository } from './leaves/leaves.repository';
import { LeavesService } from './leaves/leaves.service';
import { mountHealthRoutes } from './ops/health.routes';
import { DataExportsService } from './privacy/data-exports.service';
import { EmployeeErasureService } from './privacy/employee-erasure.service';
import { privacyRoutes } from './privacy/privacy.routes';
import { createHttpMetrics } from './ops/http-metrics';
import { mountOpsRoutes } from './ops/ops.routes';
import { activityRoutes, reportsRoutes } from './reports/reports.routes';
import { ReportsService } from './reports/reports.service';
import { consoleRoutes } from './web/console.routes';

/** The routes KeptReplies answers, as method and path: it gzips each kept reply itself, once. */
export const KEPT_REPLY_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/employees',
  'GET /api/leaves',
  'GET /api/dashboard/upcoming-events',
  'GET /api/calendar/events',
  'POST /api/leaves/preview',
]);

/**
 * Requests the compression middleware stays out of: kept replies, gzipped already, and sign-in and
 * session replies, which it would prepare for and then leave as they are, being under its 1 kB
 * threshold. Relies on /api/auth/ replies staying small: a larger one goes out uncompressed.
 * Measured: bench/README.md#what-the-figures-rest-on
 */
const skipsCompression = (req: Request) =>
  req.path.startsWith('/api/auth/') || KEPT_REPLY_ROUTES.has(`${req.method} ${req.path}`);

/** The bulkhead between companies' writes, sized from the pool unless the config says. */
function companyWritesOf(config: Config): CompanyBulkhead {
  const concurrency = config.COMPANY_WRITE_CONCURRENCY ?? Math.max(1, Math.ceil(config.DATABASE_POOL_MAX / 4));
  return new CompanyBulkhead(concurrency, config.COMPANY_WRITE_QUEUE);
}

export interface AppDependencies {
  config: Config;
  sequelize: Sequelize;
  /**
   * A producer connection (createRedisConnection(url, 'producer')): readiness, the sign-in rate
   * limits' counters, and the queue dashboard and metrics. The API writes events to the outbox,
   * never to the queues directly.
   */
  redis: Redis;
  logger: Logger;
  /** Present in development when no SMTP server is configured. */
  mailSink?: MailSink;
  /** The payments provider; by default the one the config names (Stripe, or the local test mode). */
  payments?: PaymentsProvider;
}

export function createApp({
  config,
  sequelize,
  redis,
  logger,
  mailSink,
  payments: givenPayments,
}: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETags on answers: the API's are no-store and calendar files are stamped with the time they
  // were written, so none could ever match, yet each answer was hashed for one (a month of a large
  // company's calendar is 440 kB). The console's files are served with their own.
  app.set('etag', false);
  // Every request runs in a tenant context: as no company until requireAuth names the caller's.
  app.use((_req, _res, next) => runAsCompany(null, next));
  // Whose X-Forwarded-For to believe for the client's address (rate limits, the security log).
  app.set('trust proxy', config.TRUST_PROXY);
  // The queue dashboard and /metrics exist only where an operator is configured, request timing too.
  const operator = operatorCredentialsOf(config);
  const httpMetrics = operator ? createHttpMetrics() : null;
  httpMetrics?.instrument(app);

  logRequests(app, logger);
  app.use(securityHeaders(config.APP_URL));

  const compress = compression();
  app.use((req, res, next) => (skipsCompression(req) ? next() : compress(req, res, next)));
  mountHealthRoutes(app, sequelize, redis);
  if (operator && httpMetrics) {
    const queues = Object.values(openQueues(redis, config.QUEUE_PREFIX));
    mountOpsRoutes(app, { credentials: operator, queues, sequelize, httpMetrics });
  }
  // Operator paths nothing above answered are nobody's, not the console's (it answers any GET).
  app.use(['/ops', '/metrics'], notFoundHandler);

  const authSettings: AuthSettings = {
    jwt: {
      secret: config.JWT_SECRET,
      idleSeconds: config.SESSION_IDLE_MINUTES * 60,
      maxSeconds: config.SESSION_MAX_HOURS * 3600,
    },
    appUrl: config.APP_URL,
    requireEmailVerification: config.REQUIRE_EMAIL_VERIFICATION,
  };
  const payments = givenPayments ?? createPaymentsProvider(paymentsSettingsOf(config), sequelize);
  const balances = new BalancesService(sequelize);
  const employees = new EmployeesService(sequelize, config.APP_URL, balances);
  const billing = new BillingService(sequelize, payments, employees, config.APP_URL);
  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const webhooks = new BillingWebhooks(sequelize, payments, billing, config.APP_URL);
  if (payments instanceof LocalPaymentsProvider) {
    // The local test mode's events take the webhook's path, as Stripe's would. One not applied (the
    // checkout page still answers, as Stripe's does) is finished by the admin's sync or the workers' sweep.
    payments.onEvent((event) =>
      webhooks.receive(event, `local-${event.id}`).then(
        () => undefined,
        (error: unknown) => logger.warn({ err: error, eventId: event.id }, 'local payment event not applied'),
      ),
    );
  }
  // Before the JSON parser: the webhook's signature covers the raw body.
  api.use(BILLING_WEBHOOK_PATH, billingWebhookRoute(webhooks));
  api.use(express.json({ limit: '100kb' }));
  api.use(refuseUnstorableBody);
  const auth = new AuthService(sequelize, authSettings);
  const devices = new DeviceTokens(config.JWT_SECRET);
  const rateLimitSettings = rateLimitSettingsOf(config);
  const rateLimits = createAuthRateLimiters(redis, rateLimitSettings, logger, devices);
  // Every router gets its session guard from here and puts it, with the route's permission, on each
  // route that needs a session. A list of handlers rather than a router of them: leaving a router
  // takes a turn of the event loop.
  const session: SessionGuard = [requireAuth(authSettings.jwt)];
  // Everything but /auth, /billing and /privacy closes once the company's subscription has ended.
  const sessionWithLiveSubscription: SessionGuard = [...session, requireLiveSubscription];
  api.use(
    '/auth',
    authRoutes(
      { session, sessionWithProfile: [requireAuth(authSettings.jwt, { withProfile: true })] },
      auth,
      rateLimits,
      devices,
      balances,
    ),
  );
  api.use(
    '/auth',
    accountSecurityRoutes({
      session,
      auth,
      twoFactor: new TwoFactorService(sequelize, { jwt: authSettings.jwt }),
      passwords: new PasswordChangeService(sequelize),
      devices,
      // Wrong codes and passwords share the sign-in's per-address budget (failures only).
      limitSecretAttempts: rateLimits.login,
    }),
  );
  // One budget of kept replies for every route that keeps them (calendar months, list pages).
  const kept = new KeptReplies();
  const takenAddresses = new TakenAddressLimits(redis, rateLimitSettings, logger);
  api.use(
    '/employees',
    employeeBalancesRoutes(sessionWithLiveSubscription, balances),
    employeesRoutes(
      sessionWithLiveSubscription,
      employees,
      new EmployeesRepository(sequelize),
      kept,
      takenAddresses,
      balances,
    ),
  );
  api.use('/leave-policy', leavePolicyRoutes(sessionWithLiveSubscription, balances));
  api.use('/billing', billingRoutes(session, employees, billing, takenAddresses));
  const blackouts = new BlackoutsService(sequelize);
  api.use('/blackouts', blackoutsRoutes(sessionWithLiveSubscription, blackouts));
  const leaves = new LeavesService(sequelize, config.APP_URL, balances, blackouts);
  api.use(
    '/decisions',
    decisionsRoutes(new DecisionsService(sequelize, config.APP_URL, leaves, balances), rateLimits.decision),
  );
  api.use('/teams', teamsRoutes(sessionWithLiveSubscription, new TeamsService(sequelize)));
  api.use('/leaves', leavesRoutes(sessionWithLiveSubscription, leaves, new LeavesRepository(sequelize), kept));
  api.use(
    '/time-credits',
    timeCreditsRoutes(sessionWithLiveSubscription, new TimeCreditsService(sequelize, config.APP_URL, balances)),
  );
  api.use('/dashboard', dashboardRoutes(sessionWithLiveSubscription, new DashboardService(sequelize), kept));
  api.use(
    '/privacy',
    privacyRoutes(session, new DataExportsService(sequelize, config.JWT_SECRET), new EmployeeErasureService(sequelize)),
  );
  const reports = new ReportsService(sequelize, balances);
  api.use('/reports', reportsRoutes(sessionWithLiveSubscription, reports));
  api.use('/activity', activityRoutes(sessionWithLiveSubscription, reports));
  const calendar = new CalendarService(sequelize, { jwtSecret: config.JWT_SECRET, appUrl: config.APP_URL });
  api.use(CALENDAR_FEED_PATH, calendarFeedRoutes(calendar));
  api.use('/calendar', calendarRoutes(sessionWithLiveSubscription, calendar, kept));
  api.use(notFoundHandler);
  // One company's burst of writes waits its turn instead of taking the pool from the others.
  app.use('/api', apiCors(config.APP_URL), limitCompanyWrites(companyWritesOf(config), authSettings.jwt), api);

  if (mailSink && config.NODE_ENV !== 'production') app.use('/dev', devMailRoutes(mailSink));
  if (payments instanceof LocalPaymentsProvider && config.NODE_ENV !== 'production') {
    app.use('/dev/checkout', localCheckoutRoutes(payments, config.APP_URL));
  }
  if (config.CONSOLE_DIST) app.use(consoleRoutes(config.CONSOLE_DIST, config.SEARCH_INDEXING));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
