import { Client } from 'pg';
import type { ScaleSeedSummary } from '../seed-scale';
import { explainLedgerRead, type LedgerReadPlan } from './explain';
import { percentile, type Scenario, type ScenarioFigures } from './http-load';
import type { Verdict } from './report';

/** The balance ledger's lines (issue 29): a person's year, and a forecast, on a 2,000-person company's three years. */
export const LEDGER_READ = 'GET /api/employees/:id/balance-ledger (2,000 people in turn)';
export const FORECAST_READ = 'GET /api/employees/:id/balances?on= (next year, 2,000 people in turn)';
/** The pages whose ratio budgets the three years of ledger must keep. */
export const LEDGER_RATIO_READS = ['GET /api/employees (page of 25)', 'GET /api/leaves (pending, page of 25)'] as const;

const LEDGER_P99_MS = 20;
const FORECAST_P99_MS = 10;
const RATIO_BUDGET = 0.85;

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
