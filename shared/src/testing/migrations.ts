import { type Migration } from '../db/migrator';
import { migrations } from '../db/migrations';

/** One landed migration, for a test that replays it on rows made the way older code made them. */
export function migrationNamed(name: string): Migration {
  const migration = migrations.find((candidate) => candidate.name === name);
  if (!migration) throw new Error(`No migration is named ${name}`);
  return migration;
}
