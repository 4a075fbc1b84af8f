import type { RequestHandler } from 'express';
import { generalTexts, MAX_REQUEST_BODY_DEPTH } from '@teamfolk/shared';
import { HttpError } from './errors';

const NUL = '\u0000';
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why Postgres could not store `text`, or null when it can. */
function unstorable(text: string): string | null {
  if (text.includes(NUL)) return 'must not contain the NUL character';
  if (UNPAIRED_SURROGATE.test(text)) return 'must be valid Unicode text (it holds half of a character)';
  return null;
}

/** A value still to be looked at: `key` is its field name in the object holding it. */
interface Pending {
  value: unknown;
  path: string;
  /** How many objects and arrays hold it, itself included when it is one. */
  depth: number;
  key?: string;
}

/**
 * The first problem of a parsed JSON body, in the body's order: a field name or text Postgres could
 * not store, or objects and arrays nested deeper than MAX_REQUEST_BODY_DEPTH. A loop over a stack of
 * its own rather than a recursion, so no depth the parser accepts can overflow the call stack.
 */
function firstProblem(body: unknown): string | null {
  const pending: Pending[] = [{ value: body, path: '', depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path, depth, key } = next;
    const keyProblem = key === undefined ? null : unstorable(key);
    if (keyProblem) return `field names ${keyProblem}`;
    if (typeof value === 'string') {
      const problem = unstorable(value);
      if (problem) return `${path || 'the request body'} ${problem}`;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_REQUEST_BODY_DEPTH) return generalTexts.bodyTooDeep;
    const entries = Object.entries(value);
    // Last first: the stack then yields the entries in their order.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [name, item] = entries[index]!;
      const field = Array.isArray(value) ? `${path}[${name}]` : path ? `${path}.${name}` : name;
      pending.push({ value: item, path: field, depth: depth + 1, key: Array.isArray(value) ? undefined : name });
    }
  }
  return null;
}

/**
 * Refuses a JSON body the API could not handle, with a 400 that names the problem, whatever the
 * route and before authentication: U+0000 in any text column and half of a UTF-16 surrogate pair in
 * the JSON columns of the audit log and the outbox (the statement storing them failed as a 500 once
 * everything else had been checked), and nesting deeper than any body of ours (a walk over it, here
 * or in a library, recursed past the call stack: a 500 for 8 KB of brackets).
 */
export const refuseUnstorableBody: RequestHandler = (req, _res, next) => {
  const problem = firstProblem(req.body);
  if (problem) throw new HttpError(400, problem);
  next();
};
