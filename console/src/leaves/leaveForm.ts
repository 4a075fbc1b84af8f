import {
  DEFAULT_LEAVE_TIMES,
  leaveRequestInputSchema,
  leaveTexts,
  type EmployeeRecord,
  type LeaveRequestInput,
  type LeaveRequestParsed,
  type LeaveType,
  type RequestType,
  type SessionUser,
} from '@teamfolk/shared/contracts';
import type { RemainingBalances } from '@teamfolk/shared/rules';
import { addDaysToIsoDate } from '../format/dates';

/** What the 'Submit Leave Request' dialog edits. react-admin's pickers leave a cleared value as '' or null. */
export interface LeaveFormValues {
  /** Admins only: whose leave this is; empty for the admin's own. */
  employee_id: number | null;
  request_type: RequestType;
  leave_type: LeaveType;
  start_date: string | null;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  reason: string | null;
}

type LeaveFormField = keyof LeaveFormValues;

/** Messages by field name, shown under the inputs. */
export type LeaveFieldErrors = Partial<Record<LeaveFormField, string>>;

export type LeaveFormResult = { ok: true; input: LeaveRequestParsed } | { ok: false; errors: LeaveFieldErrors };

const FORM_FIELDS: readonly string[] = [
  'employee_id',
  'request_type',
  'leave_type',
  'start_date',
  'end_date',
  'start_time',
  'end_time',
  'reason',
] satisfies LeaveFormField[];

const isFormField = (field: PropertyKey | undefined): field is LeaveFormField =>
  typeof field === 'string' && FORM_FIELDS.includes(field);

/** The spec's defaults for a new leave: a full day of vacation from today to tomorrow, 09:00–17:00 if made partial. */
export function newLeaveDefaults(today: string): LeaveFormValues {
  return {
    employee_id: null,
    request_type: 'vacation',
    leave_type: 'full_day',
    start_date: today,
    end_date: addDaysToIsoDate(today, 1),
    start_time: DEFAULT_LEAVE_TIMES.start,
    end_time: DEFAULT_LEAVE_TIMES.end,
    reason: '',
  };
}

/** The body of POST /leaves: a partial day ends the day it starts and carries its hours; a full day carries none. */
export function toLeaveInput(values: LeaveFormValues): LeaveRequestInput {
  const partial = values.leave_type === 'partial_day';
  const startDate = values.start_date ?? '';
  const reason = values.reason?.trim();
  return {
    start_date: startDate,
    end_date: partial ? startDate : (values.end_date ?? ''),
    request_type: values.request_type,
    leave_type: values.leave_type,
    ...(reason ? { reason } : {}),
    ...(partial ? { start_time: values.start_time || undefined, end_time: values.end_time || undefined } : {}),
    ...(values.employee_id != null ? { employee_id: values.employee_id } : {}),
  };
}

/** Checks the form with the API's own schema (spec section 5), so both sides refuse the same input with the same text. */
export function parseLeaveForm(values: LeaveFormValues): LeaveFormResult {
  const parsed = leaveRequestInputSchema.safeParse(toLeaveInput(values));
  if (parsed.success) return { ok: true, input: parsed.data };

  const errors: LeaveFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isFormField(field) && !errors[field]) errors[field] = issue.message;
  }
  // A partial day's end date is its start date: a bad start is reported once, on the start.
  if (values.leave_type === 'partial_day') delete errors.end_date;
  if (errors.start_date === leaveTexts.invalidStartDate && errors.end_date === leaveTexts.invalidEndDate) {
    errors.start_date = leaveTexts.invalidDates;
    errors.end_date = leaveTexts.invalidDates;
  }
  return { ok: false, errors };
}

/** The signed-in user's balances; an admin has none (admins are not employees). */
export function remainingBalancesOfUser(user: SessionUser): RemainingBalances | null {
  const { vacationDaysRemaining, sickDaysRemaining, bankHoursRemaining } = user;
  if (vacationDaysRemaining === undefined || sickDaysRemaining === undefined || bankHoursRemaining === undefined) {
    return null;
  }
  return { vacation: vacationDaysRemaining, sick: sickDaysRemaining, bank: bankHoursRemaining };
}

export function remainingBalancesOfEmployee(employee: EmployeeRecord): RemainingBalances {
  return {
    vacation: employee.vacation_days_remaining,
    sick: employee.sick_days_remaining,
    bank: employee.bank_hours_remaining,
  };
}
