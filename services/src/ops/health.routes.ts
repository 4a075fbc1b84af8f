import type { Express } from 'express';
import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import { checkReadiness } from '@teamfolk/shared';

/**
 * Liveness answers as soon as the process listens; readiness only while Postgres and Redis answer.
 * Routes of the app itself, not a router mounted at its root: every request would enter that router
 * and, finding nothing, leave it a turn of the event loop later.
 */
export function mountHealthRoutes(app: Express, sequelize: Sequelize, redis: Redis): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const { ready, postgres, redis: redisUp } = await checkReadiness(sequelize, redis);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', postgres, redis: redisUp });
  });
}
