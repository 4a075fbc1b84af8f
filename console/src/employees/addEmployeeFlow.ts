import type { SessionUser } from '@teamfolk/shared/contracts';

/** Where the Add Employee flow stands: nothing open, then each dialog in turn. */
export type AddStep = 'idle' | 'verifyingEmail' | 'confirmingSeat' | 'filling';

/**
 * The dialog the Add button opens. The API refuses an employee from an admin whose address is not
 * verified (403), so that admin learns it, with a way to resend the link, before the seat dialog and
 * the form; everybody else sees the billing impact first (spec section 2).
 */
export function firstStepOfAdding(user: Pick<SessionUser, 'emailVerified'>): Exclude<AddStep, 'idle' | 'filling'> {
  return user.emailVerified ? 'confirmingSeat' : 'verifyingEmail';
}
