import { QueryTypes } from 'sequelize';
import { appDatabaseUrl, createDatabase, runAsCompany } from '@teamfolk/shared';
import { CALENDAR_EVENTS_SQL } from '@teamfolk/services';

export interface CalendarPlan {
  executionMs: number;
  rows: number;
  /** The indexes the plan reads leave requests through (none: a sequential scan). */
  indexes: string[];
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows'?: number;
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
