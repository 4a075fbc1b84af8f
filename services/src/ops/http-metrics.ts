import type { Express, Request } from 'express';
import { Histogram, Registry } from 'prom-client';

/** The one label of requests no route answered (unknown paths, static files): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface HttpMetrics {
  /** Holds the request duration histogram, for the /metrics registry. */
  registry: Registry;
  /** Times every request of `app`: a clock read on the way in, one histogram observation when it finishes. */
  instrument(app: Express): void;
}

type RoutePath = string | RegExp | Array<string | RegExp>;

function patternText(path: RoutePath): string {
  return Array.isArray(path) ? path.map(String).join(',') : String(path);
}

const ROUTE = Symbol('teamfolk.route');
const ROUTE_PATTERN = Symbol('teamfolk.routePattern');

type TrackedRequest = Request & { [ROUTE]?: { path: RoutePath }; [ROUTE_PATTERN]?: string };

/**
 * Keeps the full pattern of the route that answers a request, e.g. `/api/leaves/:id/approve`.
 * Express sets `req.route` the moment a route matches, while `req.baseUrl` still names that route's
 * router; by the time the response finishes an error may have unwound `baseUrl` to an outer router,
 * so the pattern is taken when `req.route` is set. The accessor is defined once, on the app's request
 * prototype, not on each request: it relies on every request of the app having that prototype (Express
 * gives it; server.ts builds them on it). Measured: bench/README.md#what-the-figures-rest-on
 */
function trackRoutePatterns(app: Express): void {
  Object.defineProperty(app.request, 'route', {
    configurable: true,
    enumerable: true,
    get(this: TrackedRequest) {
      return this[ROUTE];
    },
    set(this: TrackedRequest, matched: { path: RoutePath } | undefined) {
      this[ROUTE] = matched;
      if (matched) this[ROUTE_PATTERN] = `${this.baseUrl}${patternText(matched.path)}`;
    },
  });
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
  const instrument = (app: Express) => {
    trackRoutePatterns(app);
    app.use((req: TrackedRequest, res, next) => {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const pattern = req[ROUTE_PATTERN];
        duration.observe(
          {
            method: req.method,
            route: pattern === undefined ? UNMATCHED_ROUTE : withoutTrailingSlash(pattern),
            status_code: res.statusCode,
          },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
      });
      next();
    });
  };
  return { registry, instrument };
}
