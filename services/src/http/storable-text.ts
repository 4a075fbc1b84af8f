import type { RequestHandler } from 'express';
import { HttpError } from './errors';

const NUL = '\u0000';
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why Postgres could not store `text`, or null when it can. */
function unstorable(text: string): string | null {
  if (text.includes(NUL)) return 'must not contain the NUL character';
  if (UNPAIRED_SURROGATE.test(text)) return 'must be valid Unicode text (it holds half of a character)';
  return null;
}

/** The first field of a parsed JSON body whose name or text Postgres could not store, and why. */
function firstUnstorableField(value: unknown, path: string): string | null {
  if (typeof value === 'string') {
    const problem = unstorable(value);
    return problem && `${path || 'the request body'} ${problem}`;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const field = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const keyProblem = unstorable(key);
    if (keyProblem) return `field names ${keyProblem}`;
    const problem = firstUnstorableField(item, field);
    if (problem) return problem;
  }
  return null;
}

/**
 * Refuses a JSON body holding text Postgres cannot store: U+0000 in any text column, and half of a
 * UTF-16 surrogate pair in the JSON columns of the audit log and the outbox. The statement storing
 * such a value failed as a 500 once everything else about the request had been checked (a leave's
 * reason); refused here, it is a 400 that names the field, whatever the route.
 */
export const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  const problem = firstUnstorableField(req.body, '');
  if (problem) throw new HttpError(400, problem);
  next();
};
