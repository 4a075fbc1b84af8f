import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface StepResult {
  name: string;
  ok: boolean;
  counts?: Counts;
}

const artifacts = path.join(repoRoot, '.artifacts');
const jestReport = path.join(artifacts, 'jest.json');
const serialJestReport = path.join(artifacts, 'jest-serial.json');
const playwrightReport = path.join(repoRoot, 'tests', 'e2e', '.artifacts', 'report.json');

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  process.stdout.write(`\n▶ ${name}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env });
  return result.status === 0;
}

/** `docker compose` where the plugin exists, else Debian's docker-compose; null on a machine with neither. */
function composeValidator(): [string, string[]] | null {
  const args = ['-f', 'docker-compose.yml', 'config', '-q'];
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0)
    return ['docker', ['compose', ...args]];
  if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0) return ['docker-compose', args];
  return null;
}

function validateCompose(): boolean {
  const validator = composeValidator();
  if (!validator) {
    process.stdout.write('\n▶ compose: no docker compose client on this machine; docker-compose.yml not validated\n');
    return true;
  }
  // Throwaway values: validation only interpolates them.
  const env = {
    JWT_SECRET: 'validation-only-secret-of-32-characters!',
    STRIPE_SECRET_KEY: 'sk_test_validation_only',
    STRIPE_WEBHOOK_SECRET: 'whsec_validation_only',
    ...process.env,
  };
  return run('compose', validator[0], validator[1], env);
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

function jestCounts(file: string): Counts | undefined {
  const report = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  }>(file);
  return (
    report && {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    }
  );
}

function playwrightCounts(): Counts | undefined {
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
    playwrightReport,
  );
  return (
    report && {
      passed: report.stats.expected,
      failed: report.stats.unexpected + report.stats.flaky,
      skipped: report.stats.skipped,
    }
  );
}

/**
 * `npm test`: lint, type checks, unit and integration tests (jest, real Postgres and Redis), then
 * the end-to-end specs in Chromium; one summary line at the end. A skipped test fails the run.
 */
function main(): void {
  mkdirSync(artifacts, { recursive: true });
  rmSync(jestReport, { force: true });
  rmSync(serialJestReport, { force: true });
  rmSync(playwrightReport, { force: true });
  const npx = 'npx';
  const steps: StepResult[] = [
    { name: 'lint', ok: run('lint', 'npm', ['run', 'lint', '--silent']) },
    { name: 'compose file', ok: validateCompose() },
    {
      name: 'types',
      ok:
        run('types', npx, ['tsc', '-p', 'tsconfig.tests.json']) &&
        run('console types', 'npm', ['run', 'typecheck', '--workspace', 'console', '--silent']),
    },
  ];
  const parallel = ['--selectProjects', 'unit', 'integration', 'slow', 'chaos'];
  const jestOk = run('unit, integration, slow and chaos', npx, [
    'jest',
    '--ci',
    ...parallel,
    '--json',
    `--outputFile=${jestReport}`,
  ]);
  steps.push({ name: 'unit, integration, slow and chaos (jest)', ok: jestOk, counts: jestCounts(jestReport) });
  const serialArgs = ['jest', '--ci', '--selectProjects', 'serial', '--runInBand', '--json'];
  const serialOk = run('timed under load, one file at a time', npx, [
    ...serialArgs,
    `--outputFile=${serialJestReport}`,
  ]);
  steps.push({ name: 'timed under load (jest, serial)', ok: serialOk, counts: jestCounts(serialJestReport) });
  const e2eOk = run('end to end', npx, ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts']);
  steps.push({ name: 'end to end (playwright)', ok: e2eOk, counts: playwrightCounts() });

  process.stdout.write('\n');
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const step of steps) {
    const counts = step.counts;
    if (counts) {
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
    }
    const detail = counts ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : '';
    process.stdout.write(`${step.ok ? 'ok  ' : 'FAIL'} ${step.name}${detail ? `: ${detail}` : ''}\n`);
  }
  const failedSteps = steps.filter((step) => !step.ok && !step.counts?.failed).length;
  total.failed += failedSteps;
  process.stdout.write(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  const green = steps.every((step) => step.ok) && total.skipped === 0 && total.passed > 0;
  process.exit(green ? 0 : 1);
}

main();
