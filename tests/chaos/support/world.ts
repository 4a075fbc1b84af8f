import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QueryTypes, Sequelize } from 'sequelize';
import {
  appDatabaseUrl,
  createDatabase,
  ensureDatabase,
  freePort,
  migrateDatabase,
  openQueues,
  type QueueName,
} from '@teamfolk/shared';
import { useOwnerOutsideContexts } from '@teamfolk/shared/testing';
import { startPrivatePostgres, type PrivatePostgres } from './postgres';
import { killAllManaged, spawnManaged, type ManagedProcess } from './processes';
import { startPrivateRedis, type PrivateRedis } from './redis';
import { startCountingSmtpSink, type CountingSmtpSink } from './smtp-sink';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');
/** The built entry points: what production runs (`npm test` builds them first, as does the chaos global setup). */
export const API_ENTRY = path.join(repoRoot, 'services', 'dist', 'main.js');
export const WORKERS_ENTRY = path.join(repoRoot, 'workers', 'dist', 'main.js');

/** The queue prefix the world's processes run with. */
const QUEUE_PREFIX = 'chaos';

export interface ApiProcess extends ManagedProcess {
  baseUrl: string;
}

/**
 * Everything one fault test runs against, all of it its own: a Postgres, a Redis and an SMTP sink
 * it can stop and restart, and the API and workers as child processes of the built code.
 */
export interface ChaosWorld {
  /** The temporary directory holding data, sockets and every log. */
  root: string;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  mail: CountingSmtpSink;
  /** The schema owner's URL of the product's database. */
  databaseUrl: string;
  /**
   * The product's models, connected as the application role; outside a request or job context
   * (the test's own set-up and checks) queries run as the schema owner.
   */
  sequelize: Sequelize;
  /** The number a `SELECT count(*)::int AS count …` query answers, as the schema owner. */
  count(sql: string): Promise<number>;
  /** The environment of the product's processes, as an operator would set it. */
  env(overrides?: Record<string, string>): NodeJS.ProcessEnv;
  startApi(overrides?: Record<string, string>): Promise<ApiProcess>;
  startWorkers(overrides?: Record<string, string>): Promise<ManagedProcess>;
  /** The API and worker processes still running. */
  products(): ManagedProcess[];
  /** The product's queues on the world's Redis, to read jobs' states (opened on first use, closed with the world). */
  queues(): Record<QueueName, Queue>;
  /** Kills what is still running, stops the services and removes the directory. */
  close(): Promise<void>;
}

export async function startChaosWorld({ redisAppendOnly = false } = {}): Promise<ChaosWorld> {
  for (const entry of [API_ENTRY, WORKERS_ENTRY]) {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: build first (npx tsc -b)`);
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'teamfolk-chaos-'));
  const opened: { close(): Promise<unknown> }[] = [];
  try {
    const postgres = await startPrivatePostgres(root);
    opened.push({ close: () => postgres.stop() });
    const redis = await startPrivateRedis(root, { appendOnly: redisAppendOnly });
    opened.push({ close: () => redis.stop() });
    const mail = await startCountingSmtpSink();
    opened.push(mail);

    const databaseUrl = await ensureDatabase(postgres.url, 'teamfolk');
    const appUrl = appDatabaseUrl(databaseUrl);
    await migrateDatabase(databaseUrl, appUrl);
    const sequelize = createDatabase(appUrl, { poolMax: 10 });
    const owner = new Sequelize(databaseUrl, { dialect: 'postgres', logging: false, pool: { max: 5, min: 0 } });
    useOwnerOutsideContexts(sequelize, owner);
    opened.push(owner, sequelize);

    const apiPort = await freePort();
    const env = (overrides: Record<string, string> = {}): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(apiPort),
      APP_URL: `http://127.0.0.1:${apiPort}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      QUEUE_PREFIX,
      SMTP_URL: mail.url,
      OPS_PORT: '0',
      LOG_LEVEL: 'info',
      // Fault tests sign in from one address many times; the sign-in limits have tests of their own.
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      ...overrides,
    });
    const products: ManagedProcess[] = [];
    let lives = 0;
    let queues: { connection: Redis; byName: Record<QueueName, Queue> } | undefined;
    return {
      root,
      postgres,
      redis,
      mail,
      databaseUrl,
      sequelize,
      async count(sql) {
        const [row] = await sequelize.query<{ count: number }>(sql, { type: QueryTypes.SELECT });
        return row?.count ?? 0;
      },
      env,
      async startApi(overrides = {}) {
        const processEnv = env(overrides);
        const api = spawnManaged({
          name: 'api',
          command: process.execPath,
          args: [API_ENTRY],
          env: processEnv,
          logFile: path.join(root, 'api.log'),
          cwd: repoRoot,
        });
        products.push(api);
        await api.waitForOutput(/"api listening"/, 60_000);
        return { ...api, baseUrl: processEnv.APP_URL! };
      },
      async startWorkers(overrides = {}) {
        lives += 1;
        const workers = spawnManaged({
          name: `workers (life ${lives})`,
          command: process.execPath,
          args: [WORKERS_ENTRY],
          env: env(overrides),
          logFile: path.join(root, 'workers.log'),
          cwd: repoRoot,
        });
        products.push(workers);
        await workers.waitForOutput(/"workers running"/, 60_000);
        return workers;
      },
      products: () => products.filter((product) => product.isRunning()),
      queues() {
        if (!queues) {
          const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
          queues = { connection, byName: openQueues(connection, QUEUE_PREFIX) };
        }
        return queues.byName;
      },
      async close() {
        await Promise.all(products.map((product) => product.kill()));
        if (queues) {
          await Promise.all(Object.values(queues.byName).map((queue) => queue.close()));
          queues.connection.disconnect();
        }
        for (const resource of opened.reverse()) await resource.close().catch(() => undefined);
        await killAllManaged();
        if (process.env.CHAOS_KEEP_FILES) process.stdout.write(`chaos: files kept in ${root}\n`);
        else rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await killAllManaged();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
