import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Sequelize } from 'sequelize';
import {
  checkReadiness,
  createMetricsRegistry,
  generalTexts,
  isOperator,
  OPERATOR_CHALLENGE,
  OPERATOR_SIGN_IN_REQUIRED,
  type Logger,
  type OperatorCredentials,
} from '@teamfolk/shared';

export interface OpsServerOptions {
  /** OPS_PORT; 0 takes a free one. */
  port: number;
  host?: string;
  sequelize: Sequelize;
  /** A producer connection (fails fast while Redis is down): readiness. */
  redis: Redis;
  /** The queues whose depths /metrics shows. */
  queues: Queue[];
  /** /metrics answers only the operator; null: no /metrics at all, as on the API. */
  credentials: OperatorCredentials | null;
  logger: Logger;
}

export interface RunningOpsServer {
  port: number;
  close(): Promise<void>;
}

function reply(res: ServerResponse, status: number, body: string, contentType: string): void {
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}

const replyJson = (res: ServerResponse, status: number, body: object) =>
  reply(res, status, JSON.stringify(body), 'application/json; charset=utf-8');

type Endpoint = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

function metricsEndpoint(credentials: OperatorCredentials, metrics: Registry): Endpoint {
  return async (req, res) => {
    if (!isOperator(req.headers.authorization, credentials)) {
      res.setHeader('WWW-Authenticate', OPERATOR_CHALLENGE);
      replyJson(res, 401, { message: OPERATOR_SIGN_IN_REQUIRED });
      return;
    }
    reply(res, 200, await metrics.metrics(), metrics.contentType);
  };
}

/**
 * The path of a request's target, or null when no URL can be made of it (`GET //[`): Node's parser
 * lets such a target through, and `new URL` throwing in the handler would end the workers process.
 */
function pathOf(target = '/'): string | null {
  return URL.canParse(target, 'http://ops') ? new URL(target, 'http://ops').pathname : null;
}

/**
 * The workers' own HTTP endpoint, for the orchestrator and Prometheus: /healthz (the process is
 * alive), /readyz (Postgres and Redis answer) and /metrics (job durations, e-mails, queue depths,
 * outbox lag, the process's own metrics). The workers serve no other HTTP.
 */
export async function startOpsServer(options: OpsServerOptions): Promise<RunningOpsServer> {
  const { sequelize, redis, queues, credentials, logger } = options;
  const endpoints: Record<string, Endpoint> = {
    '/healthz': (_req, res) => replyJson(res, 200, { status: 'ok' }),
    '/readyz': async (_req, res) => {
      const { ready, postgres, redis: redisUp } = await checkReadiness(sequelize, redis);
      replyJson(res, ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable', postgres, redis: redisUp });
    },
  };
  if (credentials) endpoints['/metrics'] = metricsEndpoint(credentials, createMetricsRegistry({ queues, sequelize }));

  const server = createServer((req, res) => {
    const path = pathOf(req.url);
    if (path === null) {
      replyJson(res, 400, { message: 'The request target is not a valid URL' });
      return;
    }
    const endpoint = endpoints[path];
    if (!endpoint) {
      replyJson(res, 404, { message: generalTexts.notFound });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      replyJson(res, 405, { message: 'Only GET and HEAD are answered here' });
      return;
    }
    Promise.resolve(endpoint(req, res)).catch((error: unknown) => {
      logger.error({ err: error, url: req.url }, 'ops endpoint failed');
      if (!res.headersSent) replyJson(res, 500, { message: generalTexts.internalError });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Prometheus keeps its connection open between scrapes.
        server.closeAllConnections();
      }),
  };
}
