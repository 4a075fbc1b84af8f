import type { Sequelize, Transaction } from 'sequelize';
import { Company, DEFAULT_LEAVE_POLICY, Employee, User } from '@teamfolk/shared';
import { hashPassword } from '@teamfolk/services';
import { uniqueEmail } from './fixtures';
import { withE2eDatabase } from './database';

export interface TeamMember {
  name: string;
  email: string;
  password: string;
}

export interface Team {
  admin: TeamMember;
  employee: TeamMember;
}

export interface TeamOptions {
  /** The employee's birthday as YYYY-MM-DD; none by default. */
  employeeBirthday?: string | null;
  /** The employee's hire date as YYYY-MM-DD; today by default. */
  employeeHireDate?: string;
  /** The month the company's leave year starts in (1 = January); the current month by default. */
  leaveYearStartMonth?: number;
}

const PASSWORD = 'a strong password';

/** What writeCompanyWithPeople writes: the employee's record takes `employeeFields` too. */
export interface CompanyWithPeople {
  companyName: string;
  admin: TeamMember;
  employee: TeamMember;
  employeeFields?: { jobRole?: string; birthday?: string | null; hireDate?: string };
  /** The month the company's leave year starts in; the current month by default. */
  leaveYearStartMonth?: number;
}

/**
 * By default the company's leave year starts in the current month, so the weeks ahead that specs
 * book lie in the current leave year, whose figures the screens show, whatever the date the suite
 * runs on. A spec about leave years names the month (January, for a request across New Year).
 */
async function startLeaveYear(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: number,
  startMonth: number,
): Promise<void> {
  const today = new Date();
  const policy = { ...DEFAULT_LEAVE_POLICY, leave_year_start_month: startMonth };
  // The policy applies from the leave year that holds today (named by the calendar year it starts in).
  const year = today.getMonth() + 1 >= startMonth ? today.getFullYear() : today.getFullYear() - 1;
  await sequelize.query(
    'INSERT INTO leave_policies (company_id, applies_from_year, policy) VALUES (:companyId, :year, :policy::jsonb)',
    { transaction, replacements: { companyId, year, policy: JSON.stringify(policy) } },
  );
}

/**
 * In one transaction: a company (its leave year starting this month), its verified admin, and an
 * employee who has accepted the invitation (a sign-in and an employee record); then `more`, in the
 * same transaction, for what a spec adds.
 */
export async function writeCompanyWithPeople(
  { companyName, admin, employee, employeeFields = {}, leaveYearStartMonth }: CompanyWithPeople,
  more: (transaction: Transaction, companyId: number, employee: Employee) => Promise<void> = async () => undefined,
): Promise<void> {
  const [adminHash, employeeHash] = await Promise.all([hashPassword(admin.password), hashPassword(employee.password)]);
  await withE2eDatabase((sequelize) =>
    sequelize.transaction(async (transaction) => {
      const company = await Company.create({ name: companyName }, { transaction });
      await startLeaveYear(sequelize, transaction, company.id, leaveYearStartMonth ?? new Date().getMonth() + 1);
      const verified = { companyId: company.id, emailVerifiedAt: new Date() };
      await User.create(
        { ...verified, passwordHash: adminHash, role: 'admin', name: admin.name, email: admin.email },
        { transaction },
      );
      const employeeUser = await User.create(
        { ...verified, passwordHash: employeeHash, role: 'employee', name: employee.name, email: employee.email },
        { transaction },
      );
      const record = await Employee.create(
        {
          companyId: company.id,
          userId: employeeUser.id,
          name: employee.name,
          email: employee.email,
          ...employeeFields,
        },
        { transaction },
      );
      await more(transaction, company.id, record);
    }),
  );
}

/**
 * A company with a verified admin and one employee who has accepted the invitation (25 vacation days,
 * 10 sick days, no bank hours), written straight through the shared models so specs about leave start
 * from a ready team; the screens that get there for real have their own specs.
 */
export async function createTeam({
  employeeBirthday = null,
  employeeHireDate,
  leaveYearStartMonth,
}: TeamOptions = {}): Promise<Team> {
  const admin = { name: 'Alma Admin', email: uniqueEmail('leave-admin'), password: PASSWORD };
  const employee = { name: 'Emil Employee', email: uniqueEmail('leave-employee'), password: PASSWORD };
  await writeCompanyWithPeople({
    companyName: 'Harbour Cafe',
    admin,
    employee,
    leaveYearStartMonth,
    employeeFields: {
      jobRole: 'Barista',
      birthday: employeeBirthday,
      ...(employeeHireDate ? { hireDate: employeeHireDate } : {}),
    },
  });
  return { admin, employee };
}
