import { dictionary } from '@zxcvbn-ts/language-common';
import { authTexts } from '@teamfolk/shared';
import { HttpError } from '../http/errors';

/** How many of the most common passwords are refused (ASVS 6.2.4 asks for at least the top 3,000). */
export const COMMON_PASSWORDS_REFUSED = 3000;

let commonPasswords: Set<string> | undefined;

/**
 * zxcvbn's list of leaked passwords, most frequent first; read on first use and kept lower-cased.
 * Server-side only: the browser bundle never carries it.
 */
function mostCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((password) => password.toLowerCase()),
  );
  return commonPasswords;
}

/** Whether the password is one of the most common ones, whatever its case ('Password' as 'password'). */
export function isCommonPassword(password: string): boolean {
  return mostCommonPasswords().has(password.toLowerCase());
}

/**
 * Refuses a newly chosen password that is among the most common ones (400, naming the field). The
 * length rules are in the request schemas; there are no composition rules (ASVS 6.2.5).
 */
export function assertPasswordNotCommon(password: string): void {
  if (isCommonPassword(password)) throw new HttpError(400, authTexts.passwordTooCommon, { field: 'password' });
}
