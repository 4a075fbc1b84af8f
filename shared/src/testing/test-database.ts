import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { Sequelize } from 'sequelize';
import { appDatabaseUrl, createDatabase, migrateDatabase, type DatabaseOptions } from '../db';
import { refuseConnectionsWhileHeld } from './held-connections';
import { useOwnerOutsideContexts } from './owner-outside-contexts';

export interface TestDatabase {
  /** The schema owner's URL (DATABASE_URL); the application connects as `appUrl`. */
  url: string;
  appUrl: string;
  /**
   * Connected as the application role; queries made outside a request or job context (the test's
   * own set-up and checks) run as the schema owner instead. Code that holds one of its connections
   * cannot take a second (refuseConnectionsWhileHeld).
   */
  sequelize: Sequelize;
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error('TEST_POSTGRES_URL is not set: run tests through jest, whose global setup finds Postgres');
  return url;
}

function urlFor(database: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: urlFor('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file, never the development one; dropped by `drop()`.
 * Named teamfolk_test_* so a crashed run's leftovers are recognisable. `poolMax`: the application's
 * pool (default 20).
 */
export async function createTestDatabase({
  poolMax = 20,
  acquireTimeoutMs,
}: DatabaseOptions = {}): Promise<TestDatabase> {
  const name = `teamfolk_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = urlFor(name);
  const appUrl = appDatabaseUrl(url);
  await migrateDatabase(url, appUrl);
  const sequelize = createDatabase(appUrl, { poolMax, acquireTimeoutMs });
  const owner = new Sequelize(url, { dialect: 'postgres', logging: false, pool: { max: 10, min: 0 } });
  useOwnerOutsideContexts(sequelize, owner);
  refuseConnectionsWhileHeld(sequelize);
  return {
    url,
    appUrl,
    sequelize,
    async drop() {
      await sequelize.close();
      await owner.close();
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
