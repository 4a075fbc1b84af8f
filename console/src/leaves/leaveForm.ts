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
import {
  amountDrawn,
  balanceKindOf,
  balanceRefusal,
  countsNoWorkingDay,
  leaveDuration,
  type BalanceKind,
  type LeaveDuration,
} from '@teamfolk/shared/rules';
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

/** What is left of each balance: days of vacation and sick leave, hours in the bank. */
export interface RemainingBalances {
  vacation: number;
  sick: number;
  bank: number;
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

/** What a request would count and take, shown in the dialog before it is sent. */
export interface LeavePreview {
  duration: LeaveDuration;
  /** The balance it draws on; null for 'other' leave. */
  kind: BalanceKind | null;
  /** That balance now (days, or hours for the bank); null when it draws on none or the person has none. */
  remaining: number | null;
  /** What it takes from that balance, in the same unit. */
  requested: number;
  /** The API's refusal text when vacation or the hours bank would go below zero. */
  refusal: string | null;
  /** Sick days may be overdrawn; the API accepts it with a warning. */
  sickOverdrawn: boolean;
  /** Weekends and public holidays only: the API refuses it, so the dialog does not send it. */
  noWorkingDay: boolean;
}

/** Counts the way the API does: weekends and the company's public holidays are not working days. */
export function previewLeave(
  input: LeaveRequestParsed,
  balances: RemainingBalances | null,
  holidays: ReadonlySet<string> = new Set(),
): LeavePreview {
  const duration = leaveDuration(
    {
      leaveType: input.leave_type,
      startDate: input.start_date,
      endDate: input.end_date,
      startTime: input.start_time,
      endTime: input.end_time,
    },
    { holidays },
  );
  const kind = balanceKindOf(input.request_type);
  const requested = kind ? amountDrawn(kind, duration) : duration.days;
  const remaining = kind && balances ? balances[kind] : null;
  return {
    duration,
    kind,
    remaining,
    requested,
    refusal: kind && remaining !== null ? balanceRefusal(kind, remaining, requested) : null,
    sickOverdrawn: kind === 'sick' && remaining !== null && requested > remaining,
    noWorkingDay: countsNoWorkingDay(duration),
  };
}
