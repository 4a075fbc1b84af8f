import type { Sequelize } from 'sequelize';
import { authTexts, twoFactorTexts, User } from '@teamfolk/shared';
import { recordAudit, type AuditActor } from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import { isCommonPassword } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';

/** A signed-in user changes their own password. */
export class PasswordChangeService {
  constructor(private readonly sequelize: Sequelize) {}

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
    const where = { id: actor.userId, companyId: actor.companyId, disabledAt: null };
    // The current password first, without a lock, then the new hash: argon2 is slow on purpose, a
    // wrong guess should not pay for both, and no lock should wait for either.
    const seen = await User.findOne({ where, attributes: ['passwordHash'] });
    if (!seen) throw new HttpError(401, authTexts.sessionExpired);
    await this.assertCurrentPassword(seen.passwordHash, currentPassword);
    const passwordHash = await hashPassword(newPassword);
    return this.sequelize.transaction(async (transaction) => {
      const user = await User.findOne({ where, transaction, lock: transaction.LOCK.UPDATE });
      if (!user) throw new HttpError(401, authTexts.sessionExpired);
      // Changed meanwhile (another tab): the current password is checked against the new hash.
      if (user.passwordHash !== seen.passwordHash) await this.assertCurrentPassword(user.passwordHash, currentPassword);
      const before = { tokenVersion: user.tokenVersion };
      await user.update({ passwordHash, tokenVersion: user.tokenVersion + 1 }, { transaction });
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
