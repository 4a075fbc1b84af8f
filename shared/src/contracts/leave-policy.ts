import { z } from 'zod';
import { leavePolicyTexts } from './balance-texts';
import { DEFAULT_WORKDAY_HOURS, EMPLOYEE_DEFAULTS } from './constants';
import { employeeTeamField } from './teams';
import {
  employeeBalancesSchema,
  employeeInputSchema,
  employeeUpdateSchema,
  isoDate,
  MAX_BALANCE_DAYS,
} from './employees';

/**
 * The leave policy of a company (GET/PUT /api/leave-policy) and the leave fields of an employee
 * (issue 29). Days and hours are kept to one decimal; a value with more decimals is refused rather
 * than rounded, so what an admin typed is what the rules use.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Hours of work per weekday: 0 is a day off. */
export type WorkPattern = Record<Weekday, number>;

export const ACCRUAL_METHODS = ['upfront', 'monthly'] as const;
export type AccrualMethod = (typeof ACCRUAL_METHODS)[number];

/** Carried days expire at the latest at the end of the year's 11th month: the expiry stays inside the year. */
export const MAX_CARRY_OVER_EXPIRY_MONTHS = 11;
export const MAX_CREDIT_EXPIRY_MONTHS = 120;

/** Monday to Friday, the company's working day each; the weekend off. */
export const DEFAULT_WORK_PATTERN: Readonly<WorkPattern> = Object.freeze({
  mon: DEFAULT_WORKDAY_HOURS,
  tue: DEFAULT_WORKDAY_HOURS,
  wed: DEFAULT_WORKDAY_HOURS,
  thu: DEFAULT_WORKDAY_HOURS,
  fri: DEFAULT_WORKDAY_HOURS,
  sat: 0,
  sun: 0,
});

/** Whether a number has at most one decimal (7.5 yes, 7.25 no), allowing for binary floating point. */
export function hasOneDecimal(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;
}

const oneDecimalNumber = (field: string, unit: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number of ${unit}` })
    .finite(`${field} must be a number of ${unit}`)
    .min(min, min === 0 ? `${field} cannot be negative` : `${field} must be at least ${min}`)
    .max(max, `${field} cannot be above ${max}`)
    .refine(hasOneDecimal, `${field} must have at most one decimal`);

const wholeMonths = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a whole number of months` })
    .int(`${field} must be a whole number of months`)
    .min(0, `${field} cannot be negative`)
    .max(max, `${field} cannot be above ${max}`);

/** A week of working hours (each day 0–24, one decimal), with at least one working day. */
export const workPatternSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, oneDecimalNumber(`work_pattern.${day}`, 'hours', 0, 24)])) as Record<
      Weekday,
      ReturnType<typeof oneDecimalNumber>
    >,
    { error: 'work_pattern must be an object of hours per weekday (mon … sun)' },
  )
  .refine((pattern) => WEEKDAYS.some((day) => pattern[day] > 0), leavePolicyTexts.noWorkingDay);

const leaveYearStartMonth = z
  .number({ error: 'leave_year_start_month must be a month number (1–12)' })
  .int('leave_year_start_month must be a month number (1–12)')
  .min(1, 'leave_year_start_month must be a month number (1–12)')
  .max(12, 'leave_year_start_month must be a month number (1–12)');

const vacationFields = {
  annual_days: oneDecimalNumber('vacation.annual_days', 'days', 0, MAX_BALANCE_DAYS),
  accrual: z.enum(ACCRUAL_METHODS, { error: `vacation.accrual must be one of: ${ACCRUAL_METHODS.join(', ')}` }),
  carry_over_max_days: oneDecimalNumber('vacation.carry_over_max_days', 'days', 0, MAX_BALANCE_DAYS),
  /** 0: carried days never expire. */
  carry_over_expiry_months: wholeMonths('vacation.carry_over_expiry_months', MAX_CARRY_OVER_EXPIRY_MONTHS),
  pro_rata: z.boolean({ error: 'vacation.pro_rata must be true or false' }),
};
const sickFields = { annual_days: oneDecimalNumber('sick.annual_days', 'days', 0, MAX_BALANCE_DAYS) };
const hoursBankFields = {
  /** 0: credits never expire. */
  credit_expiry_months: wholeMonths('hours_bank.credit_expiry_months', MAX_CREDIT_EXPIRY_MONTHS),
};

/**
 * The whole policy; every absent field takes its default, so `leavePolicySchema.parse({})` is the
 * policy of a company that never set one (January year, 25 days upfront, nothing carried, no pro
 * rata, 10 sick days, credits never expire, Monday–Friday 8 hours). Use it to read a stored policy.
 */
export const leavePolicySchema = z.object({
  leave_year_start_month: leaveYearStartMonth.default(1),
  vacation: z
    .object(
      {
        annual_days: vacationFields.annual_days.default(EMPLOYEE_DEFAULTS.vacationDaysTotal),
        accrual: vacationFields.accrual.default('upfront'),
        carry_over_max_days: vacationFields.carry_over_max_days.default(0),
        carry_over_expiry_months: vacationFields.carry_over_expiry_months.default(0),
        pro_rata: vacationFields.pro_rata.default(false),
      },
      { error: 'vacation must be an object' },
    )
    .prefault({}),
  sick: z
    .object(
      { annual_days: sickFields.annual_days.default(EMPLOYEE_DEFAULTS.sickDaysTotal) },
      {
        error: 'sick must be an object',
      },
    )
    .prefault({}),
  hours_bank: z
    .object(
      { credit_expiry_months: hoursBankFields.credit_expiry_months.default(0) },
      {
        error: 'hours_bank must be an object',
      },
    )
    .prefault({}),
  work_pattern: workPatternSchema.default({ ...DEFAULT_WORK_PATTERN }),
});
export type LeavePolicy = z.output<typeof leavePolicySchema>;
export type LeavePolicyInput = z.input<typeof leavePolicySchema>;

export const DEFAULT_LEAVE_POLICY: LeavePolicy = leavePolicySchema.parse({});

/** PUT /api/leave-policy: any part of the policy; what is absent keeps its current value (mergeLeavePolicy). */
export const leavePolicyUpdateSchema = z.object({
  leave_year_start_month: leaveYearStartMonth.optional(),
  vacation: z.object(vacationFields, { error: 'vacation must be an object' }).partial().optional(),
  sick: z.object(sickFields, { error: 'sick must be an object' }).partial().optional(),
  hours_bank: z.object(hoursBankFields, { error: 'hours_bank must be an object' }).partial().optional(),
  work_pattern: workPatternSchema.optional(),
});
export type LeavePolicyUpdate = z.output<typeof leavePolicyUpdateSchema>;

/** The policy after a PUT: the sent parts over the current policy. */
export function mergeLeavePolicy(current: LeavePolicy, update: LeavePolicyUpdate): LeavePolicy {
  return {
    leave_year_start_month: update.leave_year_start_month ?? current.leave_year_start_month,
    vacation: { ...current.vacation, ...definedFields(update.vacation) },
    sick: { ...current.sick, ...definedFields(update.sick) },
    hours_bank: { ...current.hours_bank, ...definedFields(update.hours_bank) },
    work_pattern: { ...(update.work_pattern ?? current.work_pattern) },
  };
}

function definedFields<T extends object>(fields: T | undefined): Partial<T> {
  if (!fields) return {};
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * The leave fields of an employee, for the create and update schemas of /api/employees (each
 * optional there): their own working pattern (null: the company's), from when it applies, and the
 * last day of employment (null: none; for pro rata).
 * Checking end_date against hire_date (leavePolicyTexts.endBeforeHire) needs both: the caller does it.
 */
export const employeeLeaveFields = {
  work_pattern: workPatternSchema.nullable(),
  /** The day a changed work_pattern takes effect (absent: today); earlier days keep the pattern they had. */
  work_pattern_from: isoDate('work_pattern_from'),
  end_date: isoDate('end_date').nullable(),
};

const optionalLeaveFields = {
  /** The person's team (issue 30): null, or absent on create, is no team; absent on update keeps it. */
  team_id: employeeTeamField.team_id.optional(),
  work_pattern: employeeLeaveFields.work_pattern.optional(),
  work_pattern_from: employeeLeaveFields.work_pattern_from.optional(),
  end_date: employeeLeaveFields.end_date.optional(),
};

/**
 * POST /api/employees with the leave fields. vacation_days_total and sick_days_total set the person's
 * own annual allowance; absent, they follow the policy's (the reply shows its figures).
 */
export const employeeCreateSchema = employeeInputSchema.extend({
  ...optionalLeaveFields,
  vacation_days_total: employeeUpdateSchema.shape.vacation_days_total,
  sick_days_total: employeeUpdateSchema.shape.sick_days_total,
});
export type EmployeeCreateParsed = z.output<typeof employeeCreateSchema>;

/** PUT /api/employees/:id with the leave fields; an absent field keeps its value. */
export const employeeChangeSchema = employeeUpdateSchema.extend(optionalLeaveFields);
export type EmployeeChangeParsed = z.output<typeof employeeChangeSchema>;

/** What an employee record adds (list, record, create and update replies): the current leave year's carry-over. */
export interface EmployeeLeaveRecord {
  /** The person's team (issue 30); null: in no team. */
  team_id: number | null;
  work_pattern: WorkPattern | null;
  end_date: string | null;
  /** Days carried into the current leave year. */
  vacation_days_carried: number;
  /** Carried days still to expire this year unless used (projected with nothing more taken); 0 when none. */
  vacation_days_expiring: number;
  /** The last day the expiring days can be used; null when nothing is to expire. */
  vacation_days_expiring_on: string | null;
}

/** PUT /api/employees/:id/balances: the six figures, with an optional note written on the adjustments. */
export const employeeBalancesWithNoteSchema = employeeBalancesSchema.extend({
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(500, 'note must be at most 500 characters')
    .optional()
    .transform((note) => note || null),
});
export type EmployeeBalancesWithNoteInput = z.input<typeof employeeBalancesWithNoteSchema>;
