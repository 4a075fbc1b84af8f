import pino, { type DestinationStream, type Logger } from 'pino';

export type { DestinationStream, Logger };

const CENSOR = '[redacted]';

/**
 * Keys whose values never reach the logs, at any depth of a logged object (ASVS 16.2.5): passwords,
 * tokens (session, e-mail, X-Session-Token), secrets and keys (Stripe's included), signatures,
 * cookies and authorization headers, and e-mailed links (they carry tokens).
 */
const SECRET_KEY =
  /pass(word|phrase)?|secret|token|authori[sz]ation|cookie|api[-_]?key|private[-_]?key|signature|^link$/i;

/** Stripe secret and restricted keys and webhook secrets, wherever they appear in a string. */
const STRIPE_SECRET_VALUE = /\b(sk|rk)_(live|test)_[A-Za-z0-9]+|\bwhsec_[A-Za-z0-9]+/g;

/**
 * Tokens in paths and query strings (/api/auth/invitation/<token>, the calendar feed's secret): a
 * run of 20+ URL-safe characters with a digit, a capital or an underscore, which route names lack.
 */
const TOKEN_IN_URL = /[A-Za-z0-9_-]{20,}/g;

/** Plain objects are walked; class instances (errors, requests, models) are left to their serializers. */
const MAX_DEPTH = 8;

/** A URL as it may be logged: tokens in its path or query replaced. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_URL, (run) => (/[A-Z0-9_]/.test(run) ? CENSOR : run));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The object with every secret replaced by '[redacted]'; the caller's object is never changed (a copy
 * is made where something is replaced).
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replace(STRIPE_SECRET_VALUE, CENSOR) as T;
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    const redacted = items.map((item) => redactSecrets(item, depth + 1));
    return (redacted.some((item, index) => item !== items[index]) ? redacted : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    let next: unknown;
    if (SECRET_KEY.test(key)) next = item === undefined || item === null ? item : CENSOR;
    else if (key === 'url' && typeof item === 'string') next = redactUrl(item);
    else next = redactSecrets(item, depth + 1);
    if (next !== item) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return (copy ?? value) as T;
}

/**
 * pino's error serializer, then redactSecrets over what it made: the error's own keys at any depth
 * (a token a library attached, the headers of a failed call) and Stripe keys in its message and
 * stack. redactSecrets leaves class instances, errors included, whole for this serializer.
 */
function serializeError(error: Error): unknown {
  const serialized: unknown = pino.stdSerializers.err(error);
  return redactSecrets(typeof serialized === 'object' && serialized !== null ? { ...serialized } : serialized);
}

/**
 * The process's logger, writing to stdout; tests pass a destination to read what was logged.
 * Asynchronous: a line leaves at once when stdout is idle, and lines written meanwhile leave together
 * in one write, instead of one blocking write per line on the request path. pino flushes what is
 * left when the process exits.
 */
export function createLogger(level: string, name: string, destination?: DestinationStream): Logger {
  // No pino `redact` paths: redactSecrets covers every key they named, and a wildcard path ran
  // pino's redaction over every logged value (13 kB of garbage a request line).
  const options = {
    name,
    level,
    formatters: { log: (object: Record<string, unknown>) => redactSecrets(object) },
    serializers: { err: serializeError },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
