import type { SessionReply, SignInReply } from './auth';

// Kept apart from the zod schemas of two-factor.ts: the console's session store (in the landing
// page's first chunk) needs this guard, and importing that module would bring zod along.

/** The password step's reply for a user with two-step sign-in: no session yet. */
export interface TwoFactorChallengeReply {
  twoFactorRequired: true;
  /** Signed, short-lived (five minutes); good for the second step only. */
  challenge: string;
}

/** POST /auth/login: a session, or the challenge of the second step. */
export type LoginReply = SignInReply | TwoFactorChallengeReply;

export function isTwoFactorChallenge(reply: SessionReply | TwoFactorChallengeReply): reply is TwoFactorChallengeReply {
  return 'twoFactorRequired' in reply && reply.twoFactorRequired === true;
}
