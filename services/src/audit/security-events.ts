import type { Request } from 'express';
import { redactUrl, SecurityEvent, type SecurityEventKind } from '@teamfolk/shared';

const EMAIL_MAX_LENGTH = 254;
const USER_AGENT_MAX_LENGTH = 256;
const ROUTE_MAX_LENGTH = 200;

export interface SecurityEventDetails {
  kind: SecurityEventKind;
  /** The HTTP status the request is answered with. */
  status: number;
  companyId?: number | null;
  userId?: number | null;
  /** The address a sign-in (or a throttled request) named, as typed. */
  email?: unknown;
}

const clip = (value: string | undefined, max: number): string | null => (value ? value.slice(0, max) : null);

function normalisedEmail(value: unknown): string | null {
  return typeof value === 'string' ? clip(value.trim().toLowerCase(), EMAIL_MAX_LENGTH) : null;
}

/** 'POST /api/auth/login': the method and path, without the query string, tokens in the path redacted. */
function routeOf(req: Request): string {
  const path = req.originalUrl.split('?')[0] ?? '';
  return clip(`${req.method} ${redactUrl(path)}`, ROUTE_MAX_LENGTH) ?? req.method;
}

/**
 * Writes one row of the security log (ASVS 16.3.1, 16.3.2) for this request: who (where known),
 * from where (client address behind the trusted proxies, user agent), which route, which outcome.
 * Never throws: a failed write is logged and the request goes on as if it had succeeded.
 */
export async function recordSecurityEvent(req: Request, details: SecurityEventDetails): Promise<void> {
  const failure = details.kind !== 'sign-in.succeeded' && details.kind !== 'sign-out';
  req.log[failure ? 'warn' : 'info'](
    { securityEvent: details.kind, status: details.status, userId: details.userId ?? undefined },
    'security event',
  );
  try {
    await SecurityEvent.create(
      {
        kind: details.kind,
        status: details.status,
        companyId: details.companyId ?? null,
        userId: details.userId ?? null,
        email: normalisedEmail(details.email),
        ip: req.ip ?? null,
        userAgent: clip(req.get('user-agent'), USER_AGENT_MAX_LENGTH),
        requestId: req.id ?? null,
        route: routeOf(req),
      },
      // Append-only under row-level security: the event of another (or no) company may be added but
      // not read back, so nothing is returned.
      { returning: false },
    );
  } catch (error) {
    req.log.error({ err: error, securityEvent: details.kind }, 'security event could not be recorded');
  }
}
