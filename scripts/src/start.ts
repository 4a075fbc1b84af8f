import { randomBytes } from 'node:crypto';
import {
  discoverPostgres,
  discoverRedis,
  loadConfig,
  migrateDatabase,
  MissingServiceError,
  openAppConnections,
  startMailSink,
  stopOnSignals,
  type MailSink,
  type Service,
} from '@teamfolk/shared';
import { createApp, listen } from '@teamfolk/services';
import { startWorkers, workerSettingsOf } from '@teamfolk/workers';
import { buildConsoleIfStale } from './console-build';
import { seedDemoCompany } from './demo';
import { consoleDist, dataRoot } from './paths';
import { databaseForStart } from './start-database';
import { terminalLogger } from './terminal-log';

const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * `npm start`: the whole product in one process on embedded defaults. Whatever it had to start
 * itself (Postgres, Redis, the SMTP sink) it stops again on Ctrl-C, after requests and jobs finish.
 */
const stopStack: Array<() => Promise<void>> = [];

async function stopAll(onError: (error: unknown) => void): Promise<void> {
  for (const stopOne of stopStack.reverse()) await stopOne().catch(onError);
}

/**
 * Without OPS_USERNAME / OPS_PASSWORD, an operator sign-in for this run only (a fresh random
 * password, printed below), so the queue dashboard and /metrics can be tried without a fixed
 * password that would open them on every developer's machine.
 */
function operatorForThisRun(env: NodeJS.ProcessEnv): { OPS_USERNAME: string; OPS_PASSWORD: string } | null {
  if (env.OPS_USERNAME || env.OPS_PASSWORD || env.NODE_ENV === 'production') return null;
  return { OPS_USERNAME: 'operator', OPS_PASSWORD: randomBytes(18).toString('base64url') };
}

async function main(): Promise<void> {
  const demo = process.argv.includes('--demo');

  const postgres: Service = await discoverPostgres(process.env, dataRoot);
  stopStack.push(postgres.stop);
  const databaseUrl = await databaseForStart(process.env, postgres);
  const redis = await discoverRedis(process.env);
  stopStack.push(redis.stop);
  let mailSink: MailSink | undefined;
  if (!process.env.SMTP_URL) {
    mailSink = await startMailSink();
    const sink = mailSink;
    stopStack.push(() => sink.close());
  }

  buildConsoleIfStale(say);

  const generatedOperator = operatorForThisRun(process.env);
  const config = loadConfig({
    ...process.env,
    ...generatedOperator,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    SMTP_URL: process.env.SMTP_URL ?? mailSink?.url,
    CONSOLE_DIST: process.env.CONSOLE_DIST ?? consoleDist,
  });
  const logger = terminalLogger(config);
  // Always: the database may have been created a moment ago.
  await migrateDatabase(databaseUrl, config.DATABASE_APP_URL);
  // The workers log Redis outages already.
  const {
    sequelize,
    redis: producerRedis,
    close: closeConnections,
  } = await openAppConnections(config, () => undefined);
  stopStack.push(closeConnections);

  const workers = await startWorkers({ ...workerSettingsOf(config), sequelize, logger });
  stopStack.push(() => workers.close());

  const app = createApp({ config, sequelize, redis: producerRedis, logger, mailSink });
  const server = await listen(app, config.PORT, logger, config.SHUTDOWN_TIMEOUT_MS);
  stopStack.push(() => server.close());

  say('');
  say(`Teamfolk is running on ${config.APP_URL}`);
  say(`  Postgres: ${postgres.origin}   Redis: ${redis.origin}`);
  if (mailSink) say(`  Mail: captured locally, read it at ${config.APP_URL}/dev/mail/view`);
  if (config.OPS_USERNAME) {
    const signIn = generatedOperator
      ? `${generatedOperator.OPS_USERNAME}  /  ${generatedOperator.OPS_PASSWORD} (this run only)`
      : 'OPS_USERNAME / OPS_PASSWORD';
    say(`  Queues: ${config.APP_URL}/ops/queues   Metrics: ${config.APP_URL}/metrics   sign in as ${signIn}`);
  }
  if (demo) {
    const logins = await seedDemoCompany(sequelize);
    say('  Demo company ready. Sign in as:');
    for (const login of logins) say(`    ${login.role.padEnd(8)} ${login.email}  /  ${login.password}`);
  }
  say('Press Ctrl-C to stop.');

  stopOnSignals(logger, config.SHUTDOWN_TIMEOUT_MS + 10_000, async () => {
    say('\nFinishing requests and jobs, then stopping...');
    await stopAll((error) => logger.warn({ err: error }, 'stop failed'));
  });
}

main().catch(async (error: unknown) => {
  await stopAll(() => undefined);
  if (error instanceof MissingServiceError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `Port ${process.env.PORT ?? 3000} is already in use: stop the other program or set PORT, e.g. PORT=3001 npm start`,
    );
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
