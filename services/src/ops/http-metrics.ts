import type { Request, RequestHandler } from 'express';
import { Histogram, Registry } from 'prom-client';

/** The one label of requests no route answered (unknown paths, static files): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface HttpMetrics {
  /** Holds the request duration histogram, for the /metrics registry. */
  registry: Registry;
  /** Times every request: a clock read on the way in, one histogram observation when it finishes. */
  middleware: RequestHandler;
}

type RoutePath = string | RegExp | Array<string | RegExp>;

function patternText(path: RoutePath): string {
  return Array.isArray(path) ? path.map(String).join(',') : String(path);
}

/**
 * The full pattern of the route that answers the request, e.g. `/api/leaves/:id/approve`. Express
 * sets `req.route` the moment a route matches, while `req.baseUrl` still names that route's router;
 * by the time the response finishes an error may have unwound `baseUrl` to an outer router, so the
 * pattern is taken when `req.route` is set.
 */
function trackRoutePattern(req: Request): { pattern?: string } {
  const tracked: { pattern?: string } = {};
  let route: { path: RoutePath } | undefined;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(matched: { path: RoutePath } | undefined) {
      route = matched;
      if (matched) tracked.pattern = `${req.baseUrl}${patternText(matched.path)}`;
    },
  });
  return tracked;
}

/** A route `/` mounted at `/api/employees` is `/api/employees`, as the route table names it. */
const withoutTrailingSlash = (pattern: string) => (pattern.length > 1 ? pattern.replace(/\/$/, '') : pattern);

export function createHttpMetrics(): HttpMetrics {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    const route = trackRoutePattern(req);
    res.on('finish', () => {
      duration.observe(
        {
          method: req.method,
          route: route.pattern === undefined ? UNMATCHED_ROUTE : withoutTrailingSlash(route.pattern),
          status_code: res.statusCode,
        },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
  return { registry, middleware };
}
