import { Op, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import {
  authTexts,
  calendarTexts,
  Company,
  companyOf,
  EmailVerificationToken,
  Employee,
  Invitation,
  reserveCompanyId,
  runAsCompany,
  User,
  writeOutbox,
  type InvitationPreview,
  type SecurityEventKind,
  type SessionReply,
  type SessionUser,
  type SignupReply,
  type TwoFactorChallengeReply,
} from '@teamfolk/shared';
import { isKnownHolidayRegion } from '../calendar/holidays';
import { HttpError } from '../http/errors';
import { assignLeaveToSignIn } from '../leaves/leaves.repository';
import { signSession, type JwtSettings } from './jwt';
import { assertPasswordNotCommon } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { loadSessionUser } from './session-user';
import { hashToken, issueEmailToken } from './tokens';
import { hasTwoFactor, twoFactorChallengeFor } from './two-factor.service';

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
  constructor(
    private readonly sequelize: Sequelize,
    private readonly settings: AuthSettings,
  ) {}

  async signup(input: SignupInput, requestId?: string): Promise<SignupReply> {
    assertPasswordNotCommon(input.password);
    if (input.country && !isKnownHolidayRegion(input.country, null)) {
      throw new HttpError(400, calendarTexts.unknownCountry, { field: 'country' });
    }
    const passwordHash = await hashPassword(input.password);
    const companyId = await reserveCompanyId(this.sequelize);
    return runAsCompany(companyId, () => this.createCompany(companyId, input, passwordHash, requestId));
  }

  private async createCompany(
    companyId: number,
    input: SignupInput,
    passwordHash: string,
    requestId?: string,
  ): Promise<SignupReply> {
    const verified = !this.settings.requireEmailVerification;
    try {
      const user = await this.sequelize.transaction(async (transaction) => {
        const company = await Company.create(
          {
            id: companyId,
            name: input.companyName,
            ...(input.timeZone && { timeZone: input.timeZone }),
            ...(input.country && { country: input.country }),
          },
          { transaction },
        );
        const admin = await User.create(
          {
            companyId: company.id,
            email: input.email,
            passwordHash,
            role: 'admin',
            name: input.name,
            emailVerifiedAt: verified ? new Date() : null,
          },
          { transaction },
        );
        if (!verified) await this.sendVerificationEmail(transaction, admin, company.name, requestId);
        return admin;
      });
      if (!verified) return { requiresVerification: true, message: authTexts.checkYourEmail };
      return this.startSession(user);
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw new HttpError(409, authTexts.emailTaken, { field: 'email' });
      throw error;
    }
  }

  async verifyEmail(token: string): Promise<{ message: string }> {
    const companyId = await companyOf(this.sequelize, 'verification-token', hashToken(token));
    return runAsCompany(companyId, () => this.useVerificationToken(token));
  }

  private async useVerificationToken(token: string): Promise<{ message: string }> {
    return this.sequelize.transaction(async (transaction) => {
      const record = await EmailVerificationToken.findOne({
        where: { tokenHash: hashToken(token) },
        lock: transaction.LOCK.UPDATE,
        transaction,
      });
      if (!record) throw new HttpError(400, authTexts.verificationLinkUnknown);
      if (record.usedAt) throw new HttpError(410, authTexts.verificationLinkUsed);
      if (record.expiresAt.getTime() <= Date.now()) throw new HttpError(410, authTexts.verificationLinkExpired);
      const now = new Date();
      await record.update({ usedAt: now }, { transaction });
      await User.update({ emailVerifiedAt: now }, { where: { id: record.userId, emailVerifiedAt: null }, transaction });
      return { message: authTexts.verifiedTitle };
    });
  }

  /** Answers the same whether or not the address has an account, so it reveals nothing. */
  async resendVerification(email: string, requestId?: string): Promise<{ message: string }> {
    const companyId = await companyOf(this.sequelize, 'user-email', email);
    await runAsCompany(companyId, () => this.resendVerificationEmail(email, requestId));
    return { message: authTexts.resendAccepted };
  }

  private async resendVerificationEmail(email: string, requestId?: string): Promise<void> {
    await this.sequelize.transaction(async (transaction) => {
      const user = await User.findOne({
        where: { email, emailVerifiedAt: null, disabledAt: null },
        transaction,
      });
      if (!user) return;
      const company = await Company.findByPk(user.companyId, { transaction, rejectOnEmpty: true });
      await this.sendVerificationEmail(transaction, user, company.name, requestId);
    });
  }

  /** `report` hears the outcome of the attempt, whatever it is, before the reply (the security log). */
  async login(email: string, password: string, report?: SignInReport): Promise<PasswordStepReply> {
    const companyId = await companyOf(this.sequelize, 'user-email', email);
    return runAsCompany(companyId, () => this.loginWithPassword(email, password, report));
  }

  private async loginWithPassword(
    email: string,
    password: string,
    report: SignInReport = async () => undefined,
  ): Promise<PasswordStepReply> {
    const user = await User.findOne({ where: { email } });
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
    if (await hasTwoFactor(user.id)) {
      await report({ kind: 'sign-in.challenged', status: 200, ...who });
      return twoFactorChallengeFor(this.settings.jwt, user);
    }
    await report({ kind: 'sign-in.succeeded', status: 200, ...who });
    return this.completeLogin(user);
  }

  /** The end of every successful sign-in: with the password alone, or after the second step. */
  async completeLogin(user: User): Promise<SessionReply> {
    await user.update({ lastLoginAt: new Date() });
    return this.startSession(user);
  }

  async me(userId: number): Promise<SessionUser> {
    const user = await loadSessionUser(this.sequelize, userId);
    if (!user) throw new HttpError(401, authTexts.sessionExpired);
    return user;
  }

  /** Sign-out: raising the token version voids every token the user holds, on every device. */
  async endSessions(userId: number): Promise<void> {
    await User.increment('tokenVersion', { where: { id: userId } });
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
    return runAsCompany(await companyOf(this.sequelize, 'invitation-token', hashToken(token)), work);
  }

  private async createAccountFromInvitation(token: string, passwordHash: string): Promise<SessionReply> {
    try {
      const user = await this.sequelize.transaction(async (transaction) => {
        const invitation = await this.openInvitation(token, transaction);
        const employee = await Employee.findOne({
          where: { id: invitation.employeeId, companyId: invitation.companyId, deletedAt: null },
          lock: transaction.LOCK.UPDATE,
          transaction,
        });
        if (!employee || employee.userId) throw new HttpError(404, authTexts.invalidInvitation);
        const account = await this.accountForInvitation(invitation, employee, passwordHash, transaction);
        await employee.update({ userId: account.id }, { transaction });
        // Leave the admin recorded before the invitation was accepted is the person's own from now
        // on: their decision e-mails reach them, and the calendar shows them their own sick days.
        await assignLeaveToSignIn(
          this.sequelize,
          { companyId: invitation.companyId, employeeId: employee.id, userId: account.id },
          transaction,
        );
        await invitation.update({ acceptedAt: new Date() }, { transaction });
        return account;
      });
      return this.startSession(user);
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw new HttpError(409, authTexts.emailTaken, { field: 'email' });
      throw error;
    }
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
    const returning = await User.findOne({
      where: { companyId: invitation.companyId, email: invitation.email, disabledAt: { [Op.ne]: null } },
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
    if (!returning) {
      return User.create({ companyId: invitation.companyId, email: invitation.email, ...fields }, { transaction });
    }
    await Employee.update(
      { userId: null },
      { where: { userId: returning.id, companyId: invitation.companyId }, transaction },
    );
    return returning.update({ ...fields, disabledAt: null }, { transaction });
  }

  private async openInvitation(token: string, transaction?: Transaction): Promise<Invitation> {
    const invitation = await Invitation.findOne({
      where: { tokenHash: hashToken(token), revokedAt: null, expiresAt: { [Op.gt]: new Date() } },
      ...(transaction ? { transaction, lock: transaction.LOCK.UPDATE } : {}),
    });
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
    const record = await EmailVerificationToken.create(
      { companyId: user.companyId, userId: user.id, tokenHash, expiresAt },
      { transaction },
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
