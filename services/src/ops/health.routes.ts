import { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import { checkReadiness } from '@teamfolk/shared';

/** Liveness answers as soon as the process listens; readiness only while Postgres and Redis answer. */
export function healthRoutes(sequelize: Sequelize, redis: Redis): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const { ready, postgres, redis: redisUp } = await checkReadiness(sequelize, redis);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', postgres, redis: redisUp });
  });
  return router;
}
