/**
 * Raw SQL, through a SqlRunner (a leave decision's batched transaction): the leave days of approved
 * requests (migration 0025), one row per working day, that the reports sum.
 */
import type { LeaveDay, WorkPattern } from '@teamfolk/shared';
import type { CompanyLedgerContext, SqlRunner } from '../balances/balances.repository';

export interface LeaveDayInputs {
  context: CompanyLedgerContext;
  patterns: Array<{ effectiveFrom: string; pattern: WorkPattern | null }>;
}

/** What counting a person's request needs, in one round trip: the company's ledger context and the person's patterns. */
export async function leaveDayInputs(
  runner: SqlRunner,
  companyId: number,
  employeeId: number,
): Promise<LeaveDayInputs> {
  const [row] = await runner.rows<CompanyLedgerContext & { patterns: LeaveDayInputs['patterns'] }>(
    `SELECT (now() AT TIME ZONE c.time_zone)::date::text AS today, c.country, c.region,
            coalesce((SELECT json_agg(json_build_object('appliesFromYear', p.applies_from_year, 'policy', p.policy)
                                      ORDER BY p.applies_from_year)
                        FROM leave_policies p WHERE p.company_id = c.id), '[]') AS policies,
            coalesce((SELECT json_agg(json_build_object('effectiveFrom', w.effective_from, 'pattern', w.pattern))
                        FROM employee_work_patterns w
                       WHERE w.company_id = c.id AND w.employee_id = :employeeId), '[]') AS patterns
       FROM companies c WHERE c.id = :companyId`,
    { companyId, employeeId },
  );
  if (!row) throw new Error(`Company ${companyId} is not there`);
  const { patterns, ...context } = row;
  return { context, patterns };
}

export async function insertLeaveDays(runner: SqlRunner, companyId: number, days: readonly LeaveDay[]): Promise<void> {
  if (days.length === 0) return;
  await runner.rows(
    `INSERT INTO leave_days (company_id, employee_id, leave_request_id, date, request_type, days, hours)
     SELECT :companyId, employee_id, leave_request_id, date, request_type, days, hours
       FROM jsonb_to_recordset(:days::jsonb) AS x(employee_id integer, leave_request_id integer, date date,
            request_type text, days numeric, hours numeric)`,
    {
      companyId,
      days: JSON.stringify(
        days.map((day) => ({
          employee_id: day.employeeId,
          leave_request_id: day.leaveRequestId,
          date: day.date,
          request_type: day.requestType,
          days: day.days,
          hours: day.hours,
        })),
      ),
    },
  );
}

export async function deleteLeaveDays(runner: SqlRunner, companyId: number, leaveRequestId: number): Promise<void> {
  await runner.rows('DELETE FROM leave_days WHERE company_id = :companyId AND leave_request_id = :leaveRequestId', {
    companyId,
    leaveRequestId,
  });
}
