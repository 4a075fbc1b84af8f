import { timeCreditInputSchema, type TimeCreditParsed } from '@teamfolk/shared/contracts';

/** What the 'Log extra hours' dialog edits; react-admin's inputs leave a cleared value as '' or null. */
export interface TimeCreditFormValues {
  /** Admins only: whose hours these are. */
  employee_id: number | null;
  date: string | null;
  hours: number | null;
  reason: string | null;
}

export type TimeCreditFieldErrors = Partial<Record<keyof TimeCreditFormValues, string>>;

export type TimeCreditFormResult = { ok: true; input: TimeCreditParsed } | { ok: false; errors: TimeCreditFieldErrors };

const FIELDS: readonly string[] = ['employee_id', 'date', 'hours', 'reason'] satisfies (keyof TimeCreditFormValues)[];

/** Extra hours worked today, to be filled in. */
export function newTimeCreditDefaults(today: string): TimeCreditFormValues {
  return { employee_id: null, date: today, hours: null, reason: '' };
}

export const EMPLOYEE_REQUIRED = 'resources.timeCredits.form.employeeRequired';

/**
 * Checks the form with the API's own schema, so both sides refuse the same input with the same text.
 * `forEmployee`: the form belongs to an admin, who has no hours bank and logs hours for an employee.
 */
export function parseTimeCreditForm(values: TimeCreditFormValues, forEmployee = false): TimeCreditFormResult {
  const employeeMissing = forEmployee && values.employee_id == null;
  const parsed = timeCreditInputSchema.safeParse({
    date: values.date ?? '',
    hours: values.hours ?? undefined,
    reason: values.reason ?? '',
    ...(values.employee_id != null ? { employee_id: values.employee_id } : {}),
  });
  if (parsed.success && !employeeMissing) return { ok: true, input: parsed.data };
  const errors: TimeCreditFieldErrors = employeeMissing ? { employee_id: EMPLOYEE_REQUIRED } : {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && FIELDS.includes(field) && !errors[field as keyof TimeCreditFormValues])
      errors[field as keyof TimeCreditFormValues] = issue.message;
  }
  return { ok: false, errors };
}
