import { z } from 'zod';
import { EMPLOYEE_DEFAULTS } from './constants';
import type { EmployeeLeaveRecord } from './leave-policy';
import { nameText } from './names';

/** A calendar date as the API speaks it: YYYY-MM-DD, and a real day (no 2026-02-30). */
export const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      // Postgres has no year 0: '0000-01-01' would pass the format and fail the query (a 500).
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '0001-01-01';
    }, `${field} is not a real date`);

export const MAX_BALANCE_DAYS = 366;
export const MAX_BALANCE_HOURS = 9_999;

/** Balances are kept to one decimal: 2.25 days is stored as 2.3. */
const balance = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .finite(`${field} must be a number`)
    .min(0, `${field} cannot be negative`)
    .max(max, `${field} cannot be above ${max}`)
    .transform((value) => Math.round(value * 10) / 10);

const employeeFields = {
  name: nameText('name', 120),
  email: z
    .string({ error: 'email is required' })
    .trim()
    .min(1, 'email is required')
    .max(254, 'email is too long')
    .pipe(z.email({ error: 'email must be a valid email address' }))
    .transform((value) => value.toLowerCase()),
  role: z.string({ error: 'role must be text' }).trim().max(120, 'role must be at most 120 characters'),
  hire_date: isoDate('hire_date'),
  birthday: isoDate('birthday').nullable(),
  vacation_days_total: balance('vacation_days_total', MAX_BALANCE_DAYS),
  sick_days_total: balance('sick_days_total', MAX_BALANCE_DAYS),
  bank_hours_total: balance('bank_hours_total', MAX_BALANCE_HOURS),
};

/** POST /employees: name and email required; the rest falls back to the spec's defaults (dates: today). */
export const employeeInputSchema = z.object({
  ...employeeFields,
  role: employeeFields.role.default(''),
  hire_date: employeeFields.hire_date.optional(),
  /** Absent: today (the spec's default); null: not set. */
  birthday: employeeFields.birthday.optional(),
  vacation_days_total: employeeFields.vacation_days_total.default(EMPLOYEE_DEFAULTS.vacationDaysTotal),
  sick_days_total: employeeFields.sick_days_total.default(EMPLOYEE_DEFAULTS.sickDaysTotal),
  bank_hours_total: employeeFields.bank_hours_total.default(EMPLOYEE_DEFAULTS.bankHoursTotal),
});
export type EmployeeInput = z.input<typeof employeeInputSchema>;

/** PUT /employees/:id: the same fields, each optional; an absent field keeps its value. */
export const employeeUpdateSchema = z.object(employeeFields).partial();
export type EmployeeUpdate = z.input<typeof employeeUpdateSchema>;

export const employeeBalancesSchema = z.object({
  vacation_days_total: balance('vacation_days_total', MAX_BALANCE_DAYS),
  vacation_days_used: balance('vacation_days_used', MAX_BALANCE_DAYS),
  sick_days_total: balance('sick_days_total', MAX_BALANCE_DAYS),
  sick_days_used: balance('sick_days_used', MAX_BALANCE_DAYS),
  bank_hours_total: balance('bank_hours_total', MAX_BALANCE_HOURS),
  bank_hours_used: balance('bank_hours_used', MAX_BALANCE_HOURS),
});
export type EmployeeBalancesInput = z.input<typeof employeeBalancesSchema>;

const BALANCE_FIELDS = Object.keys(employeeBalancesSchema.shape) as Array<keyof EmployeeBalancesInput>;

/**
 * The balances an edit started from, as PUT /employees/:id/balances takes them back in If-Match: the
 * save is refused (409) when they changed meanwhile, a leave decided or another admin's save, rather
 * than writing the used amounts the dialog opened with over the ones that moved since.
 */
export function balancesVersionOf(balances: Record<keyof EmployeeBalancesInput, number>): string {
  return `"${BALANCE_FIELDS.map((field) => balances[field]).join('/')}"`;
}

/** Whether the person has accepted the invitation and can sign in. */
export type EmployeeAccountStatus = 'invited' | 'active';

/** An employee as every employees route returns it (spec section 3, `*_remaining` derived). */
export interface EmployeeRecord extends EmployeeLeaveRecord {
  id: number;
  name: string;
  email: string;
  role: string;
  hire_date: string;
  birthday: string | null;
  vacation_days_total: number;
  vacation_days_used: number;
  vacation_days_remaining: number;
  sick_days_total: number;
  sick_days_used: number;
  sick_days_remaining: number;
  bank_hours_total: number;
  bank_hours_used: number;
  bank_hours_remaining: number;
  account_status: EmployeeAccountStatus;
  created_at: string;
}

export interface EmployeeSavedReply extends EmployeeRecord {
  message: string;
  /** Set when the employee was saved but the invitation e-mail could not be queued. */
  warning?: string;
}

/** 402 from POST /employees when the company cannot add a paid seat yet. */
export interface SeatRequiredError {
  message: string;
  error: string;
  requiresPayment: true;
  isFirstEmployee: boolean;
}

export interface SeatPreview {
  currentSeats: number;
  currentMonthlyCost: number;
  newSeatCost: number;
  newTotalCost: number;
  /**
   * Charged the moment the seat is added: with no subscription running, the checkout that adds it
   * charges the first month of every seat at once; added to a running subscription, nothing.
   */
  chargedNow: number;
  /** When the new monthly total is first charged: the running subscription's renewal, else null. */
  nextChargeOn: string | null;
}

/** Sort keys the employee list accepts (react-admin's `sort=["field","ASC"]`). */
export const EMPLOYEE_SORT_FIELDS = [
  'id',
  'name',
  'email',
  'role',
  'hire_date',
  'birthday',
  'created_at',
  'vacation_days_remaining',
  'sick_days_remaining',
  'bank_hours_remaining',
] as const;
