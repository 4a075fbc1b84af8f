import { randomBytes } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { Company, Employee, Subscription, User } from '@teamfolk/shared';
import { createInvitation } from '../auth/invitations';
import { hashPassword } from '../auth/passwords';

const unique = () => randomBytes(4).toString('hex');

/** A valid sign-up form for a new company, with a fresh e-mail address each time. */
export const signupBody = (overrides: Record<string, unknown> = {}) => ({
  email: `owner-${unique()}@example.com`,
  password: 'a long enough password',
  name: 'Olivia Owner',
  companyName: 'Owner & Sons',
  ...overrides,
});

export interface CompanyWithAdmin {
  company: Company;
  admin: User;
  password: string;
}

/** A company and its admin, e-mail verified unless asked otherwise. */
export async function createCompanyWithAdmin({
  verified = true,
  email = `admin-${unique()}@example.com`,
}: { verified?: boolean; email?: string } = {}): Promise<CompanyWithAdmin> {
  const password = 'correct horse battery';
  const company = await Company.create({ name: `Company ${unique()}` });
  const admin = await User.create({
    companyId: company.id,
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
    name: 'Ada Admin',
    emailVerifiedAt: verified ? new Date() : null,
  });
  return { company, admin, password };
}

export interface InvitedEmployee {
  employee: Employee;
  token: string;
}

/** An employee record with an open invitation, as the employees screen creates them. */
export async function createInvitedEmployee(
  sequelize: Sequelize,
  company: Company,
  { name = 'Erin Employee', email = `employee-${unique()}@example.com`, appUrl = 'http://teamfolk.test' } = {},
): Promise<InvitedEmployee> {
  return sequelize.transaction(async (transaction) => {
    const employee = await Employee.create(
      { companyId: company.id, name, email, vacationDaysUsed: 5, bankHoursTotal: 12.5 },
      { transaction },
    );
    const { token } = await createInvitation(transaction, {
      employee,
      companyName: company.name,
      inviterName: 'Ada Admin',
      appUrl,
    });
    return { employee, token };
  });
}

/** A running subscription with a card on file, as the billing flow leaves it. */
export async function activateSubscription(company: Company): Promise<Subscription> {
  const [subscription] = await Subscription.upsert({
    companyId: company.id,
    status: 'active',
    defaultPaymentMethodId: 'pm_test_card',
    currentPeriodEnd: new Date(Date.now() + 30 * 24 * 3600 * 1000),
  });
  return subscription;
}

/** Plain employee records (no invitation), e.g. seats for billing tests. */
export async function createEmployees(
  company: Company,
  count: number,
  nameOf = (index: number) => `Seat ${index + 1}`,
): Promise<Employee[]> {
  const employees: Employee[] = [];
  for (let index = 0; index < count; index++) {
    employees.push(
      await Employee.create({
        companyId: company.id,
        name: nameOf(index),
        email: `seat-${unique()}@example.com`,
      }),
    );
  }
  return employees;
}
