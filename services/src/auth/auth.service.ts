import type { Sequelize, Transaction } from 'sequelize';
import {
  authTexts,
  calendarTexts,
  runAsCompany,
  teamTexts,
  writeOutbox,
  type DecisionEmailPreference,
  type DecisionEmailPreferenceReply,
  type Employee,
  type Invitation,
  type InvitationPreview,
  type SecurityEventKind,
  type SessionReply,
  type SessionUser,
  type SignupReply,
  type TwoFactorChallengeReply,
  type User,
} from '@teamfolk/shared';
import { isKnownHolidayRegion } from '../calendar/holidays';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { AuthRepository } from './auth.repository';
import { signSession, type JwtSettings } from './jwt';
import { assertPasswordNotCommon } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { toSessionUser } from './session-user';
import { hashToken, issueEmailToken } from './tokens';
import { twoFactorChallengeFor } from './two-factor.service';

export interface AuthSettings {
  jwt: JwtSettings;
  appUrl: string;
  requireEmailVerification: boolean;
}

export interface SignupInput {
  email: string;
  password: string;
  name: string;
  companyName: string;
  /** The company's time zone (IANA); UTC when not given. */
  timeZone?: string;
  /** The company's country for public holidays; none when not given. */
  country?: string;
}

/** The password step: a session, or, with two-step sign-in on, the challenge of the second step. */
export type PasswordStepReply = SessionReply | TwoFactorChallengeReply;

/** What became of a password sign-in: the user where the address has one, and the reply's status. */
export interface SignInOutcome {
  kind: Extract<SecurityEventKind, `sign-in.${string}`>;
  status: number;
  userId?: number;
  companyId?: number;
}
export type SignInReport = (outcome: SignInOutcome) => Promise<void>;

/** Account flows: sign-up, e-mail verification, sign-in and invitation acceptance. */
export class AuthService {
  private readonly repository: AuthRepository;

  constructor(
    sequelize: Sequelize,
    private readonly settings: AuthSettings,
  ) {
    this.repository = new AuthRepository(sequelize);
  }

  async signup(input: SignupInput, requestId?: string): Promise<SignupReply> {
    assertPasswordNotCommon(input.password);
    if (input.country && !isKnownHolidayRegion(input.country, null)) {
      throw new HttpError(400, calendarTexts.unknownCountry, { field: 'country' });
    }
    const passwordHash = await hashPassword(input.password);
    const companyId = await this.repository.reserveCompanyId();
    return runAsCompany(companyId, () => this.createCompany(companyId, input, passwordHash, requestId));
  }

  private async createCompany(
    companyId: number,
    input: SignupInput,
    passwordHash: string,
    requestId?: string,
  ): Promise<SignupReply> {
    const verified = !this.settings.requireEmailVerification;
    const user = await this.repository.transaction(async (transaction) => {
      const company = await this.repository.createCompany(
        {
          id: companyId,
          name: input.companyName,
          ...(input.timeZone && { timeZone: input.timeZone }),
          ...(input.country && { country: input.country }),
        },
        transaction,
      );
      const admin = await this.repository.createUser(
        {
          companyId: company.id,
          email: input.email,
          passwordHash,
          role: 'admin',
          name: input.name,
          emailVerifiedAt: verified ? new Date() : null,
        },
        transaction,
      );
      if (!verified) await this.sendVerificationEmail(transaction, admin, company.name, requestId);
      return admin;
    });
    if (!verified) return { requiresVerification: true, message: authTexts.checkYourEmail };
    return this.startSession(user);
  }

  async verifyEmail(token: string): Promise<{ message: string }> {
    const companyId = await this.repository.companyOf('verification-token', hashToken(token));
    return runAsCompany(companyId, () => this.useVerificationToken(token));
  }

  private async useVerificationToken(token: string): Promise<{ message: string }> {
    return this.repository.transaction(async (transaction) => {
      const record = await this.repository.findVerificationToken(hashToken(token), transaction);
      if (!record) throw new HttpError(400, authTexts.verificationLinkUnknown);
      if (record.usedAt) throw new HttpError(410, authTexts.verificationLinkUsed);
      if (record.expiresAt.getTime() <= Date.now()) throw new HttpError(410, authTexts.verificationLinkExpired);
      await this.repository.useVerificationToken(record, new Date(), transaction);
      return { message: authTexts.verifiedTitle };
    });
  }

  /** Answers the same whether or not the address has an account, so it reveals nothing. */
  async resendVerification(email: string, requestId?: string): Promise<{ message: string }> {
    const companyId = await this.repository.companyOf('user-email', email);
    await runAsCompany(companyId, () => this.resendVerificationEmail(email, requestId));
    return { message: authTexts.resendAccepted };
  }

  private async resendVerificationEmail(email: string, requestId?: string): Promise<void> {
    await this.repository.transaction(async (transaction) => {
      const user = await this.repository.findUnverifiedUser(email, transaction);
      if (!user) return;
      const companyName = await this.repository.companyName(user.companyId, transaction);
      await this.sendVerificationEmail(transaction, user, companyName, requestId);
    });
  }

  /** `report` hears the outcome of the attempt, whatever it is, before the reply (the security log). */
  async login(email: string, password: string, report?: SignInReport): Promise<PasswordStepReply> {
    const companyId = await this.repository.companyOf('user-email', email);
    return runAsCompany(companyId, () => this.loginWithPassword(email, password, report));
  }

  private async loginWithPassword(
    email: string,
    password: string,
    report: SignInReport = async () => undefined,
  ): Promise<PasswordStepReply> {
    const user = await this.repository.findUserByEmail(email);
    const valid = await verifyPassword(user?.passwordHash, password);
    const who = user ? { userId: user.id, companyId: user.companyId } : {};
    if (!user || !valid) {
      await report({ kind: user ? 'sign-in.wrong-password' : 'sign-in.unknown-email', status: 401, ...who });
      throw new HttpError(401, authTexts.invalidCredentials);
    }
    if (user.disabledAt) {
      await report({ kind: 'sign-in.disabled', status: 403, ...who });
      throw new HttpError(403, 'This account has been deactivated. Contact your company administrator.');
    }
    // With two-step sign-in the password opens no session: the second step does (completeLogin).
    if (await this.repository.hasTwoFactor(user.id)) {
      await report({ kind: 'sign-in.challenged', status: 200, ...who });
      return twoFactorChallengeFor(this.settings.jwt, user);
    }
    await report({ kind: 'sign-in.succeeded', status: 200, ...who });
    return this.completeLogin(user);
  }

  /** The end of every successful sign-in: with the password alone, or after the second step. */
  async completeLogin(user: User): Promise<SessionReply> {
    await this.repository.updateUser(user, { lastLoginAt: new Date() });
    return this.startSession(user);
  }

  async me(userId: number): Promise<SessionUser> {
    const read = await this.repository.sessionUser(userId);
    if (!read) throw new HttpError(401, authTexts.sessionExpired);
    return toSessionUser(read.profile, read.subscription);
  }

  /** The signed-in user's choice of decision e-mails (GET /api/auth/email-preference). */
  async decisionEmails(auth: AuthContext): Promise<DecisionEmailPreferenceReply> {
    const value = await this.repository.decisionEmails(auth.userId);
    if (!value) throw new HttpError(401, authTexts.sessionExpired);
    return { decision_emails: value };
  }

  /** Sets it (PUT /api/auth/email-preference), audited. */
  async setDecisionEmails(
    auth: AuthContext,
    value: DecisionEmailPreference,
  ): Promise<DecisionEmailPreferenceReply & { message: string }> {
    const before = await this.repository.setDecisionEmails(auth, value);
    if (!before) throw new HttpError(401, authTexts.sessionExpired);
    return { decision_emails: value, message: teamTexts.preferenceSaved };
  }

  /** Sign-out: raising the token version voids every token the user holds, on every device. */
  async endSessions(userId: number): Promise<void> {
    await this.repository.raiseTokenVersion(userId);
  }

  async invitationPreview(token: string): Promise<InvitationPreview> {
    const invitation = await this.asCompanyOfInvitation(token, () => this.openInvitation(token));
    return { name: invitation.name, email: invitation.email };
  }

  async acceptInvitation(token: string, password: string): Promise<SessionReply> {
    assertPasswordNotCommon(password);
    const passwordHash = await hashPassword(password);
    return this.asCompanyOfInvitation(token, () => this.createAccountFromInvitation(token, passwordHash));
  }

  private async asCompanyOfInvitation<T>(token: string, work: () => Promise<T>): Promise<T> {
    return runAsCompany(await this.repository.companyOf('invitation-token', hashToken(token)), work);
  }

  private async createAccountFromInvitation(token: string, passwordHash: string): Promise<SessionReply> {
    const user = await this.repository.transaction(async (transaction) => {
      const invitation = await this.openInvitation(token, transaction);
      const employee = await this.repository.findInvitedEmployee(invitation, transaction);
      if (!employee || employee.userId) throw new HttpError(404, authTexts.invalidInvitation);
      const account = await this.accountForInvitation(invitation, employee, passwordHash, transaction);
      await this.repository.linkSignIn(employee, account, transaction);
      // Leave the admin recorded before the invitation was accepted is the person's own from now
      // on: their decision e-mails reach them, and the calendar shows them their own sick days.
      await this.repository.assignLeaveToSignIn(employee, account, transaction);
      await this.repository.markInvitationAccepted(invitation, new Date(), transaction);
      return account;
    });
    return this.startSession(user);
  }

  /**
   * A new sign-in, or, for a person the company removed and now invites again, their old one back:
   * the address is theirs, and the removed profile keeps its leave history without the sign-in.
   */
  private async accountForInvitation(
    invitation: Invitation,
    employee: Employee,
    passwordHash: string,
    transaction: Transaction,
  ): Promise<User> {
    // Following the e-mailed link proves the address.
    const fields = { passwordHash, role: 'employee' as const, name: employee.name, emailVerifiedAt: new Date() };
    const returning = await this.repository.findDisabledUser(invitation.companyId, invitation.email, transaction);
    if (!returning) {
      return this.repository.createUser(
        { companyId: invitation.companyId, email: invitation.email, ...fields },
        transaction,
      );
    }
    await this.repository.unlinkSignIn(invitation.companyId, returning, transaction);
    await this.repository.updateUser(returning, { ...fields, disabledAt: null }, transaction);
    return returning;
  }

  private async openInvitation(token: string, transaction?: Transaction): Promise<Invitation> {
    const invitation = await this.repository.findLiveInvitation(hashToken(token), new Date(), transaction);
    if (!invitation) throw new HttpError(404, authTexts.invalidInvitation);
    if (invitation.acceptedAt) throw new HttpError(410, authTexts.invitationAlreadyAccepted);
    return invitation;
  }

  private async sendVerificationEmail(
    transaction: Transaction,
    user: User,
    companyName: string,
    requestId?: string,
  ): Promise<void> {
    const { token, tokenHash, expiresAt } = issueEmailToken();
    const record = await this.repository.createVerificationToken(
      { companyId: user.companyId, userId: user.id, tokenHash, expiresAt },
      transaction,
    );
    await writeOutbox(transaction, {
      companyId: user.companyId,
      job: 'send-email',
      requestId,
      payload: {
        idempotencyKey: `verify-email-${record.id}`,
        to: user.email,
        mail: {
          template: 'verify-email',
          name: user.name,
          companyName,
          link: new URL(`/verify-email/${token}`, this.settings.appUrl).toString(),
        },
      },
    });
  }

  /** A session token for the user's current token version, and the session user. */
  async startSession(user: User): Promise<SessionReply> {
    const token = signSession(this.settings.jwt, {
      sub: String(user.id),
      cid: user.companyId,
      role: user.role,
      ver: user.tokenVersion,
    });
    return { token, user: await this.me(user.id) };
  }
}
