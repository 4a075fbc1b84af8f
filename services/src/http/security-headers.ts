import cors from 'cors';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { BACKGROUND_REQUEST_HEADER, SESSION_TOKEN_HEADER } from '@teamfolk/shared';

/** Where the operator's queue dashboard (Bull Board) is served, with a CSP of its own. */
const OPS_PATH_PREFIX = '/ops/';

/** The API's replies: JSON, calendar files and exports, never a document a browser renders. */
const API_PATH_PREFIX = '/api/';

/** A year of HTTPS only, subdomains included: the same for API replies and documents. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The headers of an API reply (OWASP REST Security Cheat Sheet, ASVS 3.4): a policy that lets the
 * reply load nothing and be framed by no one (`base-uri` named, as it does not fall back to
 * `default-src`), HSTS, nosniff, no framing, the referrer policy, and no reading of it by another
 * origin's page. The document headers (the console's policy, opener and agent-cluster isolation,
 * legacy IE and Flash switches) govern pages a browser renders, which the API never sends: on a
 * 300-byte /auth/me they were a header block of 1 kB, the largest thing a request allocated.
 */
const API_REPLY_HEADERS: ReadonlyArray<[string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; base-uri 'none'; frame-ancestors 'none'"],
  ['Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', REFERRER_POLICY],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

const apiReplyHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of API_REPLY_HEADERS) res.setHeader(name, value);
  next();
};

/**
 * Response headers of every reply (ASVS 3.4); API replies get their own (API_REPLY_HEADERS). For
 * documents: a Content-Security-Policy for the console (a Vite
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
      strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
      referrerPolicy: { policy: REFERRER_POLICY },
      xFrameOptions: { action: 'deny' },
    });
  const everywhere = headersWith(directives);
  const queueDashboard = headersWith({ ...directives, 'base-uri': ["'self'"] });
  return (req, res, next) => {
    if (req.path.startsWith(API_PATH_PREFIX)) apiReplyHeaders(req, res, next);
    else (req.path.startsWith(OPS_PATH_PREFIX) ? queueDashboard : everywhere)(req, res, next);
  };
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
