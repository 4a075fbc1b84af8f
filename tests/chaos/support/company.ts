import { randomBytes } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { Employee, User, type Company } from '@teamfolk/shared';
import { createInvitation } from '@teamfolk/services';
import { activateSubscription, createCompanyWithAdmin } from '@teamfolk/services/testing';

export interface SubscribedCompany {
  company: Company;
  admin: User;
  password: string;
  /** A second admin: the one told by e-mail about leave the first admin records. */
  colleague: User;
}

/** A company that may add employees (running subscription, card on file), with two admins. */
export async function createSubscribedCompany(): Promise<SubscribedCompany> {
  const { company, admin, password } = await createCompanyWithAdmin();
  await activateSubscription(company);
  const colleague = await User.create({
    companyId: company.id,
    email: `colleague-${randomBytes(4).toString('hex')}@example.com`,
    passwordHash: admin.passwordHash,
    role: 'admin',
    name: 'Colin Colleague',
    emailVerifiedAt: new Date(),
  });
  return { company, admin, password, colleague };
}

/** A Monday and the Tuesday after it, some weeks ahead: two working days of leave. */
export function twoWorkingDaysAhead(weeks = 8): { start_date: string; end_date: string } {
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() + weeks * 7 + ((8 - monday.getUTCDay()) % 7));
  const tuesday = new Date(monday);
  tuesday.setUTCDate(monday.getUTCDate() + 1);
  return { start_date: monday.toISOString().slice(0, 10), end_date: tuesday.toISOString().slice(0, 10) };
}

/**
 * Employees invited the way the employees screen does it: each an invitation and its e-mail in the
 * outbox. Returns the Message-IDs their e-mails will carry.
 */
export async function inviteEmployees(
  sequelize: Sequelize,
  company: Company,
  count: number,
  emailPrefix = 'invitee',
): Promise<string[]> {
  const messageIds: string[] = [];
  for (let start = 0; start < count; start += 100) {
    await sequelize.transaction(async (transaction) => {
      const employees = await Employee.bulkCreate(
        Array.from({ length: Math.min(100, count - start) }, (_, index) => ({
          companyId: company.id,
          name: `Invitee ${start + index + 1}`,
          email: `${emailPrefix}-${start + index + 1}@example.com`,
        })),
        { transaction },
      );
      for (const employee of employees) {
        const { invitation } = await createInvitation(transaction, {
          employee,
          companyName: company.name,
          inviterName: 'Ada Admin',
          appUrl: 'http://teamfolk.test',
        });
        messageIds.push(`<invitation-${invitation.id}@teamfolk>`);
      }
    });
  }
  return messageIds;
}
