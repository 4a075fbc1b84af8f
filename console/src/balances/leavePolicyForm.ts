import {
  leavePolicySchema,
  WEEKDAYS,
  type AccrualMethod,
  type LeavePolicy,
  type Weekday,
} from '@teamfolk/shared/contracts';

/**
 * The leave policy form's values: numbers as the text typed, so that a field being cleared or typed
 * into is never turned into 0 or a default behind the admin's back; the shared schema decides.
 */
export interface LeavePolicyFormValues {
  leave_year_start_month: number;
  vacation: {
    annual_days: string;
    accrual: AccrualMethod;
    carry_over_max_days: string;
    carry_over_expiry_months: string;
    pro_rata: boolean;
  };
  sick: { annual_days: string };
  hours_bank: { credit_expiry_months: string };
  work_pattern: Record<Weekday, string>;
}

/** Messages by the policy's field path ('vacation.annual_days', 'work_pattern.mon', 'work_pattern'). */
export type PolicyFieldErrors = Record<string, string>;

export type PolicyFormResult = { ok: true; policy: LeavePolicy } | { ok: false; errors: PolicyFieldErrors };

export function policyFormValuesOf(policy: LeavePolicy): LeavePolicyFormValues {
  return {
    leave_year_start_month: policy.leave_year_start_month,
    vacation: {
      annual_days: String(policy.vacation.annual_days),
      accrual: policy.vacation.accrual,
      carry_over_max_days: String(policy.vacation.carry_over_max_days),
      carry_over_expiry_months: String(policy.vacation.carry_over_expiry_months),
      pro_rata: policy.vacation.pro_rata,
    },
    sick: { annual_days: String(policy.sick.annual_days) },
    hours_bank: { credit_expiry_months: String(policy.hours_bank.credit_expiry_months) },
    work_pattern: Object.fromEntries(WEEKDAYS.map((day) => [day, String(policy.work_pattern[day])])) as Record<
      Weekday,
      string
    >,
  };
}

/** A typed number; an empty field is no number (NaN), which the schema refuses with the field's own text. */
export function numberOfText(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The whole policy the form describes, checked by the shared schema, or its messages by field path. */
export function parsePolicyForm(values: LeavePolicyFormValues): PolicyFormResult {
  const result = leavePolicySchema.safeParse({
    leave_year_start_month: values.leave_year_start_month,
    vacation: {
      annual_days: numberOfText(values.vacation.annual_days),
      accrual: values.vacation.accrual,
      carry_over_max_days: numberOfText(values.vacation.carry_over_max_days),
      carry_over_expiry_months: numberOfText(values.vacation.carry_over_expiry_months),
      pro_rata: values.vacation.pro_rata,
    },
    sick: { annual_days: numberOfText(values.sick.annual_days) },
    hours_bank: { credit_expiry_months: numberOfText(values.hours_bank.credit_expiry_months) },
    work_pattern: Object.fromEntries(WEEKDAYS.map((day) => [day, numberOfText(values.work_pattern[day])])),
  });
  if (result.success) return { ok: true, policy: result.data };
  const errors: PolicyFieldErrors = {};
  for (const { path, message } of result.error.issues) {
    const field = path.join('.');
    if (!(field in errors)) errors[field] = message;
  }
  return { ok: false, errors };
}
