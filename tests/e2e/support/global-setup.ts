import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { discoverPostgres, discoverRedis, ensureDatabase, freePort } from '@teamfolk/shared';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

async function waitUntilHealthy(baseUrl: string, timeoutMs: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('The product exited during start-up: see its output above.');
    const healthy = await fetch(`${baseUrl}/readyz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The product did not become ready at ${baseUrl} within ${timeoutMs} ms`);
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Starts the whole product the way `npm start` does, on a free port, a database of its own
 * (dropped in teardown) and its own queue prefix, so it never meets the development data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const postgres = await discoverPostgres(process.env, path.join(os.tmpdir(), 'teamfolk-e2e-postgres'));
  const redis = await discoverRedis(process.env);
  const suffix = randomBytes(5).toString('hex');
  const databaseName = `teamfolk_e2e_${suffix}`;
  const databaseUrl = await ensureDatabase(postgres.url, databaseName);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    APP_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: `teamfolk-e2e-${suffix}`,
    LOG_LEVEL: 'warn',
    // The specs sign up and sign in many times from 127.0.0.1; the jest suites prove the real limits.
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '10000',
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    RATE_LIMIT_LOGIN_PER_DEVICE: '10000',
    RATE_LIMIT_SIGNUP_PER_ACCOUNT: '10000',
    RATE_LIMIT_SIGNUP_PER_IP: '10000',
    RATE_LIMIT_RESEND_PER_ACCOUNT: '10000',
    RATE_LIMIT_RESEND_PER_IP: '10000',
    RATE_LIMIT_INVITATION_PER_ACCOUNT: '10000',
    RATE_LIMIT_INVITATION_PER_IP: '10000',
    RATE_LIMIT_DECISION_PER_ACCOUNT: '10000',
    RATE_LIMIT_DECISION_PER_IP: '10000',
    RATE_LIMIT_TAKEN_ADDRESS_PER_ADMIN: '10000',
    RATE_LIMIT_TAKEN_ADDRESS_PER_COMPANY: '10000',
  };
  // The product's own SMTP sink is where the specs read e-mail from.
  delete env.SMTP_URL;
  const product = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'dist', 'start.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const productExited = new Promise<void>((resolve) => product.once('exit', () => resolve()));
  await waitUntilHealthy(baseUrl, 120_000, () => product.exitCode !== null);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATABASE_URL = databaseUrl;

  return async () => {
    product.kill('SIGTERM');
    await productExited;
    await dropDatabase(postgres.url, databaseName);
    await redis.stop();
    await postgres.stop();
  };
}
