import { z } from 'zod';
import { INVITATION_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { countryCode, ianaTimeZone } from './calendar';
import { nameText } from './names';
import type { ApprovedTeam } from './teams';
import { authTexts } from './texts';

const email = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .pipe(z.email({ error: 'email must be a valid email address' }))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: 'password is required' })
  .min(1, 'password is required')
  .max(PASSWORD_MAX_LENGTH, authTexts.passwordTooLong);

/**
 * A password being chosen: a length rule and nothing else (no composition rules, ASVS 6.2.5). The
 * server also refuses the most common passwords, a list the browser bundle does not carry.
 */
const newPassword = (minLength: number, tooShort: string) =>
  z
    .string({ error: 'password is required' })
    .min(minLength, tooShort)
    .max(PASSWORD_MAX_LENGTH, authTexts.passwordTooLong);

export const signupSchema = z.object({
  email,
  password: newPassword(PASSWORD_MIN_LENGTH, authTexts.passwordTooShort),
  name: nameText('name', 120),
  companyName: nameText('companyName', 160),
  /** The admin's browser's time zone: the company's until an admin changes it. */
  timeZone: ianaTimeZone.optional(),
  /** The country of the admin's browser language (en-US: US), for public holidays. */
  country: countryCode.optional(),
});
export type SignupPayload = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email,
  password,
  /** The device token of an earlier sign-in to this account from this browser, if it has one. */
  deviceToken: z.string({ error: 'deviceToken must be text' }).max(2048, 'deviceToken is malformed').optional(),
});
export type LoginPayload = z.input<typeof loginSchema>;

export const resendVerificationSchema = z.object({ email });

export const emailTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, 'token is malformed');

export const acceptInvitationSchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').pipe(emailTokenSchema),
  password: newPassword(INVITATION_PASSWORD_MIN_LENGTH, authTexts.invitationPasswordTooShort),
});
export type AcceptInvitationPayload = z.input<typeof acceptInvitationSchema>;

export type Role = 'admin' | 'employee';

export interface LeaveBalances {
  vacationDaysTotal: number;
  vacationDaysUsed: number;
  vacationDaysRemaining: number;
  sickDaysTotal: number;
  sickDaysUsed: number;
  sickDaysRemaining: number;
  bankHoursTotal: number;
  bankHoursUsed: number;
  bankHoursRemaining: number;
}

/** The signed-in user as `/auth/me`, login, signup and invitation accept return it (spec section 3). */
export interface SessionUser extends Partial<LeaveBalances> {
  id: number;
  role: Role;
  employeeName: string;
  email: string;
  emailVerified: boolean;
  companyName: string;
  /** The company's subscription has ended: every route but /auth and /billing answers 402 subscriptionExpired. */
  subscriptionExpired: boolean;
  /** The teams whose members' requests the user decides (issue 30), by name; empty: none. */
  approvesTeams: ApprovedTeam[];
}

export interface SessionReply {
  token: string;
  user: SessionUser;
}

/** A completed sign-in with a password (POST /auth/login, and its second step /auth/login/two-factor). */
export interface SignInReply extends SessionReply {
  /**
   * This browser's device token for the account: sent back with its next sign-ins, it lets them
   * through while the account is locked after failed sign-ins from elsewhere.
   */
  deviceToken: string;
}

export type SignupReply = SessionReply | { requiresVerification: true; message: string };

export interface InvitationPreview {
  name: string;
  email: string;
}

export interface ApiError {
  message: string;
  field?: string;
}
