import type { Sequelize } from 'sequelize';
import { createDatabase, User } from '@teamfolk/shared';

/**
 * Runs `work` on the end-to-end run's database (global-setup.ts names it), through a small pool of
 * its own that is closed afterwards: specs write the state the screens under test start from.
 */
export async function withE2eDatabase<T>(work: (sequelize: Sequelize) => Promise<T>): Promise<T> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set');
  const sequelize = createDatabase(databaseUrl, { poolMax: 2 });
  try {
    return await work(sequelize);
  } finally {
    await sequelize.close();
  }
}

/** The company of the user who signed up as `adminEmail`; call it inside withE2eDatabase. */
export async function companyIdOf(adminEmail: string): Promise<number> {
  const admin = await User.findOne({ where: { email: adminEmail } });
  if (!admin) throw new Error(`No user signed up as ${adminEmail}`);
  return admin.companyId;
}
