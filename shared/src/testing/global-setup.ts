import os from 'node:os';
import path from 'node:path';
import { discoverPostgres, discoverRedis, type Service } from '../infra';

declare global {
  var teamfolkTestServices: Service[] | undefined;
}

/**
 * Finds Postgres and Redis once per run, the way `npm start` does (environment, local services,
 * else ones it starts itself), and hands them to every test file through the environment.
 */
export default async function globalSetup(): Promise<void> {
  // The projects that share these hooks (integration, slow, serial) each call them in a run.
  if (globalThis.teamfolkTestServices) return;
  const env = { ...process.env, DATABASE_URL: process.env.TEST_POSTGRES_URL, REDIS_URL: process.env.TEST_REDIS_URL };
  const postgres = await discoverPostgres(env, path.join(os.tmpdir(), 'teamfolk-test-postgres'));
  const redis = await discoverRedis(env);
  process.env.TEST_POSTGRES_URL = postgres.url;
  process.env.TEST_REDIS_URL = redis.url;
  globalThis.teamfolkTestServices = [postgres, redis];
}
