import { ensureDatabase, type Service } from '@teamfolk/shared';

/** The database a URL names ('postgres' when it names none). */
function databaseNamedBy(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
}

/** The psql command that creates `database` for the login of `url`, as a superuser of its server. */
function creationCommand(url: string, database: string): string {
  const { hostname, port, username } = new URL(url);
  const owner = decodeURIComponent(username) || 'postgres';
  const sql = `CREATE DATABASE "${database}" OWNER "${owner}"`;
  return `psql -h ${hostname} -p ${port || 5432} -U postgres -d postgres -c '${sql}'`;
}

/**
 * The database `npm start` runs on: the one DATABASE_URL names, or `teamfolk` on the server it found.
 * Either is created when missing, the same way; when DATABASE_URL's login may not create it, the
 * error says the command that does.
 */
export async function databaseForStart(env: NodeJS.ProcessEnv, postgres: Service): Promise<string> {
  const named = env.DATABASE_URL;
  if (!named) return ensureDatabase(postgres.url, 'teamfolk');
  const database = databaseNamedBy(named);
  try {
    return await ensureDatabase(named, database);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The database "${database}" that DATABASE_URL names does not exist, and its login could not create it ` +
        `(${reason}). Create it with:\n  ${creationCommand(named, database)}`,
      { cause: error },
    );
  }
}
