import { Op, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import {
  authTexts,
  Company,
  EmailVerificationToken,
  Employee,
  Invitation,
  User,
  writeOutbox,
  type InvitationPreview,
  type SessionReply,
  type SessionUser,
  type SignupReply,
} from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import { signSession, type JwtSettings } from './jwt';
import { hashPassword, verifyPassword } from './passwords';
import { loadSessionUser } from './session-user';
import { hashToken, issueEmailToken } from './tokens';

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
}

/** Account flows: sign-up, e-mail verification, sign-in and invitation acceptance. */
export class AuthService {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly settings: AuthSettings,
  ) {}

  async signup(input: SignupInput, requestId?: string): Promise<SignupReply> {
    const passwordHash = await hashPassword(input.password);
    const verified = !this.settings.requireEmailVerification;
    try {
      const user = await this.sequelize.transaction(async (transaction) => {
        const company = await Company.create({ name: input.companyName }, { transaction });
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
    await this.sequelize.transaction(async (transaction) => {
      const user = await User.findOne({
        where: { email, emailVerifiedAt: null, disabledAt: null },
        transaction,
      });
      if (!user) return;
      const company = await Company.findByPk(user.companyId, { transaction, rejectOnEmpty: true });
      await this.sendVerificationEmail(transaction, user, company.name, requestId);
    });
    return { message: authTexts.resendAccepted };
  }

  async login(email: string, password: string): Promise<SessionReply> {
    const user = await User.findOne({ where: { email } });
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid) throw new HttpError(401, authTexts.invalidCredentials);
    if (user.disabledAt)
      throw new HttpError(403, 'This account has been deactivated. Contact your company administrator.');
    await user.update({ lastLoginAt: new Date() });
    return this.startSession(user);
  }

  async me(userId: number): Promise<SessionUser> {
    const user = await loadSessionUser(this.sequelize, userId);
    if (!user) throw new HttpError(401, authTexts.sessionExpired);
    return user;
  }

  async invitationPreview(token: string): Promise<InvitationPreview> {
    const invitation = await this.openInvitation(token);
    return { name: invitation.name, email: invitation.email };
  }

  async acceptInvitation(token: string, password: string): Promise<SessionReply> {
    const passwordHash = await hashPassword(password);
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

  private async startSession(user: User): Promise<SessionReply> {
    const token = signSession(this.settings.jwt, {
      sub: String(user.id),
      cid: user.companyId,
      role: user.role,
      ver: user.tokenVersion,
    });
    return { token, user: await this.me(user.id) };
  }
}
