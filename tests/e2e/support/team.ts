import { Company, Employee, User } from '@teamfolk/shared';
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
}

const PASSWORD = 'a strong password';

/**
 * A company with a verified admin and one employee who has accepted the invitation (25 vacation days,
 * 10 sick days, no bank hours), written straight through the shared models so specs about leave start
 * from a ready team; the screens that get there for real have their own specs.
 */
export async function createTeam({ employeeBirthday = null, employeeHireDate }: TeamOptions = {}): Promise<Team> {
  const admin = { name: 'Alma Admin', email: uniqueEmail('leave-admin'), password: PASSWORD };
  const employee = { name: 'Emil Employee', email: uniqueEmail('leave-employee'), password: PASSWORD };
  const passwordHash = await hashPassword(PASSWORD);
  await withE2eDatabase(async (sequelize) => {
    await sequelize.transaction(async (transaction) => {
      const company = await Company.create({ name: 'Harbour Cafe' }, { transaction });
      const verified = { companyId: company.id, passwordHash, emailVerifiedAt: new Date() };
      await User.create({ ...verified, role: 'admin', name: admin.name, email: admin.email }, { transaction });
      const employeeUser = await User.create(
        { ...verified, role: 'employee', name: employee.name, email: employee.email },
        { transaction },
      );
      await Employee.create(
        {
          companyId: company.id,
          userId: employeeUser.id,
          name: employee.name,
          email: employee.email,
          jobRole: 'Barista',
          birthday: employeeBirthday,
          ...(employeeHireDate ? { hireDate: employeeHireDate } : {}),
        },
        { transaction },
      );
    });
  });
  return { admin, employee };
}
