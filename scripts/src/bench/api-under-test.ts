import { randomBytes } from 'node:crypto';
import { appDatabaseUrl, freePort } from '@teamfolk/shared';
import { productionImageEnvironment } from '../production-image';
import { startNode, waitForHttp, type RunningProcess } from './processes';

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The reads the benchmark sends as a medium company's admin, by the name its table gives them. */
export const ADMIN_READ_PATHS = {
  'GET /api/auth/me': '/api/auth/me',
  'GET /api/employees (page of 25)': `/api/employees?sort=${encode(['name', 'ASC'])}&range=${encode([0, 24])}`,
  'GET /api/employees (all 200)': '/api/employees',
  'GET /api/leaves (pending, page of 25)': `/api/leaves?filter=${encode({ status: 'pending' })}&range=${encode([0, 24])}`,
  'GET /api/dashboard/upcoming-events': '/api/dashboard/upcoming-events',
} as const;

export type AdminRead = keyof typeof ADMIN_READ_PATHS;

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const reply = (await response.json()) as { token?: string; message?: string };
  if (!response.ok || !reply.token) throw new Error(`sign-in of ${email} failed: ${response.status} ${reply.message}`);
  return reply.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The API's and the workers' environment as the production image sets it (NODE_ENV=production and
 * glibc's mmap threshold), against the bench database, with outside services that answer nothing.
 */
export function productionEnvironment(databaseUrl: string, redisUrl: string, runId: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    ...productionImageEnvironment(),
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    DATABASE_APP_URL: appDatabaseUrl(databaseUrl),
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: `bench-${runId}`,
    SMTP_URL: 'smtp://127.0.0.1:9',
    JWT_SECRET: randomBytes(32).toString('hex'),
    STRIPE_SECRET_KEY: 'sk_test_benchmark_only',
    STRIPE_WEBHOOK_SECRET: 'whsec_benchmark_only',
    STRIPE_API_URL: 'http://127.0.0.1:9',
    // As production runs with an operator configured: /metrics, and the request timing behind it, on.
    OPS_USERNAME: 'operator',
    OPS_PASSWORD: randomBytes(16).toString('hex'),
  };
}

export interface HttpProcess extends RunningProcess {
  baseUrl: string;
}

/** Starts a built server on a free port; resolves once `readyPath` answers. `stopStack` stops it at the end. */
export async function startHttpProcess(
  entry: string,
  env: NodeJS.ProcessEnv,
  readyPath: string,
  stopStack: Array<() => Promise<void>>,
): Promise<HttpProcess> {
  const port = await freePort();
  const running = startNode(entry, { ...env, PORT: String(port) });
  stopStack.push(() => running.stop());
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}${readyPath}`, running);
  return { ...running, baseUrl };
}
