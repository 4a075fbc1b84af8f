import { z } from 'zod';

/** Control characters (Unicode Cc: C0, DEL and C1, tab and line feed among them) and the line and paragraph separators. */
const CONTROL_OR_LINE_BREAK = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * A name (a person's, a company's): one line of text, trimmed. Names are written into calendar
 * files, e-mail and exports, where a line break or a control character could start something of
 * its own: refused wherever a name is set, so every stored name is a single line.
 */
export const nameText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(
      (value) => !CONTROL_OR_LINE_BREAK.test(value),
      `${field} must not contain control characters or line breaks`,
    );
