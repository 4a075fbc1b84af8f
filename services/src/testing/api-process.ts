import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@teamfolk/shared';
import type { TestApp } from './harness';

/** The built API entry point: `npm test` builds it (tsc -b) before any test runs. */
const API_ENTRY = path.resolve(__dirname, '..', '..', 'dist', 'main.js');

export interface ApiProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The API of a test app in a process of its own, as production runs it, on the same database, Redis
 * and settings: for measurements whose load generator must not share the API's event loop.
 */
export async function startApiProcess(t: TestApp, settings: Record<string, string> = {}): Promise<ApiProcess> {
  if (!existsSync(API_ENTRY)) throw new Error(`${API_ENTRY} is missing: build first (npx tsc -b)`);
  const port = await freePort();
  const child = spawn(process.execPath, [API_ENTRY], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: t.config.NODE_ENV,
      PORT: String(port),
      APP_URL: t.config.APP_URL,
      DATABASE_URL: t.db.url,
      DATABASE_APP_URL: t.db.appUrl,
      MIGRATE_ON_START: 'false',
      REDIS_URL: t.config.REDIS_URL,
      QUEUE_PREFIX: t.config.QUEUE_PREFIX,
      JWT_SECRET: t.config.JWT_SECRET,
      SMTP_URL: t.config.SMTP_URL,
      LOG_LEVEL: 'silent',
      WEB_CONCURRENCY: '1',
      ...settings,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API process exited: ${stderr}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) return { baseUrl, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the API process did not become ready: ${stderr}`);
    }
    await sleep(100);
  }
}
