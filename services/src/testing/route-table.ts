import type { Express } from 'express';

/** One route the app answers: an upper-case method and its full path pattern, e.g. `PUT /api/leaves/:id/approve`. */
export interface RouteEntry {
  method: string;
  path: string;
}

/** What `router.listRoutes()` (the `router` package Express 5 uses, from 2.3) answers per registered path. */
interface ListedRoute {
  path: string | RegExp;
  methods: string[] | undefined;
  router: IntrospectableRouter | undefined;
}

interface IntrospectableRouter {
  listRoutes?: () => ListedRoute[];
}

/** `GET /api/employees/:id`: how route tables and the security tests name a route. */
export const routeKey = (route: RouteEntry): string => `${route.method} ${route.path}`;

function joinPath(base: string, path: string): string {
  const joined = `${base}/${path}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

function walk(router: IntrospectableRouter, base: string, into: Map<string, RouteEntry>): void {
  if (typeof router.listRoutes !== 'function') {
    throw new Error(`The router mounted at ${base || '/'} cannot list its routes (router package older than 2.3?)`);
  }
  for (const listed of router.listRoutes()) {
    if (typeof listed.path !== 'string') {
      throw new Error(
        `A route under ${base || '/'} is a regular expression (${String(listed.path)}): name it by a path`,
      );
    }
    const path = joinPath(base, listed.path);
    if (listed.router) {
      walk(listed.router, path, into);
      continue;
    }
    const methods = listed.methods ?? [];
    for (const method of methods) {
      // listRoutes adds HEAD to every GET route; Express answers it with the GET handler.
      if (method === 'HEAD' && methods.includes('GET')) continue;
      const route = { method: method === '*' ? 'ALL' : method, path };
      into.set(routeKey(route), route);
    }
  }
}

/**
 * Every (method, path) the app routes under `prefix`, read from the routers themselves (mounted
 * routers included, with their mount paths), sorted by path then method. Plain middleware is not a
 * route and is not listed.
 */
export function routeTable(app: Express, prefix = '/api'): RouteEntry[] {
  const routes = new Map<string, RouteEntry>();
  walk((app as unknown as { router: IntrospectableRouter }).router, '', routes);
  return [...routes.values()]
    .filter((route) => route.path === prefix || route.path.startsWith(`${prefix}/`))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
