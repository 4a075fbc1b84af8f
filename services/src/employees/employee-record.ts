import { remaining, type Employee, type EmployeeRecord } from '@teamfolk/shared';
import { isoTimestamp } from '../http/paged-select';

/**
 * Spec section 3's shape from a loaded model (a read by id, or after a write): `*_remaining` derived
 * from total and used, never stored.
 */
export function employeeRecordOf(employee: Employee): EmployeeRecord {
  const vacationTotal = Number(employee.vacationDaysTotal);
  const vacationUsed = Number(employee.vacationDaysUsed);
  const sickTotal = Number(employee.sickDaysTotal);
  const sickUsed = Number(employee.sickDaysUsed);
  const bankTotal = Number(employee.bankHoursTotal);
  const bankUsed = Number(employee.bankHoursUsed);
  return {
    id: employee.id,
    name: employee.name,
    email: employee.email,
    role: employee.jobRole,
    hire_date: employee.hireDate,
    birthday: employee.birthday,
    vacation_days_total: vacationTotal,
    vacation_days_used: vacationUsed,
    vacation_days_remaining: remaining(vacationTotal, vacationUsed),
    sick_days_total: sickTotal,
    sick_days_used: sickUsed,
    sick_days_remaining: remaining(sickTotal, sickUsed),
    bank_hours_total: bankTotal,
    bank_hours_used: bankUsed,
    bank_hours_remaining: remaining(bankTotal, bankUsed),
    account_status: employee.userId ? 'active' : 'invited',
    created_at: new Date(employee.createdAt).toISOString(),
  };
}

/** employeeRecordOf's record as Postgres writes it (for lists): a select list over `employees e`. */
export const EMPLOYEE_RECORD_SELECT = `e.id, e.name, e.email, e.job_role AS role, e.hire_date, e.birthday,
  trim_scale(e.vacation_days_total) AS vacation_days_total, trim_scale(e.vacation_days_used) AS vacation_days_used,
  trim_scale(e.vacation_days_total - e.vacation_days_used) AS vacation_days_remaining,
  trim_scale(e.sick_days_total) AS sick_days_total, trim_scale(e.sick_days_used) AS sick_days_used,
  trim_scale(e.sick_days_total - e.sick_days_used) AS sick_days_remaining,
  trim_scale(e.bank_hours_total) AS bank_hours_total, trim_scale(e.bank_hours_used) AS bank_hours_used,
  trim_scale(e.bank_hours_total - e.bank_hours_used) AS bank_hours_remaining,
  CASE WHEN e.user_id IS NULL THEN 'invited' ELSE 'active' END AS account_status,
  ${isoTimestamp('e.created_at')} AS created_at`;
