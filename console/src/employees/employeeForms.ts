import {
  EMPLOYEE_DEFAULTS,
  employeeBalancesSchema,
  employeeInputSchema,
  type EmployeeRecord,
  type EmployeeSavedReply,
} from '@teamfolk/shared/contracts';

/** The body of POST and PUT /employees, as the shared schema normalises it (trimmed, lower-case e-mail, one decimal). */
export type EmployeePayload = ReturnType<typeof employeeInputSchema.parse>;
/** The body of PUT /employees/:id/balances. */
export type BalancesPayload = ReturnType<typeof employeeBalancesSchema.parse>;

/**
 * An employee as react-admin's mutations hand it back: the API's reply with its message, typed loosely
 * enough that the record already in the list can serve as previousData.
 */
export type EmployeeMutationReply = EmployeeRecord & Partial<Pick<EmployeeSavedReply, 'message' | 'warning'>>;

/** What the employee form edits. react-admin's inputs leave a cleared date as '' or null and a cleared number as null. */
export type EmployeeFormValues = {
  name: string;
  email: string;
  role: string | null;
  hire_date: string | null;
  birthday: string | null;
  vacation_days_total: number | null;
  sick_days_total: number | null;
  bank_hours_total: number | null;
};

export type BalancesFormValues = { [Field in keyof BalancesPayload]: number | null };

/** Messages by field name: i18n keys or the server's text, shown under the inputs. */
export type FieldErrors = Record<string, string>;

export type FormParseResult<Payload> = { ok: true; payload: Payload } | { ok: false; errors: FieldErrors };

/**
 * A new employee: hired today, 25 vacation days, 10 sick days, no bank hours (the spec's defaults), and no
 * birthday until one is typed. Issue 27 departs from the spec's "born today": that default gave everyone
 * a birthday today on the dashboard, where the Employees table's 'Not set' is the truth.
 */
export function newEmployeeDefaults(today: string): EmployeeFormValues {
  return {
    name: '',
    email: '',
    role: '',
    hire_date: today,
    birthday: null,
    vacation_days_total: EMPLOYEE_DEFAULTS.vacationDaysTotal,
    sick_days_total: EMPLOYEE_DEFAULTS.sickDaysTotal,
    bank_hours_total: EMPLOYEE_DEFAULTS.bankHoursTotal,
  };
}

export function employeeFormValuesOf(employee: EmployeeRecord): EmployeeFormValues {
  return {
    name: employee.name,
    email: employee.email,
    role: employee.role,
    hire_date: employee.hire_date,
    birthday: employee.birthday,
    vacation_days_total: employee.vacation_days_total,
    sick_days_total: employee.sick_days_total,
    bank_hours_total: employee.bank_hours_total,
  };
}

export function balancesFormValuesOf(employee: EmployeeRecord): BalancesFormValues {
  return {
    vacation_days_total: employee.vacation_days_total,
    vacation_days_used: employee.vacation_days_used,
    sick_days_total: employee.sick_days_total,
    sick_days_used: employee.sick_days_used,
    bank_hours_total: employee.bank_hours_total,
    bank_hours_used: employee.bank_hours_used,
  };
}

/** Numbers stay numbers and dates stay YYYY-MM-DD (spec section 5); a cleared birthday is sent as null, "Not set". */
export function toEmployeePayload(values: EmployeeFormValues): FormParseResult<EmployeePayload> {
  const result = employeeInputSchema.safeParse({
    name: values.name,
    email: values.email,
    role: values.role ?? '',
    hire_date: values.hire_date || undefined,
    birthday: values.birthday || null,
    vacation_days_total: values.vacation_days_total,
    sick_days_total: values.sick_days_total,
    bank_hours_total: values.bank_hours_total,
  });
  return result.success
    ? { ok: true, payload: result.data }
    : { ok: false, errors: fieldErrorsOf(result.error.issues) };
}

/** Vacation days and bank hours cannot be used beyond their total; sick days can (the remainder goes negative). */
export function toBalancesPayload(values: BalancesFormValues): FormParseResult<BalancesPayload> {
  const result = employeeBalancesSchema.safeParse(values);
  if (!result.success) return { ok: false, errors: fieldErrorsOf(result.error.issues) };
  const balances = result.data;
  const errors: FieldErrors = {};
  if (balances.vacation_days_used > balances.vacation_days_total) {
    errors.vacation_days_used = 'resources.employees.balances.usedAboveTotal';
  }
  if (balances.bank_hours_used > balances.bank_hours_total) {
    errors.bank_hours_used = 'resources.employees.balances.usedAboveTotal';
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, payload: balances };
}

function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    const field = path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = message;
  }
  return errors;
}
