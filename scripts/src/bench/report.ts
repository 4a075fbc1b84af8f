import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EntryScripts } from '../bundle-sizes';
import { repoRoot } from '../paths';
import type { ScaleSeedSummary } from '../seed-scale';
import type { CalendarPlan, LedgerReadPlan } from './explain';
import {
  FIXED_RATE,
  percentile,
  SATURATION_CONNECTIONS,
  type IsolationFigures,
  type ScenarioFigures,
} from './http-load';
import type { QueueFigures } from './queue-bench';

export interface BenchResults {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string };
  data: ScaleSeedSummary;
  durationSeconds: number;
  routes: Record<string, ScenarioFigures>;
  /**
   * Each light read's throughput over the Express + pg baseline's, in rounds: the baseline measured
   * right before the route in each, so both windows meet the same host.
   */
  pairedRatios: Record<string, number[]>;
  /** One route measured with one API process and with WEB_CONCURRENCY=2. */
  clustered: { route: string; single: ScenarioFigures; both: ScenarioFigures };
  writes: {
    submitted: { answered2xx: number; errors: number; rows: number; distinctDays: number };
    approved: { answered2xx: number; errors: number; rows: number };
  };
  /** Another company's employee list while one company sends leave requests flat out (the bulkhead). */
  isolation: IsolationFigures;
  queue: QueueFigures;
  calendarPlan: CalendarPlan;
  /** A balance ledger read's plan: what it touches of a person's three years (ledger-bench.ts judges it). */
  ledgerPlan: LedgerReadPlan;
  memory: { api: { rssMb: number; peakRssMb: number }; workers: { rssMb: number; peakRssMb: number } };
  bundles: EntryScripts[];
}

export interface Verdict {
  budget: string;
  measured: string;
  pass: boolean;
}

export const EXPRESS_BASELINE = 'baseline: Express + pg';
/**
 * Rounds of the ratio budgets. On a shared host one 5-second window moves by a third against the
 * next (the Express + pg baseline alone, 1,036 then 3,042 requests/s two windows apart): a ratio of
 * two windows taken minutes apart measured the host as much as the route.
 */
export const PAIRED_ROUNDS = 5;
const NODE_BASELINE = 'baseline: node:http + pg';
/** Light reads whose work is one small answer, like the baselines': held to 0.85 × Express + pg. */
export const LIGHT_READS = [
  'GET /api/auth/me',
  'GET /api/employees (page of 25)',
  'GET /api/leaves (pending, page of 25)',
  'GET /api/dashboard/upcoming-events',
];
const READS_UNDER_25_MS = [...LIGHT_READS, 'GET /api/employees (all 200)'];
const WRITES = ['POST /api/leaves', 'PUT /api/leaves/:id/approve'];
/** The month as its viewers see it after the first of them: the reply the API keeps until the leave changes. */
export const CALENDAR_MONTH = 'GET /api/calendar/events (month, 2,000 employees, seen before)';
/** A month no one asked for since its leave last changed, made from the rows; shown, held to no budget. */
export const CALENDAR_FIRST_VIEW = 'GET /api/calendar/events (month, 2,000 employees, first view)';
const ICAL_YEAR = 'GET /api/calendar/export/ical (2,000 employees)';
/** The read the bulkhead between companies keeps quick while another company bursts. */
export const ISOLATION_READ = 'GET /api/employees (page of 25)';

const ms = (value: number) => `${value.toFixed(1)} ms`;
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;

export function judge(results: BenchResults): Verdict[] {
  const verdicts: Verdict[] = [];
  const add = (budget: string, measured: string, pass: boolean) => verdicts.push({ budget, measured, pass });
  for (const name of LIGHT_READS) {
    const rounds = results.pairedRatios[name]!;
    const ratio = percentile(
      [...rounds].sort((a, b) => a - b),
      0.5,
    );
    const each = rounds.map((value) => value.toFixed(2)).join(', ');
    add(`${name}: ≥ 0.85 × Express + pg (median of paired rounds)`, `${ratio.toFixed(2)} × (${each})`, ratio >= 0.85);
  }
  for (const name of READS_UNDER_25_MS) {
    const p99 = results.routes[name]!.fixedRate.p99Ms;
    add(`${name}: p99 < 25 ms at ${FIXED_RATE}/s`, ms(p99), p99 < 25);
  }
  for (const name of WRITES) {
    const p99 = results.routes[name]!.fixedRate.p99Ms;
    add(`${name}: p99 < 50 ms at ${FIXED_RATE}/s`, ms(p99), p99 < 50);
  }
  const { submitted, approved } = results.writes;
  add(
    `POST /api/leaves: every request answered, each one row, none twice (${SATURATION_CONNECTIONS} connections)`,
    `${submitted.answered2xx} answered 2xx, ${submitted.errors} errors, ${submitted.rows} rows, ${submitted.distinctDays} distinct`,
    submitted.errors === 0 && submitted.answered2xx === submitted.rows && submitted.rows === submitted.distinctDays,
  );
  add(
    'PUT /api/leaves/:id/approve: every request answered, each approving one row',
    `${approved.answered2xx} answered 2xx, ${approved.errors} errors, ${approved.rows} approved`,
    approved.errors === 0 && approved.answered2xx === approved.rows,
  );
  const { bystander, offeredRate, burst } = results.isolation;
  const burstStatuses = Object.entries(burst.statuses ?? {})
    .map(([status, count]) => `${count.toLocaleString('en-US')} × ${status}`)
    .join(', ');
  add(
    `${ISOLATION_READ} of another company: p99 < 100 ms at ${offeredRate}/s while one company sends ` +
      `POST /api/leaves on ${SATURATION_CONNECTIONS} connections`,
    `${ms(bystander.p99Ms)}, ${bystander.errors} errors (the burst: ${burstStatuses})`,
    bystander.p99Ms < 100 && bystander.errors === 0,
  );
  add(
    'Calendar month query in Postgres < 2 ms',
    ms(results.calendarPlan.executionMs),
    results.calendarPlan.executionMs < 2,
  );
  add(
    'Calendar month query uses an index',
    results.calendarPlan.indexes.join(', ') || 'none',
    results.calendarPlan.indexes.length > 0,
  );
  const calendarRoute = results.routes[CALENDAR_MONTH]!;
  add(
    `${CALENDAR_MONTH}: p99 < 20 ms at ${calendarRoute.offeredRate}/s`,
    ms(calendarRoute.fixedRate.p99Ms),
    calendarRoute.fixedRate.p99Ms < 20,
  );
  const ical = results.routes[ICAL_YEAR]!;
  add(`${ICAL_YEAR}: p99 < 300 ms at ${ical.offeredRate}/s`, ms(ical.fixedRate.p99Ms), ical.fixedRate.p99Ms < 300);
  add(
    'Outbox → e-mail: ≥ 1,000 events/s',
    perSecond(results.queue.eventsPerSecond),
    results.queue.eventsPerSecond >= 1_000,
  );
  add('Outbox lag p99 < 1 s at 1,000 events/s', ms(results.queue.lagP99Ms), results.queue.lagP99Ms < 1_000);
  add(
    'Outbox: no e-mail lost or sent twice',
    `${results.queue.lost} lost, ${results.queue.duplicates} twice`,
    results.queue.lost === 0 && results.queue.duplicates === 0,
  );
  add(
    'API resident memory < 200 MB after the run',
    `${results.memory.api.rssMb.toFixed(0)} MB`,
    results.memory.api.rssMb < 200,
  );
  for (const entry of results.bundles) {
    const limit = entry.name === 'landing' ? 150_000 : 350_000;
    add(
      `JavaScript of ${entry.name} ≤ ${limit / 1000} kB gzip`,
      `${(entry.totalGzipBytes / 1000).toFixed(1)} kB`,
      entry.totalGzipBytes <= limit,
    );
  }
  const gain =
    results.clustered.both.saturation.requestsPerSecond / results.clustered.single.saturation.requestsPerSecond;
  add(
    `WEB_CONCURRENCY=2 serves more than one process (${results.clustered.route})`,
    `${gain.toFixed(2)} ×`,
    gain > 1.1,
  );
  for (const [name, route] of Object.entries(results.routes)) {
    const errors = route.saturation.errors + route.fixedRate.errors;
    if (errors > 0) add(`${name}: no errors`, String(errors), false);
  }
  return verdicts;
}

export function markdownReport(results: BenchResults, verdicts: Verdict[]): string {
  const express = results.routes[EXPRESS_BASELINE]!.saturation.requestsPerSecond;
  const node = results.routes[NODE_BASELINE]!.saturation.requestsPerSecond;
  const lines = [
    `Benchmark of ${results.date.slice(0, 10)} on ${results.machine.cpus} × ${results.machine.cpuModel}, ` +
      `${results.machine.memoryGb} GiB, Node ${results.machine.node}; ${results.durationSeconds} s per measurement; ` +
      `data: ${results.data.companies.toLocaleString('en-US')} companies, ${results.data.employees.toLocaleString('en-US')} employees, ` +
      `${results.data.leaveRequests.toLocaleString('en-US')} leave requests.`,
    '',
    `| route | req/s (${SATURATION_CONNECTIONS} conn.) | × node:http + pg | × Express + pg | offered | p50 | p99 | errors |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(results.routes).map(
      ([name, route]) =>
        `| ${name} | ${Math.round(route.saturation.requestsPerSecond).toLocaleString('en-US')} | ` +
        `${(route.saturation.requestsPerSecond / node).toFixed(2)} | ${(route.saturation.requestsPerSecond / express).toFixed(2)} | ` +
        `${route.offeredRate}/s | ${ms(route.fixedRate.p50Ms)} | ${ms(route.fixedRate.p99Ms)} | ${route.saturation.errors + route.fixedRate.errors} |`,
    ),
    '',
    `Outbox → e-mail: ${perSecond(results.queue.eventsPerSecond)} (10,000 events at once); lag p50 ${ms(results.queue.lagP50Ms)}, ` +
      `p99 ${ms(results.queue.lagP99Ms)} at 1,000 events/s. ` +
      `Both cores: ${results.clustered.route} ${perSecond(results.clustered.single.saturation.requestsPerSecond)} with one process, ` +
      `${perSecond(results.clustered.both.saturation.requestsPerSecond)} with WEB_CONCURRENCY=2. ` +
      `Memory: API ${results.memory.api.rssMb.toFixed(0)} MB after the run (peak ${results.memory.api.peakRssMb.toFixed(0)} MB), ` +
      `workers peak ${results.memory.workers.peakRssMb.toFixed(0)} MB. ` +
      `Calendar month query: ${ms(results.calendarPlan.executionMs)} in Postgres (${results.calendarPlan.indexes.join(', ')}).`,
    '',
    '| JavaScript (gzip) | files | total |',
    '|---|---:|---:|',
    ...results.bundles.map(
      (entry) => `| ${entry.name} | ${entry.files.length} | ${(entry.totalGzipBytes / 1000).toFixed(1)} kB |`,
    ),
    '',
    '| budget | measured | verdict |',
    '|---|---:|---|',
    ...verdicts.map((verdict) => `| ${verdict.budget} | ${verdict.measured} | ${verdict.pass ? 'PASS' : 'FAIL'} |`),
  ];
  return lines.join('\n');
}

export function printReport(results: BenchResults, verdicts: Verdict[], say: (line: string) => void): void {
  say('');
  say(markdownReport(results, verdicts));
  const failed = verdicts.filter((verdict) => !verdict.pass).length;
  say('');
  say(`budgets: ${verdicts.length - failed} PASS, ${failed} FAIL`);
}

/** bench/results/<date>.json (figures and verdicts) and the same table as markdown beside it. */
export function writeResults(results: BenchResults, verdicts: Verdict[]): string {
  const directory = path.join(repoRoot, 'bench', 'results');
  mkdirSync(directory, { recursive: true });
  const stem = path.join(directory, results.date.slice(0, 10));
  writeFileSync(`${stem}.json`, `${JSON.stringify({ ...results, verdicts }, null, 2)}\n`);
  writeFileSync(`${stem}.md`, `${markdownReport(results, verdicts)}\n`);
  return path.relative(repoRoot, `${stem}.json`);
}
