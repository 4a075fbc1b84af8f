import { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';

async function answers(check: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness answers as soon as the process listens; readiness only while Postgres and Redis answer. */
export function healthRoutes(sequelize: Sequelize, redis: Redis): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const [postgres, redisUp] = await Promise.all([
      answers(() => sequelize.query('SELECT 1'), 2_000),
      answers(() => redis.ping(), 2_000),
    ]);
    const ready = postgres && redisUp;
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'unavailable',
      postgres: postgres ? 'up' : 'down',
      redis: redisUp ? 'up' : 'down',
    });
  });
  return router;
}
