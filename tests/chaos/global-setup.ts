import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * The fault tests run the built API and workers as child processes, so the build must match the
 * sources: `tsc -b` (a no-op when `npm test` has just built). Type errors are the type check's
 * business; what matters here is that the emitted JavaScript is current.
 */
export default function globalSetup(): void {
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-b'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.error) throw build.error;
  if (build.status !== 0) {
    process.stderr.write(`chaos: tsc -b reported errors; the tests run what it emitted:\n${build.stdout}\n`);
  }
}
