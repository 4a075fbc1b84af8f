import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import { pingPostgres } from './ops.repository';

/**
 * What `work` resolves to within `timeoutMs`, or undefined when it failed or took longer: a
 * dependency that hangs counts as one that is down.
 */
export async function withinTime<T>(work: () => Promise<T>, timeoutMs: number): Promise<{ value: T } | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    return await Promise.race([work().then((value) => ({ value })), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

export interface Readiness {
  ready: boolean;
  postgres: 'up' | 'down';
  redis: 'up' | 'down';
}

const READINESS_TIMEOUT_MS = 2_000;

/** /readyz of the API and of the workers: ready only while Postgres and Redis both answer. */
export async function checkReadiness(sequelize: Sequelize, redis: Redis): Promise<Readiness> {
  const [postgres, redisUp] = await Promise.all([
    withinTime(() => pingPostgres(sequelize), READINESS_TIMEOUT_MS),
    withinTime(() => redis.ping(), READINESS_TIMEOUT_MS),
  ]);
  const up = (answer: unknown) => (answer === undefined ? 'down' : 'up');
  return { ready: postgres !== undefined && redisUp !== undefined, postgres: up(postgres), redis: up(redisUp) };
}
