import { remainingIn, type Employee, type EmployeeRecord, type WorkPattern } from '@teamfolk/shared';
import {
  date,
  defineRecord,
  derived,
  instant,
  integer,
  nullableDate,
  nullableInteger,
  nullableJson,
  numeric,
  presence,
  rowOfModel,
  text,
} from '../db/record-definition';

const vacationDaysTotal = numeric('vacation_days_total');
const vacationDaysUsed = numeric('vacation_days_used');
const sickDaysTotal = numeric('sick_days_total');
const sickDaysUsed = numeric('sick_days_used');
const bankHoursTotal = numeric('bank_hours_total');
const bankHoursUsed = numeric('bank_hours_used');

/**
 * Spec section 3's employee with issue 29's leave fields, over `employees e`: `*_remaining` derived by
 * the balances rule, never stored; the figures are the ledger's, stored (balances.repository.ts).
 */
export const EMPLOYEE_RECORD = defineRecord<EmployeeRecord>()('employees', 'e', {
  id: integer('id'),
  name: text('name'),
  email: text('email'),
  role: text('job_role'),
  hire_date: date('hire_date'),
  birthday: nullableDate('birthday'),
  vacation_days_total: vacationDaysTotal,
  vacation_days_used: vacationDaysUsed,
  vacation_days_remaining: derived(remainingIn, vacationDaysTotal, vacationDaysUsed),
  sick_days_total: sickDaysTotal,
  sick_days_used: sickDaysUsed,
  sick_days_remaining: derived(remainingIn, sickDaysTotal, sickDaysUsed),
  bank_hours_total: bankHoursTotal,
  bank_hours_used: bankHoursUsed,
  bank_hours_remaining: derived(remainingIn, bankHoursTotal, bankHoursUsed),
  account_status: presence('user_id', 'active', 'invited'),
  work_pattern: nullableJson<'work_pattern', WorkPattern>('work_pattern'),
  end_date: nullableDate('end_date'),
  team_id: nullableInteger('team_id'),
  vacation_days_carried: numeric('vacation_days_carried'),
  vacation_days_expiring: numeric('vacation_days_expiring'),
  vacation_days_expiring_on: nullableDate('vacation_days_expiring_on'),
  created_at: instant('created_at'),
});

/** The record of a loaded model (a read by id, or after a write). */
export function employeeRecordOf(employee: Employee): EmployeeRecord {
  return EMPLOYEE_RECORD.of(rowOfModel(employee));
}
