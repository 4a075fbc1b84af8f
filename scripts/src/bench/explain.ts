import { QueryTypes } from 'sequelize';
import { appDatabaseUrl, createDatabase, runAsCompany } from '@teamfolk/shared';
import { CALENDAR_EVENTS_SQL, ledgerSubjectsSql } from '@teamfolk/services';

export interface CalendarPlan {
  executionMs: number;
  rows: number;
  /** The indexes the plan reads leave requests through (none: a sequential scan). */
  indexes: string[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

/** EXPLAIN ANALYZE of the calendar's month query, as the application runs it (its role, row-level security on). */
export async function explainCalendarMonth(
  ownerUrl: string,
  companyId: number,
  start: string,
  end: string,
): Promise<CalendarPlan> {
  const sequelize = createDatabase(appDatabaseUrl(ownerUrl), { poolMax: 1 });
  try {
    const explain = () =>
      sequelize.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${CALENDAR_EVENTS_SQL}`,
        { replacements: { companyId, statuses: ['approved', 'pending'], start, end }, type: QueryTypes.SELECT },
      );
    // The first run reads the pages into the cache; the second is what a busy server sees.
    await runAsCompany(companyId, explain);
    const [row] = await runAsCompany(companyId, explain);
    const [plan] = row!['QUERY PLAN'];
    return { executionMs: plan['Execution Time'], rows: plan.Plan['Actual Rows'] ?? 0, indexes: indexesOf(plan.Plan) };
  } finally {
    await sequelize.close();
  }
}

/** How much one ledger read touches, against all the person has. */
export interface LedgerReadPlan {
  executionMs: number;
  employeeId: number;
  year: number;
  /** Rows the read's plan took from each table (scans only; rows × loops). */
  rowsRead: { entries: number; closings: number };
  /** What the person has stored: entries over how many leave years, closings. */
  stored: { entries: number; years: number; closings: number };
  indexes: string[];
}

function rowsFrom(node: PlanNode, relation: string): number {
  const own = node['Relation Name'] === relation ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsFrom(child, relation), 0);
}

/**
 * EXPLAIN ANALYZE of the statement a balance read loads a person's ledger with (the balances
 * repository's own, as the application runs it), beside what the person has stored: a read takes
 * the year's entries and the closing of the year before, never the years behind it.
 */
export async function explainLedgerRead(
  ownerUrl: string,
  companyId: number,
  employeeId: number,
  year: number,
): Promise<LedgerReadPlan> {
  const sequelize = createDatabase(appDatabaseUrl(ownerUrl), { poolMax: 1 });
  try {
    const replacements = { companyId, employeeId, toYear: year, fromYear: year };
    const explain = () =>
      sequelize.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${ledgerSubjectsSql({ employeeId }, { lock: false })}`,
        { replacements, type: QueryTypes.SELECT },
      );
    await runAsCompany(companyId, explain);
    const [row] = await runAsCompany(companyId, explain);
    const [plan] = row!['QUERY PLAN'];
    const [stored] = await runAsCompany(companyId, () =>
      sequelize.query<{ entries: number; years: number; closings: number }>(
        `SELECT (SELECT count(*) FROM balance_entries WHERE company_id = :companyId AND employee_id = :employeeId)::int AS entries,
                (SELECT count(DISTINCT leave_year) FROM balance_entries
                  WHERE company_id = :companyId AND employee_id = :employeeId)::int AS years,
                (SELECT count(*) FROM balance_year_closings
                  WHERE company_id = :companyId AND employee_id = :employeeId)::int AS closings`,
        { replacements, type: QueryTypes.SELECT },
      ),
    );
    return {
      executionMs: plan['Execution Time'],
      employeeId,
      year,
      rowsRead: {
        entries: rowsFrom(plan.Plan, 'balance_entries'),
        closings: rowsFrom(plan.Plan, 'balance_year_closings'),
      },
      stored: stored!,
      indexes: indexesOf(plan.Plan),
    };
  } finally {
    await sequelize.close();
  }
}
