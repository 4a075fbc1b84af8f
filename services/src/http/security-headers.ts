import cors from 'cors';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { BACKGROUND_REQUEST_HEADER, SESSION_TOKEN_HEADER } from '@teamfolk/shared';

/** Where the operator's queue dashboard (Bull Board) is served, with a CSP of its own. */
const OPS_PATH_PREFIX = '/ops/';

/**
 * Response headers of every reply (ASVS 3.4): a Content-Security-Policy for the console (a Vite
 * build with no inline script; MUI's emotion injects <style> elements, hence 'unsafe-inline' for
 * styles only; Stripe's checkout is a redirect, not a frame), HSTS, nosniff, no framing, and a
 * referrer that never carries a path (verification and invitation links hold tokens). Under /ops/
 * the queue dashboard's page sets a <base href> its scripts and styles are found through, so
 * `base-uri` admits the app's own origin there, and only there.
 */
export function securityHeaders(appUrl: string): RequestHandler {
  const https = new URL(appUrl).protocol === 'https:';
  const directives = {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // Over plain HTTP (development, tests) upgrading would break every request.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
  const headersWith = (cspDirectives: typeof directives) =>
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
    });
  const everywhere = headersWith(directives);
  const queueDashboard = headersWith({ ...directives, 'base-uri': ["'self'"] });
  return (req, res, next) => (req.path.startsWith(OPS_PATH_PREFIX) ? queueDashboard : everywhere)(req, res, next);
}

/**
 * CORS for the API: only the console's own origin (APP_URL) may call it from a browser, and it may
 * read the renewed session token and the headers react-admin and the throttle use.
 */
export function apiCors(appUrl: string): RequestHandler {
  return cors({
    origin: [new URL(appUrl).origin],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', BACKGROUND_REQUEST_HEADER],
    exposedHeaders: [SESSION_TOKEN_HEADER, 'Content-Range', 'Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });
}
