import {
  leaveDaysOf,
  type LeaveRequestRecord,
  type LeaveStatus,
  type PersonCalendar,
  type WorkPattern,
} from '@teamfolk/shared';
import { currentYearOf, policyFor } from '../balances/balances.service';
import type { CompanyLedgerContext, SqlRunner } from '../balances/balances.repository';
import { publicHolidays } from '../calendar/holidays';
import { deleteLeaveDays, insertLeaveDays, leaveDayInputs } from './leave-days.repository';

/** A person's days between two dates as balances count them: their patterns over the company's, less its holidays. */
export function reportCalendar(
  context: CompanyLedgerContext,
  patterns: ReadonlyArray<{ effectiveFrom: string; pattern: WorkPattern | null }>,
  holidays: ReadonlySet<string>,
): PersonCalendar {
  return { companyPattern: policyFor(context, currentYearOf(context)).work_pattern, patterns, holidays };
}

export function holidaySet(context: CompanyLedgerContext, from: string, to: string): Set<string> {
  return new Set(publicHolidays(context.country, context.region, from, to).map((holiday) => holiday.date));
}

/**
 * Keeps a request's leave days in step with its status, inside the decision's transaction: written
 * when it is approved (counted as the ledger counts it), removed when an approved one is withdrawn.
 */
export async function keepLeaveDaysInStep(
  runner: SqlRunner,
  companyId: number,
  request: LeaveRequestRecord & { employee_id: number },
  previous: LeaveStatus,
): Promise<void> {
  if (request.status === 'approved') {
    const { context, patterns } = await leaveDayInputs(runner, companyId, request.employee_id);
    const calendar = reportCalendar(context, patterns, holidaySet(context, request.start_date, request.end_date));
    const period = {
      leaveType: request.leave_type,
      startDate: request.start_date,
      endDate: request.end_date,
      startTime: request.start_time,
      endTime: request.end_time,
    };
    const days = leaveDaysOf(
      { id: request.id, employeeId: request.employee_id, requestType: request.request_type, period },
      calendar,
    );
    await insertLeaveDays(runner, companyId, days);
  } else if (previous === 'approved') await deleteLeaveDays(runner, companyId, request.id);
}
