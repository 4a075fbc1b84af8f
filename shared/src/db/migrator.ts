import type { Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug, type MigrationParams } from 'umzug';
import { migrations } from './migrations';

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
