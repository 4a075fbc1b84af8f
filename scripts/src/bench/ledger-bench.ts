import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { repoRoot } from '../paths';
import type { ScaleSeedSummary } from '../seed-scale';
import { ADMIN_READ_PATHS, bearer, productionEnvironment, signIn, startHttpProcess } from './api-under-test';
import { explainLedgerRead, type LedgerReadPlan } from './explain';
import { measure, percentile, saturationOf, type Scenario, type ScenarioFigures } from './http-load';
import { EXPRESS_BASELINE, type Verdict } from './report';

/** The balance ledger's lines (issue 29): a person's year, and a forecast, on a 2,000-person company's three years. */
export const LEDGER_READ = 'GET /api/employees/:id/balance-ledger (2,000 people in turn)';
export const FORECAST_READ = 'GET /api/employees/:id/balances?on= (next year, 2,000 people in turn)';
/** The pages whose ratio budgets the three years of ledger must keep. */
export const LEDGER_RATIO_READS = ['GET /api/employees (page of 25)', 'GET /api/leaves (pending, page of 25)'] as const;

const LEDGER_P99_MS = 20;
const FORECAST_P99_MS = 10;
const RATIO_BUDGET = 0.85;
const PAIRED_ROUNDS = 5;

/**
 * The two ledger reads as the largest company's admin makes them, each request another of its
 * people (so no reply is one the API kept, and every person's ledger is read from the database).
 */
export async function ledgerScenarios(
  apiUrl: string,
  databaseUrl: string,
  summary: ScaleSeedSummary,
): Promise<Array<Scenario & { signedInAs: string }>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const people = await client
    .query<{ id: number }>('SELECT id FROM employees WHERE company_id = $1 AND deleted_at IS NULL ORDER BY id', [
      summary.largestCompany.id,
    ])
    .finally(() => client.end());
  const inTurn = (pathOf: (id: number) => string) => {
    let next = 0;
    return () => ({ path: pathOf(people.rows[next++ % people.rows.length]!.id) });
  };
  const nextYearDay = `${new Date().getUTCFullYear() + 1}-06-30`;
  const signedInAs = summary.largestCompany.adminEmail;
  return [
    {
      name: LEDGER_READ,
      kind: 'read',
      url: `${apiUrl}/api/employees/${people.rows[0]!.id}/balance-ledger`,
      signedInAs,
      nextRequest: inTurn((id) => `/api/employees/${id}/balance-ledger`),
    },
    {
      name: FORECAST_READ,
      kind: 'read',
      url: `${apiUrl}/api/employees/${people.rows[0]!.id}/balances?on=${nextYearDay}`,
      signedInAs,
      nextRequest: inTurn((id) => `/api/employees/${id}/balances?on=${nextYearDay}`),
    },
  ];
}

/** The person whose read is EXPLAINed: the largest company's with the most leave years stored. */
export async function explainLongestLedger(databaseUrl: string, summary: ScaleSeedSummary): Promise<LedgerReadPlan> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client
    .query<{ employee_id: number; year: number }>(
      `SELECT employee_id, max(leave_year) FILTER (WHERE entry_date <= current_date) AS year
         FROM balance_entries WHERE company_id = $1
        GROUP BY employee_id ORDER BY count(DISTINCT leave_year) DESC, count(*) DESC LIMIT 1`,
      [summary.largestCompany.id],
    )
    .finally(() => client.end());
  return explainLedgerRead(databaseUrl, summary.largestCompany.id, rows[0]!.employee_id, rows[0]!.year);
}

export interface LedgerBenchResults {
  date: string;
  machine: { cpus: number; cpuModel: string; loadAverage: number[] };
  durationSeconds: number;
  routes: Record<string, ScenarioFigures>;
  pairedRatios: Record<string, number[]>;
  ledgerPlan: LedgerReadPlan;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The ledger's budgets: its two reads' p99 at 200/s, and a read bounded to one open year and a closing. */
export function judgeLedger(
  routes: Record<string, ScenarioFigures>,
  plan: LedgerReadPlan,
  pairedRatios: Record<string, number[]> = {},
): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const [name, rounds] of Object.entries(pairedRatios)) {
    const ratio = percentile(
      [...rounds].sort((a, b) => a - b),
      0.5,
    );
    verdicts.push({
      budget: `${name}: ≥ ${RATIO_BUDGET} × Express + pg (median of paired rounds)`,
      measured: `${ratio.toFixed(2)} × (${rounds.map((value) => value.toFixed(2)).join(', ')})`,
      pass: ratio >= RATIO_BUDGET,
    });
  }
  for (const [name, budget] of [
    [LEDGER_READ, LEDGER_P99_MS],
    [FORECAST_READ, FORECAST_P99_MS],
  ] as const) {
    const route = routes[name];
    if (!route) continue;
    const errors = route.saturation.errors + route.fixedRate.errors;
    verdicts.push({
      budget: `${name}: p99 < ${budget} ms at ${route.offeredRate}/s, no errors`,
      measured: `${ms(route.fixedRate.p99Ms)}, ${errors} errors`,
      pass: route.fixedRate.p99Ms < budget && errors === 0,
    });
  }
  verdicts.push({
    budget: "A ledger read takes one open year's entries and at most one closing, not every year's",
    measured:
      `${plan.rowsRead.entries} of ${plan.stored.entries} entries (${plan.stored.years} leave years), ` +
      `${plan.rowsRead.closings} of ${plan.stored.closings} closings, ${ms(plan.executionMs)} in Postgres`,
    pass: plan.rowsRead.closings <= 1 && plan.stored.years > 2 && plan.rowsRead.entries < plan.stored.entries,
  });
  return verdicts;
}

export function ledgerMarkdown(results: LedgerBenchResults, verdicts: Verdict[]): string {
  return [
    `Ledger lines of ${results.date.slice(0, 16)} on ${results.machine.cpus} × ${results.machine.cpuModel}; ` +
      `${results.durationSeconds} s per measurement; load average before the run ` +
      `${results.machine.loadAverage.map((value) => value.toFixed(1)).join(' / ')}.`,
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
 * `npm run bench -- --lines ledger`: only the ledger's lines and the two pages' ratio budgets (on a
 * shared machine, a few minutes instead of the whole run). Writes bench/results/<date>-ledger.json and .md.
 */
export async function benchLedgerLines(options: {
  databaseUrl: string;
  redisUrl: string;
  summary: ScaleSeedSummary;
  durationSeconds: number;
  stopStack: Array<() => Promise<void>>;
  say: (line: string) => void;
}): Promise<void> {
  const { databaseUrl, summary, durationSeconds, stopStack, say } = options;
  const startedAt = new Date();
  const loadAverage = os.loadavg();
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
  const pages = LEDGER_RATIO_READS.map((name): Scenario & { signedInAs: string } => ({
    name,
    kind: 'read',
    url: `${api.baseUrl}${ADMIN_READ_PATHS[name]}`,
    signedInAs: summary.mediumCompany.adminEmail,
  }));
  const signedIn = async (scenario: Scenario & { signedInAs?: string }): Promise<Scenario> =>
    scenario.signedInAs
      ? { ...scenario, headers: bearer(await signIn(api.baseUrl, scenario.signedInAs, summary.password)) }
      : scenario;

  const routes: Record<string, ScenarioFigures> = {};
  const scenarios: Array<Scenario & { signedInAs?: string }> = [
    baseline,
    ...(await ledgerScenarios(api.baseUrl, databaseUrl, summary)),
  ];
  for (const scenario of scenarios) {
    say(`  ${scenario.name}`);
    routes[scenario.name] = await measure(await signedIn(scenario), durationSeconds);
  }
  const pairedRatios: Record<string, number[]> = Object.fromEntries(pages.map((page) => [page.name, []]));
  for (let round = 1; round <= PAIRED_ROUNDS; round += 1) {
    say(`  the pages against ${EXPRESS_BASELINE}, round ${round} of ${PAIRED_ROUNDS}`);
    for (const page of pages) {
      const route = await signedIn(page);
      const base = await saturationOf(baseline, durationSeconds);
      const measured = await saturationOf(route, durationSeconds);
      pairedRatios[page.name]!.push(measured.requestsPerSecond / base.requestsPerSecond);
    }
  }
  await api.stop();
  await expressPg.stop();
  const ledgerPlan = await explainLongestLedger(databaseUrl, summary);

  const results: LedgerBenchResults = {
    date: startedAt.toISOString(),
    machine: { cpus: os.availableParallelism(), cpuModel: os.cpus()[0]?.model ?? 'unknown', loadAverage },
    durationSeconds,
    routes,
    pairedRatios,
    ledgerPlan,
  };
  const verdicts = judgeLedger(routes, ledgerPlan, pairedRatios);
  const markdown = ledgerMarkdown(results, verdicts);
  say('');
  say(markdown);
  say(
    `load average after the run: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ')}`,
  );
  const directory = path.join(repoRoot, 'bench', 'results');
  mkdirSync(directory, { recursive: true });
  const stem = path.join(directory, `${results.date.slice(0, 10)}-ledger`);
  writeFileSync(`${stem}.json`, `${JSON.stringify({ ...results, verdicts }, null, 2)}\n`);
  writeFileSync(`${stem}.md`, `${markdown}\n`);
  say(`\nResults written to ${path.relative(repoRoot, `${stem}.json`)}`);
  say(
    `budgets: ${verdicts.filter((verdict) => verdict.pass).length} PASS, ${verdicts.filter((v) => !v.pass).length} FAIL`,
  );
}
