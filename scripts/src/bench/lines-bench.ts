import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { repoRoot } from '../paths';
import type { ScaleSeedSummary } from '../seed-scale';
import { ADMIN_READ_PATHS, bearer, productionEnvironment, signIn, startHttpProcess } from './api-under-test';
import type { LedgerReadPlan } from './explain';
import { measure, saturationOf, type Scenario, type ScenarioFigures } from './http-load';
import { explainLongestLedger, judgeLedger, LEDGER_RATIO_READS, ledgerScenarios } from './ledger-bench';
import { EXPRESS_BASELINE, PAIRED_ROUNDS, type Verdict } from './report';
import { ensureLeaveDaysTimed, judgeReports, reportScenarios } from './reports-bench';
import { judgeTeams, teamsBenchScenarios } from './teams-bench';

/** The lines `--lines` can run on their own: those of issues 29 (ledger), 30 (teams) and 31 (reports). */
export const LINES = ['ledger', 'teams', 'reports'] as const;
export type Line = (typeof LINES)[number];

/** `ledger`, `teams`, `reports` or a comma list of them. */
export function parseLines(option: string): Line[] {
  const asked = option.split(',').map((line) => line.trim());
  const unknown = asked.filter((line) => !(LINES as readonly string[]).includes(line));
  if (unknown.length > 0 || asked.length === 0) {
    throw new Error(`--lines takes ${LINES.join(', ')} or a comma list of them, not '${option}'`);
  }
  return LINES.filter((line) => asked.includes(line));
}

interface LinesBenchResults {
  date: string;
  lines: Line[];
  machine: { cpus: number; cpuModel: string; loadAverage: number[] };
  durationSeconds: number;
  /** How long making sure of the schema and the reports' leave days took (seconds). */
  leaveDaysSeconds: number;
  routes: Record<string, ScenarioFigures>;
  pairedRatios: Record<string, number[]>;
  ledgerPlan?: LedgerReadPlan;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

function linesMarkdown(results: LinesBenchResults, verdicts: Verdict[], loadAfter: string): string {
  return [
    `Lines ${results.lines.join(', ')} of ${results.date.slice(0, 16)} on ${results.machine.cpus} × ` +
      `${results.machine.cpuModel}; ${results.durationSeconds} s per measurement; load average ` +
      `${results.machine.loadAverage.map((value) => value.toFixed(1)).join(' / ')} before the run, ${loadAfter} after.`,
    '',
    '| route | req/s (50 conn.) | offered | p50 | p99 | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...Object.entries(results.routes).map(
      ([name, route]) =>
        `| ${name} | ${Math.round(route.saturation.requestsPerSecond).toLocaleString('en-US')} | ` +
        `${route.offeredRate}/s | ${ms(route.fixedRate.p50Ms)} | ${ms(route.fixedRate.p99Ms)} | ` +
        `${route.saturation.errors + route.fixedRate.errors} |`,
    ),
    '',
    '| budget | measured | verdict |',
    '|---|---:|---|',
    ...verdicts.map((verdict) => `| ${verdict.budget} | ${verdict.measured} | ${verdict.pass ? 'PASS' : 'FAIL'} |`),
  ].join('\n');
}

/**
 * `npm run bench -- --lines ledger,teams,reports` (any of them): only those lines, their paired
 * rounds against Express + pg where their budgets are ratios (the ledger's two pages, the teams'
 * reads), and their verdicts; minutes instead of the whole run on a shared machine. Writes
 * bench/results/<date>-lines.json and .md.
 */
export async function benchLines(
  lines: Line[],
  options: {
    databaseUrl: string;
    redisUrl: string;
    summary: ScaleSeedSummary;
    durationSeconds: number;
    stopStack: Array<() => Promise<void>>;
    say: (line: string) => void;
  },
): Promise<void> {
  const { databaseUrl, summary, durationSeconds, stopStack, say } = options;
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const has = (line: Line) => lines.includes(line);

  const leaveDaysSeconds = await ensureLeaveDaysTimed(databaseUrl, say);

  const env = productionEnvironment(databaseUrl, options.redisUrl, startedAt.getTime().toString(36));
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const [baselineEmployee] = (
    await client
      .query<{ id: number }>('SELECT id FROM employees WHERE company_id = $1 ORDER BY id LIMIT 1', [
        summary.mediumCompany.id,
      ])
      .finally(() => client.end())
  ).rows;
  const expressPg = await startHttpProcess(
    'scripts/dist/bench/baseline-express.js',
    { PATH: process.env.PATH, DATABASE_URL: databaseUrl, EMPLOYEE_ID: String(baselineEmployee!.id) },
    '/healthz',
    stopStack,
  );
  const api = await startHttpProcess('services/dist/main.js', { ...env, WEB_CONCURRENCY: '1' }, '/readyz', stopStack);
  const baseline: Scenario = { name: EXPRESS_BASELINE, kind: 'baseline', url: `${expressPg.baseUrl}/employee` };
  const signedIn = async (scenario: Scenario & { signedInAs?: string }): Promise<Scenario> =>
    scenario.signedInAs
      ? { ...scenario, headers: bearer(await signIn(api.baseUrl, scenario.signedInAs, summary.password)) }
      : scenario;

  const teams = has('teams') ? await teamsBenchScenarios(api.baseUrl, databaseUrl) : [];
  const scenarios: Array<Scenario & { signedInAs?: string }> = [
    baseline,
    ...(has('ledger') ? await ledgerScenarios(api.baseUrl, databaseUrl, summary) : []),
    ...teams,
    ...(has('reports') ? reportScenarios(api.baseUrl, summary) : []),
  ];
  const routes: Record<string, ScenarioFigures> = {};
  for (const scenario of scenarios) {
    say(`  ${scenario.name}`);
    routes[scenario.name] = await measure(await signedIn(scenario), durationSeconds);
  }

  const ledgerPages = LEDGER_RATIO_READS.map((name): Scenario & { signedInAs: string } => ({
    name,
    kind: 'read',
    url: `${api.baseUrl}${ADMIN_READ_PATHS[name]}`,
    signedInAs: summary.mediumCompany.adminEmail,
  }));
  const paired = [...(has('ledger') ? ledgerPages : []), ...teams];
  const pairedRatios: Record<string, number[]> = Object.fromEntries(paired.map((read) => [read.name, []]));
  for (let round = 1; paired.length > 0 && round <= PAIRED_ROUNDS; round += 1) {
    say(`  ${paired.length} reads against ${EXPRESS_BASELINE}, round ${round} of ${PAIRED_ROUNDS}`);
    for (const read of paired) {
      const route = await signedIn(read);
      const base = await saturationOf(baseline, durationSeconds);
      const measured = await saturationOf(route, durationSeconds);
      pairedRatios[read.name]!.push(measured.requestsPerSecond / base.requestsPerSecond);
    }
  }
  await api.stop();
  await expressPg.stop();
  const ledgerPlan = has('ledger') ? await explainLongestLedger(databaseUrl, summary) : undefined;

  const results: LinesBenchResults = {
    date: startedAt.toISOString(),
    lines,
    machine: { cpus: os.availableParallelism(), cpuModel: os.cpus()[0]?.model ?? 'unknown', loadAverage: loadBefore },
    durationSeconds,
    leaveDaysSeconds,
    routes,
    pairedRatios,
    ledgerPlan,
  };
  const ledgerRatios = Object.fromEntries(ledgerPages.map((page) => [page.name, pairedRatios[page.name] ?? []]));
  const verdicts = [
    ...(ledgerPlan ? judgeLedger(routes, ledgerPlan, ledgerRatios) : []),
    ...(has('teams') ? judgeTeams(routes, pairedRatios) : []),
    ...(has('reports') ? judgeReports(routes, summary) : []),
  ];
  const markdown = linesMarkdown(results, verdicts, loadAverage());
  say('');
  say(markdown);
  const directory = path.join(repoRoot, 'bench', 'results');
  mkdirSync(directory, { recursive: true });
  const stem = path.join(directory, `${results.date.slice(0, 10)}-lines`);
  writeFileSync(`${stem}.json`, `${JSON.stringify({ ...results, verdicts }, null, 2)}\n`);
  writeFileSync(`${stem}.md`, `${markdown}\n`);
  say(`\nResults written to ${path.relative(repoRoot, `${stem}.json`)}`);
  const failures = verdicts.filter((verdict) => !verdict.pass).length;
  say(`budgets: ${verdicts.length - failures} PASS, ${failures} FAIL`);
}
