import type { Sequelize } from 'sequelize';
import { Company, companyOf, Employee, reserveCompanyId, runAsCompany, User, type Role } from '@teamfolk/shared';
import { hashPassword } from '@teamfolk/services';

export interface DemoLogin {
  role: Role;
  email: string;
  password: string;
}

const DEMO_PASSWORD = 'teamfolk-demo';
const ADMIN_EMAIL = 'admin@demo.teamfolk.test';
const PEOPLE = [
  { name: 'Maria Garcia', email: 'maria@demo.teamfolk.test', jobRole: 'Designer' },
  { name: 'Tom Becker', email: 'tom@demo.teamfolk.test', jobRole: 'Engineer' },
  { name: 'Aisha Khan', email: 'aisha@demo.teamfolk.test', jobRole: 'Sales' },
];

/** A demo company with a verified admin and three employees who can sign in; kept if it exists. */
export async function seedDemoCompany(sequelize: Sequelize): Promise<DemoLogin[]> {
  const logins: DemoLogin[] = [
    { role: 'admin', email: ADMIN_EMAIL, password: DEMO_PASSWORD },
    ...PEOPLE.map((person) => ({ role: 'employee' as const, email: person.email, password: DEMO_PASSWORD })),
  ];
  if (await companyOf(sequelize, 'user-email', ADMIN_EMAIL)) return logins;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const companyId = await reserveCompanyId(sequelize);
  await runAsCompany(companyId, () =>
    sequelize.transaction(async (transaction) => {
      const company = await Company.create({ id: companyId, name: 'Acme Demo Ltd' }, { transaction });
      const verified = new Date();
      await User.create(
        {
          companyId: company.id,
          email: ADMIN_EMAIL,
          passwordHash,
          role: 'admin',
          name: 'Alex Admin',
          emailVerifiedAt: verified,
        },
        { transaction },
      );
      for (const person of PEOPLE) {
        const user = await User.create(
          {
            companyId: company.id,
            email: person.email,
            passwordHash,
            role: 'employee',
            name: person.name,
            emailVerifiedAt: verified,
          },
          { transaction },
        );
        await Employee.create(
          { companyId: company.id, userId: user.id, name: person.name, email: person.email, jobRole: person.jobRole },
          { transaction },
        );
      }
    }),
  );
  return logins;
}
