import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Sequelize } from 'sequelize';
import { createDatabase, migrate } from '../db';

export interface TestDatabase {
  url: string;
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
 * Named teamfolk_test_* so a crashed run's leftovers are recognisable.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `teamfolk_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = urlFor(name);
  const sequelize = createDatabase(url, { poolMax: 20 });
  await migrate(sequelize);
  return {
    url,
    sequelize,
    async drop() {
      await sequelize.close();
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
