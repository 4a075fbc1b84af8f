import { z } from 'zod';
import type { SessionReply, SessionUser } from './auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { authTexts } from './texts';

/** Digits of a TOTP code (RFC 6238 with the authenticator apps' defaults: SHA-1, 30-second steps). */
export const TWO_FACTOR_CODE_DIGITS = 6;
/** Recovery codes issued when two-step sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step of a sign-in waits for its second step. */
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;
/**
 * Wrong codes a user may enter at the second sign-in step within the window, from any address;
 * then the step answers 429 until the window ends. 5 per 15 minutes leaves a guesser (who already
 * has the password) about one chance in 70,000 per window against three valid codes in a million.
 */
export const TWO_FACTOR_MAX_FAILED_ATTEMPTS = 5;
export const TWO_FACTOR_FAILURE_WINDOW_SECONDS = 15 * 60;

export const twoFactorTexts = {
  codeRequired: 'code is required',
  codeFormat: `Enter the ${TWO_FACTOR_CODE_DIGITS}-digit code from your authenticator app`,
  invalidCode: 'That code is not valid. Enter the current code from your authenticator app, or a recovery code.',
  invalidTotpCode: 'That code is not valid. Enter the current code from your authenticator app.',
  codeAlreadyUsed: 'This code has already been used. Wait for the next code from your authenticator app.',
  challengeExpired: 'Your sign-in took too long. Enter your email and password again.',
  enrolmentNotStarted: 'Start setting up two-step sign-in first.',
  alreadyEnabled: 'Two-step sign-in is already on.',
  notEnabled: 'Two-step sign-in is not on.',
  wrongPassword: 'The password is not correct.',
  enabled: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-step sign-in is off.',
  wrongCurrentPassword: 'The current password is not correct.',
  samePassword: 'The new password must be different from the current one.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
} as const;

const code = z
  .string({ error: twoFactorTexts.codeRequired })
  .trim()
  .min(1, twoFactorTexts.codeRequired)
  .max(64, 'code is too long');

/** A TOTP code as typed: spaces are allowed ("123 456"), six digits are required. */
const totpCode = z
  .string({ error: twoFactorTexts.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_DIGITS}}$`), twoFactorTexts.codeFormat));

/** POST /auth/two-factor/confirm: the first code from the app proves the secret was saved. */
export const twoFactorConfirmSchema = z.object({ code: totpCode });
export type TwoFactorConfirmPayload = z.input<typeof twoFactorConfirmSchema>;

/** DELETE /auth/two-factor: the password and a current code (or a recovery code). */
export const twoFactorDisableSchema = z.object({
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  code,
});
export type TwoFactorDisablePayload = z.input<typeof twoFactorDisableSchema>;

/** POST /auth/login/two-factor: the challenge from the password step and a TOTP or recovery code. */
export const twoFactorLoginSchema = z.object({
  challenge: z
    .string({ error: 'challenge is required' })
    .min(1, 'challenge is required')
    .max(4096, 'challenge is malformed'),
  code,
});
export type TwoFactorLoginPayload = z.input<typeof twoFactorLoginSchema>;

/** PUT /auth/password. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'currentPassword is required' })
    .min(1, 'currentPassword is required')
    .max(PASSWORD_MAX_LENGTH, `currentPassword must be at most ${PASSWORD_MAX_LENGTH} characters`),
  // The sign-up rule; the server also refuses the most common passwords.
  newPassword: z
    .string({ error: 'newPassword is required' })
    .min(PASSWORD_MIN_LENGTH, authTexts.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, authTexts.passwordTooLong),
});
export type ChangePasswordPayload = z.input<typeof changePasswordSchema>;

/** GET /auth/two-factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** ISO instant, or null while off. */
  enabledAt: string | null;
  recoveryCodesRemaining: number;
}

/** POST /auth/two-factor/start: what the authenticator app needs; nothing is on until confirmed. */
export interface TwoFactorEnrolment {
  /** The otpauth:// URI the QR code encodes. */
  otpauthUri: string;
  /** The QR code as a data:image/svg+xml URL. */
  qrCodeDataUrl: string;
  /** The Base32 secret, for typing into the app by hand. */
  secret: string;
}

/**
 * POST /auth/two-factor/confirm: the recovery codes, shown this once, and a fresh session for this
 * tab (turning the second step on signs out every session that was opened with the password alone).
 */
export interface TwoFactorEnabledReply {
  message: string;
  status: TwoFactorStatus;
  recoveryCodes: string[];
  token: string;
  user: SessionUser;
}

/** PUT /auth/password: a fresh session for this tab; every other session has ended. */
export interface PasswordChangedReply extends SessionReply {
  message: string;
}
