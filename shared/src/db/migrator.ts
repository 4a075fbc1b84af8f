import { Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug, type MigrationParams } from 'umzug';
import { migrations } from './migrations';
import { ensureAppRole } from './roles';

export interface Migration {
  name: string;
  up(params: MigrationParams<Sequelize>): Promise<void>;
  down(params: MigrationParams<Sequelize>): Promise<void>;
}

export function createMigrator(sequelize: Sequelize): Umzug<Sequelize> {
  return new Umzug({
    migrations,
    context: sequelize,
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: undefined,
  });
}

/**
 * Connects as the schema owner, makes sure the application role exists, applies pending migrations
 * and disconnects: the owner's connection is never kept by a running process.
 */
export async function migrateDatabase(ownerUrl: string, appUrl: string): Promise<string[]> {
  const owner = new Sequelize(ownerUrl, { dialect: 'postgres', logging: false, pool: { max: 2, min: 0 } });
  try {
    await ensureAppRole(owner, appUrl);
    return await migrate(owner);
  } finally {
    await owner.close();
  }
}

/**
 * Applies pending migrations. A transaction-scoped advisory lock, held on its own connection while
 * the migrations run, keeps API and worker replicas that start together from racing.
 */
export async function migrate(sequelize: Sequelize): Promise<string[]> {
  const lockKey = 7_318_664;
  return sequelize.transaction(async (transaction) => {
    await sequelize.query('SELECT pg_advisory_xact_lock(:lockKey)', { replacements: { lockKey }, transaction });
    const applied = await createMigrator(sequelize).up();
    return applied.map((migration) => migration.name);
  });
}
