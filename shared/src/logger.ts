import pino, { type Logger } from 'pino';

export type { Logger };

/** Secrets never reach the logs, whatever object carries them. */
const REDACTED_PATHS = [
  'password',
  '*.password',
  'token',
  '*.token',
  'link',
  '*.link',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'passwordHash',
  '*.passwordHash',
];

export function createLogger(level: string, name: string): Logger {
  return pino({ name, level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}
