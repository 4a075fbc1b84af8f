import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { consoleDir, consoleDist, repoRoot } from './paths';

const SOURCES = [
  path.join(consoleDir, 'src'),
  path.join(consoleDir, 'public'),
  path.join(consoleDir, 'index.html'),
  path.join(consoleDir, 'vite.config.ts'),
  path.join(consoleDir, 'package.json'),
  path.join(repoRoot, 'shared', 'src', 'contracts'),
  path.join(repoRoot, 'shared', 'src', 'rules'),
];

function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestModification(path.join(target, entry))),
    0,
  );
}

export function consoleIsStale(): boolean {
  const builtIndex = path.join(consoleDist, 'index.html');
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return SOURCES.some((source) => newestModification(source) > built);
}

/** Builds the console when its sources changed since the last build. */
export function buildConsoleIfStale(log: (line: string) => void): void {
  if (!consoleIsStale()) return;
  log('Building the console (sources changed since the last build)...');
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'console', '--silent'], {
    cwd: repoRoot,
    // The launcher may run with NODE_ENV=development; the console is always built for production.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('The console build failed: see the errors above.');
}
