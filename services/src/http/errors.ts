import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ConnectionError, UniqueConstraintError } from 'sequelize';
import { ZodError } from 'zod';
import { generalTexts, type ApiError } from '@teamfolk/shared';

/** An error whose message is meant for the user; anything else becomes a generic 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** What a client is told to wait after a 503: about as long as a database restart or failover takes. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Postgres error classes that mean "not now" rather than "wrong": connection exceptions (08…), the
 * server shutting down or restarting (57P01 admin, 57P02 crash, 57P03 still starting), too many
 * connections (53300).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const NETWORK_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres' own words for a connection that died under a query (they carry no SQLSTATE). */
const LOST_CONNECTION = /Connection terminated|connection error and is not queryable|Client was closed/i;

function isUnavailableCode(code: unknown): boolean {
  return (
    typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || NETWORK_FAILURES.has(code))
  );
}

/**
 * Whether the database could not be reached or dropped the connection (a restart, a failover, an
 * exhausted pool): the request may well succeed in a moment, so it is a 503, never a 500. Sequelize
 * wraps connect failures as ConnectionError, but a connection lost mid-query surfaces as a
 * DatabaseError (or node-postgres' bare Error) whose cause tells.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionError) return true;
  if (!(error instanceof Error)) return false;
  const { parent, original } = error as { parent?: unknown; original?: unknown };
  return [error, parent, original].some(
    (cause) =>
      cause instanceof Error &&
      (isUnavailableCode((cause as { code?: unknown }).code) || LOST_CONNECTION.test(cause.message)),
  );
}

/** The first problem, in the schema's own words (they name the field, or are the spec's exact texts). */
export function zodErrorReply(error: ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.join('.');
  const message = issue?.message ?? 'Invalid request';
  return field ? { message, field } : { message };
}

interface BodyParserError {
  type?: string;
  status?: number;
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ message: generalTexts.notFound });
};

/** Maps every failure to a JSON `{message}`; stack traces and SQL stay in the logs. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof HttpError) {
    res.status(error.status).json({ message: error.message, ...error.extra });
    return;
  }
  if (error instanceof ZodError) {
    res.status(400).json(zodErrorReply(error));
    return;
  }
  const parserError = error as BodyParserError;
  if (parserError.type === 'entity.parse.failed') {
    res.status(400).json({ message: generalTexts.invalidJson });
    return;
  }
  if (parserError.type === 'entity.too.large') {
    res.status(413).json({ message: generalTexts.payloadTooLarge });
    return;
  }
  if (parserError.type && parserError.status && parserError.status < 500) {
    res.status(parserError.status).json({ message: 'The request body could not be read' });
    return;
  }
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // e.g. a hashed asset an old browser tab still asks for after a deploy.
    res.status(status).json({ message: status === 404 ? generalTexts.notFound : 'The request could not be served' });
    return;
  }
  if (error instanceof UniqueConstraintError) {
    res.status(409).json({ message: 'This record already exists' });
    return;
  }
  if (isDatabaseUnavailable(error)) {
    req.log.warn({ err: error }, 'database unavailable');
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(503).json({ message: generalTexts.serviceUnavailable });
    return;
  }
  req.log.error({ err: error }, 'unhandled error');
  res.status(500).json({ message: generalTexts.internalError });
};
