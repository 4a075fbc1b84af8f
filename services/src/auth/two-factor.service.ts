import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Sequelize, Transaction } from 'sequelize';
import {
  authTexts,
  RECOVERY_CODE_COUNT,
  tooManyAttemptsText,
  TWO_FACTOR_FAILURE_WINDOW_SECONDS,
  TWO_FACTOR_MAX_FAILED_ATTEMPTS,
  twoFactorTexts,
  type TwoFactorEnrolment,
  type TwoFactorRecoveryCode,
  type TwoFactorStatus,
  type User,
  type UserTwoFactor,
} from '@teamfolk/shared';
import { recordAudit, type AuditActor } from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import { AuthRepository } from './auth.repository';
import type { SignInReport } from './auth.service';
import type { JwtSettings } from './jwt';
import { hashPassword, verifyPassword } from './passwords';
import { signTwoFactorChallenge, verifyTwoFactorChallenge, type ChallengeClaims } from './two-factor-challenge';
import { TwoFactorSecretBox } from './two-factor-secret';

/** The name authenticator apps show above the code. */
const ISSUER = 'Teamfolk';
/** A code of the previous, current or next 30-second step is accepted (clock drift of the phone). */
const EPOCH_TOLERANCE_SECONDS = 30;
/** Crockford's Base32: no I, L, O or U, so a code read aloud or from paper is not misread. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** 10 characters = 50 random bits per code, stored as an argon2id hash (ASVS 6.5.2). */
const RECOVERY_CODE_LENGTH = 10;
const TOTP_PATTERN = /^\d{6}$/;

export interface TwoFactorSettings {
  jwt: JwtSettings;
}

/** What became of a second step, decided inside its transaction and acted on once it has committed. */
interface SecondStepOutcome {
  user?: User;
  refused?: HttpError;
  kind: 'sign-in.succeeded' | 'sign-in.wrong-code' | 'sign-in.throttled';
}

/** A code checked against a user's second factor. */
type CodeCheck =
  | { ok: true; kind: 'totp'; timeStep: number }
  | { ok: true; kind: 'recovery'; recoveryCode: TwoFactorRecoveryCode }
  | { ok: false; reason: 'invalid' | 'replayed' };

/** The password step's answer for a user with two-step sign-in. */
export function twoFactorChallengeFor(
  settings: JwtSettings,
  user: User,
): { twoFactorRequired: true; challenge: string } {
  return {
    twoFactorRequired: true,
    challenge: signTwoFactorChallenge(settings, {
      userId: user.id,
      companyId: user.companyId,
      tokenVersion: user.tokenVersion,
    }),
  };
}

/**
 * Optional two-step sign-in with an authenticator app (TOTP, RFC 6238) for admins: enrolment,
 * the second step of a sign-in, and turning it off; plus the single-use recovery codes.
 */
export class TwoFactorService {
  private readonly repository: AuthRepository;
  private readonly secrets: TwoFactorSecretBox;

  constructor(
    sequelize: Sequelize,
    private readonly settings: TwoFactorSettings,
  ) {
    this.repository = new AuthRepository(sequelize);
    this.secrets = new TwoFactorSecretBox(settings.jwt.secret);
  }

  async status(actor: AuditActor): Promise<TwoFactorStatus> {
    const record = await this.repository.findTwoFactor(actor.companyId, actor.userId);
    return this.statusOf(record);
  }

  /**
   * A new secret, waiting for its first code; starting again replaces a pending one. Nothing changes
   * at sign-in until {@link confirm}.
   */
  async start(actor: AuditActor): Promise<TwoFactorEnrolment> {
    const secret = generateSecret({ length: 20 });
    const enrolment = await this.repository.transaction(async (transaction) => {
      const user = await this.lockUser(actor, transaction);
      const existing = await this.repository.lockTwoFactor(user.id, transaction);
      if (existing?.enabledAt) throw new HttpError(409, twoFactorTexts.alreadyEnabled);
      const fields = { secretCiphertext: this.secrets.seal(secret, user.id), enabledAt: null, lastUsedStep: null };
      if (existing) await this.repository.updateTwoFactor(existing, fields, transaction);
      else
        await this.repository.createTwoFactor({ userId: user.id, companyId: user.companyId, ...fields }, transaction);
      await recordAudit(transaction, actor, {
        action: 'user.two_factor_enrolment_started',
        entity: 'user',
        entityId: user.id,
      });
      return { otpauthUri: generateURI({ issuer: ISSUER, label: user.email, secret }), secret };
    });
    // SVG, not PNG: encoding a PNG (each row tried with every filter) took the event loop for 7 ms
    // to several hundred under load, stalling every other request's open transaction meanwhile.
    const svg = await QRCode.toString(enrolment.otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { ...enrolment, qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * The first code from the app proves it holds the secret: two-step sign-in is on from now, with
   * fresh recovery codes (returned this once), and every session opened with the password alone
   * ends (token version raised). Returns the user for a fresh session of this tab.
   */
  async confirm(
    actor: AuditActor,
    code: string,
  ): Promise<{ user: User; recoveryCodes: string[]; status: TwoFactorStatus }> {
    // Checked first without a lock, so that only a right code pays for the ten argon2 hashes below.
    const pending = await this.repository.findTwoFactor(actor.companyId, actor.userId);
    if (!pending) throw new HttpError(409, twoFactorTexts.enrolmentNotStarted);
    if (pending.enabledAt) throw new HttpError(409, twoFactorTexts.alreadyEnabled);
    if (!(await this.checkTotp(pending, code)).ok) {
      throw new HttpError(400, twoFactorTexts.invalidTotpCode, { field: 'code' });
    }
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    // Hashed before the transaction: argon2 is slow on purpose, and no lock should wait for it.
    const hashes: string[] = [];
    for (const recoveryCode of recoveryCodes) hashes.push(await hashPassword(normaliseRecoveryCode(recoveryCode)));

    // Then again under the lock: a restart or another confirmation may have come in between.
    return this.repository.transaction(async (transaction) => {
      const user = await this.lockUser(actor, transaction);
      const record = await this.repository.lockTwoFactor(user.id, transaction);
      if (!record) throw new HttpError(409, twoFactorTexts.enrolmentNotStarted);
      if (record.enabledAt) throw new HttpError(409, twoFactorTexts.alreadyEnabled);
      const check = await this.checkTotp(record, code);
      if (!check.ok) throw new HttpError(400, twoFactorTexts.invalidTotpCode, { field: 'code' });

      const enabledAt = new Date();
      await this.repository.updateTwoFactor(record, { enabledAt, lastUsedStep: check.timeStep }, transaction);
      await this.repository.replaceRecoveryCodes(user, hashes, transaction);
      await this.repository.updateUser(user, { tokenVersion: user.tokenVersion + 1 }, transaction);
      await recordAudit(transaction, actor, {
        action: 'user.two_factor_enabled',
        entity: 'user',
        entityId: user.id,
        before: { twoFactorEnabled: false },
        after: { twoFactorEnabled: true, recoveryCodesIssued: RECOVERY_CODE_COUNT },
      });
      const status = { enabled: true, enabledAt: enabledAt.toISOString(), recoveryCodesRemaining: RECOVERY_CODE_COUNT };
      return { user, recoveryCodes, status };
    });
  }

  /**
   * Turns two-step sign-in off; the password and a current code (or a recovery code) prove it is the
   * owner. Wrong codes count towards the same per-user limit as the second sign-in step.
   */
  async disable(actor: AuditActor, password: string, code: string): Promise<TwoFactorStatus> {
    const refused = await this.repository.transaction(async (transaction): Promise<HttpError | null> => {
      const user = await this.lockUser(actor, transaction);
      if (!(await verifyPassword(user.passwordHash, password))) {
        return new HttpError(400, twoFactorTexts.wrongPassword, { field: 'password' });
      }
      const record = await this.repository.lockTwoFactor(user.id, transaction);
      if (!record?.enabledAt) return new HttpError(409, twoFactorTexts.notEnabled);
      const retryAfter = lockedForSeconds(record);
      if (retryAfter > 0) return new HttpError(429, tooManyAttemptsText(retryAfter));
      const check = await this.checkCode(record, code, transaction);
      if (!check.ok) {
        await this.countFailure(record, transaction);
        return new HttpError(400, codeMessage(check.reason), { field: 'code' });
      }

      await this.repository.deleteTwoFactor(record, transaction);
      await recordAudit(transaction, actor, {
        action: 'user.two_factor_disabled',
        entity: 'user',
        entityId: user.id,
        before: { twoFactorEnabled: true },
        after: { twoFactorEnabled: false, provedWith: check.kind },
      });
      return null;
    });
    // Thrown once the transaction has committed, so that a wrong code stays counted.
    if (refused) throw refused;
    return this.statusOf(null);
  }

  /** The claims of a challenge from the password step, or a 401 when it is not one (or expired). */
  readChallenge(challenge: string): ChallengeClaims {
    const claims = verifyTwoFactorChallenge(this.settings.jwt, challenge);
    if (!claims) throw new HttpError(401, twoFactorTexts.challengeExpired);
    return claims;
  }

  /**
   * The second step of a sign-in: a code for the user of a challenge (see {@link readChallenge}). A
   * TOTP code is accepted once (its time step is stored); a recovery code is used up. Wrong codes
   * are counted per user: past {@link TWO_FACTOR_MAX_FAILED_ATTEMPTS} within the window the step
   * answers 429 until the window ends, whichever address the guesses come from. `report` hears the
   * outcome (the security log). Returns the user to start the session for.
   */
  async completeSignIn(
    claims: ChallengeClaims,
    code: string,
    report: SignInReport = async () => undefined,
  ): Promise<User> {
    const outcome = await this.repository.transaction(async (transaction): Promise<SecondStepOutcome> => {
      const user = await this.repository.findActiveUser(claims.companyId, claims.userId, transaction);
      const expired = {
        refused: new HttpError(401, twoFactorTexts.challengeExpired),
        kind: 'sign-in.wrong-code',
      } as const;
      if (!user || user.tokenVersion !== claims.tokenVersion) return expired;
      const who = { user };
      const record = await this.repository.lockTwoFactor(user.id, transaction);
      // Turned off since the password step: the challenge no longer applies, sign in again.
      if (!record?.enabledAt) return { ...who, ...expired };
      const retryAfter = lockedForSeconds(record);
      if (retryAfter > 0) {
        return { ...who, refused: new HttpError(429, tooManyAttemptsText(retryAfter)), kind: 'sign-in.throttled' };
      }
      const check = await this.checkCode(record, code, transaction);
      if (!check.ok) {
        // Kept: the transaction commits, and the refusal is thrown once it has.
        await this.countFailure(record, transaction);
        return { ...who, refused: new HttpError(401, codeMessage(check.reason)), kind: 'sign-in.wrong-code' };
      }
      if (record.failedAttempts > 0)
        await this.repository.updateTwoFactor(record, { failedAttempts: 0, failedAttemptsSince: null }, transaction);
      if (check.kind === 'recovery') {
        const remaining = await this.repository.countUnusedRecoveryCodes(user.id, transaction);
        await recordAudit(
          transaction,
          { companyId: user.companyId, userId: user.id },
          {
            action: 'user.two_factor_recovery_code_used',
            entity: 'user',
            entityId: user.id,
            after: { recoveryCodesRemaining: remaining },
          },
        );
      }
      return { ...who, kind: 'sign-in.succeeded' };
    });
    const who = outcome.user ? { userId: outcome.user.id, companyId: outcome.user.companyId } : {};
    const status = outcome.refused ? outcome.refused.status : 200;
    await report({ kind: outcome.kind, status, ...who });
    if (outcome.refused || !outcome.user) throw outcome.refused ?? new HttpError(401, twoFactorTexts.challengeExpired);
    return outcome.user;
  }

  /** A TOTP code (six digits) or a recovery code; records the use of whichever matched. */
  private async checkCode(record: UserTwoFactor, code: string, transaction: Transaction): Promise<CodeCheck> {
    const compact = code.replace(/[\s-]+/g, '');
    if (TOTP_PATTERN.test(compact)) {
      const check = await this.checkTotp(record, compact);
      if (check.ok) await this.repository.updateTwoFactor(record, { lastUsedStep: check.timeStep }, transaction);
      return check;
    }
    const recoveryCode = await this.matchRecoveryCode(record.userId, code, transaction);
    if (!recoveryCode) return { ok: false, reason: 'invalid' };
    await this.repository.markRecoveryCodeUsed(recoveryCode, new Date(), transaction);
    return { ok: true, kind: 'recovery', recoveryCode };
  }

  private async checkTotp(
    record: UserTwoFactor,
    code: string,
  ): Promise<Extract<CodeCheck, { kind: 'totp' }> | { ok: false; reason: 'invalid' | 'replayed' }> {
    const token = code.replace(/\s+/g, '');
    if (!TOTP_PATTERN.test(token)) return { ok: false, reason: 'invalid' };
    const secret = this.secrets.open(record.secretCiphertext, record.userId);
    // Unreadable (JWT_SECRET rotated): no code can match; recovery codes still work.
    if (!secret) return { ok: false, reason: 'invalid' };
    const result = await verify({ secret, token, epochTolerance: EPOCH_TOLERANCE_SECONDS });
    // The TOTP strategy's result names the matched time step (the HOTP one, in the same union, cannot).
    if (!result.valid || !('timeStep' in result)) return { ok: false, reason: 'invalid' };
    if (record.lastUsedStep !== null && result.timeStep <= record.lastUsedStep)
      return { ok: false, reason: 'replayed' };
    return { ok: true, kind: 'totp', timeStep: result.timeStep };
  }

  /** Recovery codes are few (ten at most) and hashed with a salt each, so each unused one is tried. */
  private async matchRecoveryCode(
    userId: number,
    code: string,
    transaction: Transaction,
  ): Promise<TwoFactorRecoveryCode | null> {
    const normalised = normaliseRecoveryCode(code);
    if (normalised.length !== RECOVERY_CODE_LENGTH || ![...normalised].every((c) => RECOVERY_ALPHABET.includes(c))) {
      return null;
    }
    const candidates = await this.repository.unusedRecoveryCodes(userId, transaction);
    for (const candidate of candidates) {
      if (await verifyPassword(candidate.codeHash, normalised)) return candidate;
    }
    return null;
  }

  private async lockUser(actor: AuditActor, transaction: Transaction): Promise<User> {
    const user = await this.repository.findActiveUser(actor.companyId, actor.userId, transaction);
    if (!user) throw new HttpError(401, authTexts.sessionExpired);
    return user;
  }

  /** One more wrong code in the current window, or the first of a new one. */
  private async countFailure(record: UserTwoFactor, transaction: Transaction, now = new Date()): Promise<void> {
    const since = record.failedAttemptsSince;
    const windowOpen = since !== null && now.getTime() - since.getTime() < TWO_FACTOR_FAILURE_WINDOW_SECONDS * 1000;
    await this.repository.updateTwoFactor(
      record,
      windowOpen ? { failedAttempts: record.failedAttempts + 1 } : { failedAttempts: 1, failedAttemptsSince: now },
      transaction,
    );
  }

  private async statusOf(record: UserTwoFactor | null): Promise<TwoFactorStatus> {
    if (!record?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesRemaining: 0 };
    return {
      enabled: true,
      enabledAt: record.enabledAt.toISOString(),
      recoveryCodesRemaining: await this.repository.countUnusedRecoveryCodes(record.userId),
    };
  }
}

/** Seconds until the user's wrong codes stop blocking the second step; 0 when they do not. */
function lockedForSeconds(record: UserTwoFactor, now = Date.now()): number {
  if (record.failedAttempts < TWO_FACTOR_MAX_FAILED_ATTEMPTS || !record.failedAttemptsSince) return 0;
  const endsAt = record.failedAttemptsSince.getTime() + TWO_FACTOR_FAILURE_WINDOW_SECONDS * 1000;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

function codeMessage(reason: 'invalid' | 'replayed'): string {
  return reason === 'replayed' ? twoFactorTexts.codeAlreadyUsed : twoFactorTexts.invalidCode;
}

/** `xxxxx-xxxxx` from Crockford's alphabet, drawn without modulo bias. */
function newRecoveryCode(): string {
  const characters = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(32)]);
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

/** As typed: any case, with or without the hyphen or spaces; O read as 0, I and L as 1. */
function normaliseRecoveryCode(code: string): string {
  return code
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
}
