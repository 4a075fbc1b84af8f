import type { Sequelize } from 'sequelize';
import { authTexts, recordAudit, twoFactorTexts, type AuditActor, type User } from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import { AuthRepository } from './auth.repository';
import { isCommonPassword } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';

/** A signed-in user changes their own password. */
export class PasswordChangeService {
  private readonly repository: AuthRepository;

  constructor(sequelize: Sequelize) {
    this.repository = new AuthRepository(sequelize);
  }

  /**
   * Checks the current password, stores the new one and raises the token version, which ends every
   * session of the user, this one included: the caller starts a fresh session for this tab from the
   * returned user. A wrong current password is a 400, not a 401: the session itself is fine.
   */
  async change(actor: AuditActor, currentPassword: string, newPassword: string): Promise<User> {
    if (currentPassword === newPassword) {
      throw new HttpError(400, twoFactorTexts.samePassword, { field: 'newPassword' });
    }
    if (isCommonPassword(newPassword)) {
      throw new HttpError(400, authTexts.passwordTooCommon, { field: 'newPassword' });
    }
    // The current password first, without a lock, then the new hash: argon2 is slow on purpose, a
    // wrong guess should not pay for both, and no lock should wait for either.
    const seenHash = await this.repository.passwordHashOf(actor.companyId, actor.userId);
    if (seenHash === null) throw new HttpError(401, authTexts.sessionExpired);
    await this.assertCurrentPassword(seenHash, currentPassword);
    const passwordHash = await hashPassword(newPassword);
    return this.repository.transaction(async (transaction) => {
      const user = await this.repository.findActiveUser(actor.companyId, actor.userId, transaction);
      if (!user) throw new HttpError(401, authTexts.sessionExpired);
      // Changed meanwhile (another tab): the current password is checked against the new hash.
      if (user.passwordHash !== seenHash) await this.assertCurrentPassword(user.passwordHash, currentPassword);
      const before = { tokenVersion: user.tokenVersion };
      await this.repository.updateUser(user, { passwordHash, tokenVersion: user.tokenVersion + 1 }, transaction);
      // Never the hashes: the entry says that the password changed and that the old sessions ended.
      await recordAudit(transaction, actor, {
        action: 'user.password_changed',
        entity: 'user',
        entityId: user.id,
        before,
        after: { tokenVersion: user.tokenVersion },
      });
      return user;
    });
  }

  private async assertCurrentPassword(storedHash: string, currentPassword: string): Promise<void> {
    if (!(await verifyPassword(storedHash, currentPassword))) {
      throw new HttpError(400, twoFactorTexts.wrongCurrentPassword, { field: 'currentPassword' });
    }
  }
}
