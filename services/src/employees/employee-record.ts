import { remaining, type Employee, type EmployeeRecord } from '@teamfolk/shared';
import { isoTimestamp } from '../http/paged-select';

export interface EmployeeRow {
  id: number;
  name: string;
  email: string;
  job_role: string;
  hire_date: string;
  birthday: string | null;
  user_id: number | null;
  created_at: Date;
  vacation_days_total: string | number;
  vacation_days_used: string | number;
  sick_days_total: string | number;
  sick_days_used: string | number;
  bank_hours_total: string | number;
  bank_hours_used: string | number;
}

/** Spec section 3's shape: `*_remaining` derived from total and used, never stored. */
export function toEmployeeRecord(row: EmployeeRow): EmployeeRecord {
  const vacationTotal = Number(row.vacation_days_total);
  const vacationUsed = Number(row.vacation_days_used);
  const sickTotal = Number(row.sick_days_total);
  const sickUsed = Number(row.sick_days_used);
  const bankTotal = Number(row.bank_hours_total);
  const bankUsed = Number(row.bank_hours_used);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.job_role,
    hire_date: row.hire_date,
    birthday: row.birthday,
    vacation_days_total: vacationTotal,
    vacation_days_used: vacationUsed,
    vacation_days_remaining: remaining(vacationTotal, vacationUsed),
    sick_days_total: sickTotal,
    sick_days_used: sickUsed,
    sick_days_remaining: remaining(sickTotal, sickUsed),
    bank_hours_total: bankTotal,
    bank_hours_used: bankUsed,
    bank_hours_remaining: remaining(bankTotal, bankUsed),
    account_status: row.user_id ? 'active' : 'invited',
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** toEmployeeRecord's record as Postgres writes it (for lists): a select list over `employees e`. */
export const EMPLOYEE_RECORD_SELECT = `e.id, e.name, e.email, e.job_role AS role, e.hire_date, e.birthday,
  trim_scale(e.vacation_days_total) AS vacation_days_total, trim_scale(e.vacation_days_used) AS vacation_days_used,
  trim_scale(e.vacation_days_total - e.vacation_days_used) AS vacation_days_remaining,
  trim_scale(e.sick_days_total) AS sick_days_total, trim_scale(e.sick_days_used) AS sick_days_used,
  trim_scale(e.sick_days_total - e.sick_days_used) AS sick_days_remaining,
  trim_scale(e.bank_hours_total) AS bank_hours_total, trim_scale(e.bank_hours_used) AS bank_hours_used,
  trim_scale(e.bank_hours_total - e.bank_hours_used) AS bank_hours_remaining,
  CASE WHEN e.user_id IS NULL THEN 'invited' ELSE 'active' END AS account_status,
  ${isoTimestamp('e.created_at')} AS created_at`;

/** The same shape from a loaded model, after a write. */
export function employeeRecordOf(employee: Employee): EmployeeRecord {
  return toEmployeeRecord({
    id: employee.id,
    name: employee.name,
    email: employee.email,
    job_role: employee.jobRole,
    hire_date: employee.hireDate,
    birthday: employee.birthday,
    user_id: employee.userId,
    created_at: employee.createdAt,
    vacation_days_total: employee.vacationDaysTotal,
    vacation_days_used: employee.vacationDaysUsed,
    sick_days_total: employee.sickDaysTotal,
    sick_days_used: employee.sickDaysUsed,
    bank_hours_total: employee.bankHoursTotal,
    bank_hours_used: employee.bankHoursUsed,
  });
}
