import { loadMigrationConfig } from '../config/config';
import { createLogger } from '../logger';
import { runMain } from '../process/shutdown';
import { migrateDatabase } from './migrator';

/**
 * The migration step on its own: `node shared/dist/db/migrate-main.js` (in both images). The
 * Kubernetes Job runs it before the API and the workers, which then start with
 * MIGRATE_ON_START=false and hold no schema owner credentials. Exits 0 once the schema is current.
 */
async function main(): Promise<void> {
  const config = loadMigrationConfig();
  const logger = createLogger(config.LOG_LEVEL, 'migrate');
  const applied = await migrateDatabase(config.DATABASE_URL, config.DATABASE_APP_URL);
  logger.info({ applied }, applied.length > 0 ? 'migrations applied' : 'schema already current');
}

runMain(main);
