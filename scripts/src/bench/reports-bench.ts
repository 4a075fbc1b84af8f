import { QueryTypes } from 'sequelize';
import {
  appDatabaseUrl,
  backfillLeaveDays,
  createDatabase,
  MAX_REPORT_RANGE_DAYS,
  migrateDatabase,
} from '@teamfolk/shared';
import type { ScaleSeedSummary } from '../seed-scale';
import type { Scenario, ScenarioFigures } from './http-load';
import type { Verdict } from './report';

/**
 * The reports of issue 31 on the largest company (2,000 people, three years of leave): one scenario
 * and one budget line per report, p99 < 300 ms at REPORTS_RATE requests/s. main.ts measures the
 * scenarios with the other reads (signed in as the largest company's admin) and adds the lines to
 * its verdicts; this file only says what to ask and what passes.
 */

/** A report is a page an owner opens now and then, not a hot path: a few a second is already many owners. */
export const REPORTS_RATE = 5;
export const REPORTS_P99_MS = 300;

/** A scenario whose requests are sent as this user, signed in just before it is measured (as in main.ts). */
export type ReportScenario = Scenario & { signedInAs: string };

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The longest range a report may cover, ending on the seeded history's last day: the whole three years. */
function wholeHistory({ leaveHistory }: ScaleSeedSummary): { from: string; to: string } {
  const earliest = new Date(`${leaveHistory.to}T00:00:00Z`);
  earliest.setUTCDate(earliest.getUTCDate() - (MAX_REPORT_RANGE_DAYS - 1));
  const from = earliest.toISOString().slice(0, 10);
  return { from: from > leaveHistory.from ? from : leaveHistory.from, to: leaveHistory.to };
}

/** The report requests, each named as its bench line. */
export function reportPaths(summary: ScaleSeedSummary): Record<string, string> {
  const { from, to } = wholeHistory(summary);
  return {
    'GET /api/reports/absence (2,000 employees, 3 years, per person)': `/api/reports/absence?from=${from}&to=${to}&group_by=person`,
    'GET /api/reports/absence-rate (2,000 employees, 3 years)': `/api/reports/absence-rate?from=${from}&to=${to}`,
    'GET /api/reports/bradford (2,000 employees)': '/api/reports/bradford',
    'GET /api/reports/balances (2,000 employees)': '/api/reports/balances',
    'GET /api/reports/low-uptake (2,000 employees)': '/api/reports/low-uptake?threshold=0.5',
  };
}

export function reportScenarios(apiUrl: string, summary: ScaleSeedSummary): ReportScenario[] {
  return Object.entries(reportPaths(summary)).map(([name, path]) => ({
    name,
    kind: 'read',
    fixedRate: REPORTS_RATE,
    url: `${apiUrl}${path}`,
    signedInAs: summary.largestCompany.adminEmail,
  }));
}

/** One PASS/FAIL line per report: p99 under 300 ms at the fixed rate, and no errors. */
export function judgeReports(routes: Record<string, ScenarioFigures>, summary: ScaleSeedSummary): Verdict[] {
  return Object.keys(reportPaths(summary)).map((name) => {
    const figures = routes[name]!;
    const { p99Ms, errors } = figures.fixedRate;
    return {
      budget: `${name}: p99 < ${REPORTS_P99_MS} ms at ${figures.offeredRate}/s`,
      measured: `${ms(p99Ms)}${errors > 0 ? `, ${errors} errors` : ''}`,
      pass: p99Ms < REPORTS_P99_MS && errors === 0,
    };
  });
}

/**
 * Leave days (migration 0025) for approved requests a seed wrote straight into leave_requests; does
 * nothing where they are there already. Run before measuring, with the schema owner's URL. It
 * migrates first: on data seeded before 0025, the migration's own backfill of every request would
 * otherwise run when the API starts, longer than the benchmark waits for it to answer.
 */
export async function ensureLeaveDays(ownerUrl: string): Promise<number> {
  await migrateDatabase(ownerUrl, appDatabaseUrl(ownerUrl));
  const sequelize = createDatabase(ownerUrl, { poolMax: 1 });
  try {
    await sequelize.transaction((transaction) => backfillLeaveDays(sequelize, transaction));
    const [row] = await sequelize.query<{ days: string }>('SELECT count(*) AS days FROM leave_days', {
      type: QueryTypes.SELECT,
    });
    return Number(row?.days ?? 0);
  } finally {
    await sequelize.close();
  }
}

/** ensureLeaveDays, saying how many leave days there are and how long making sure of them took. */
export async function ensureLeaveDaysTimed(ownerUrl: string, say: (line: string) => void): Promise<number> {
  say('Making sure of the schema and the leave days the reports read...');
  const started = performance.now();
  const days = await ensureLeaveDays(ownerUrl);
  const seconds = (performance.now() - started) / 1000;
  say(`  ${days.toLocaleString('en-US')} leave days, ${seconds.toFixed(1)} s`);
  return seconds;
}
