import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { leaveUnlogged } from '../http/request-log';

/**
 * Serves the built console from the API's origin: hashed assets cached for a year, every other
 * GET answered with index.html so client-side routes load on refresh. Files served as they are
 * stay out of the request log (a page is logged, its files are not, unless one fails).
 */
export function consoleRoutes(distDir: string, searchIndexing: boolean): Router {
  const router = Router();
  if (!searchIndexing) {
    router.use((_req, res, next) => {
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      next();
    });
  }
  const indexHtml = path.join(distDir, 'index.html');
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      fallthrough: false,
      setHeaders: leaveUnlogged,
    }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h', setHeaders: leaveUnlogged }));
  router.get('/{*path}', (_req, res) => {
    if (!existsSync(indexHtml)) {
      res.status(503).type('text').send('The console is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}
