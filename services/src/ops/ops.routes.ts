import type { Queue } from 'bullmq';
import express, { type Express, type RequestHandler } from 'express';
import type { Sequelize } from 'sequelize';
import { createMetricsRegistry, type OperatorCredentials } from '@teamfolk/shared';
import type { HttpMetrics } from './http-metrics';
import { requireOperator } from './operator-auth.middleware';

/** Where the queue dashboard (Bull Board) lives; the API its page calls is under `${QUEUE_DASHBOARD_PATH}/api`. */
export const QUEUE_DASHBOARD_PATH = '/ops/queues';

export interface OpsRoutesDependencies {
  credentials: OperatorCredentials;
  /** Every queue of the catalogue, on a producer connection: the dashboard lists, retries and removes jobs. */
  queues: Queue[];
  sequelize: Sequelize;
  httpMetrics: HttpMetrics;
}

/** Job data names people (e-mail addresses): never kept by a browser or a proxy. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

async function loadQueueDashboard(queues: Queue[]): Promise<Express> {
  const [{ createBullBoard }, { BullMQAdapter }, { ExpressAdapter }] = await Promise.all([
    import('@bull-board/api'),
    import('@bull-board/api/bullMQAdapter'),
    import('@bull-board/express'),
  ]);
  const serverAdapter = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Teamfolk queues' } },
  });
  const dashboard = serverAdapter.getRouter() as Express;
  // Bull Board is an Express app of its own, with Express's defaults.
  dashboard.disable('x-powered-by');
  return dashboard;
}

/**
 * The queue dashboard, loaded when an operator first opens it: Bull Board and its page's assets
 * cost every API process memory, and most never serve the page. Until then an empty app of ours
 * stands in its place, which takes Bull Board's in once it is loaded.
 */
function queueDashboard(queues: Queue[]): Express {
  const dashboard = express();
  dashboard.disable('x-powered-by');
  let loaded: Promise<void> | undefined;
  dashboard.use((_req, _res, next) => {
    loaded ??= loadQueueDashboard(queues).then((board) => {
      dashboard.use(board);
    });
    loaded.then(
      () => next(),
      (error: unknown) => {
        loaded = undefined;
        next(error);
      },
    );
  });
  return dashboard;
}

/**
 * The operator's routes, both behind the operator's credentials: the queue dashboard at
 * /ops/queues and the Prometheus metrics at /metrics. Mounted on the app itself, as Express mounts
 * an app in an app (Bull Board's), so that requests leaving it are the app's own again.
 */
export function mountOpsRoutes(
  app: Express,
  { credentials, queues, sequelize, httpMetrics }: OpsRoutesDependencies,
): void {
  const operatorOnly = requireOperator(credentials);
  app.use(QUEUE_DASHBOARD_PATH, operatorOnly, noStore, queueDashboard(queues));
  const metrics = createMetricsRegistry({ queues, sequelize }, httpMetrics.registry);
  app.get('/metrics', operatorOnly, noStore, async (_req, res) => {
    res.setHeader('Content-Type', metrics.contentType);
    res.send(await metrics.metrics());
  });
}
