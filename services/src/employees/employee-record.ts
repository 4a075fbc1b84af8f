import { remaining, type Employee, type EmployeeRecord } from '@teamfolk/shared';

/** The employees columns every read selects, in one place. */
export const EMPLOYEE_COLUMNS = `e.id, e.name, e.email, e.job_role, e.hire_date, e.birthday, e.user_id, e.created_at,
  e.vacation_days_total, e.vacation_days_used, e.sick_days_total, e.sick_days_used,
  e.bank_hours_total, e.bank_hours_used`;

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
