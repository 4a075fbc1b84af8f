import type { EmployeeRecord } from '@teamfolk/shared/contracts';
import { defaultExporter, type Exporter } from 'react-admin';

/** One row per employee with the list's columns spelled out (totals, used and remaining), for spreadsheets. */
export function toCsvRow(employee: EmployeeRecord) {
  return {
    name: employee.name,
    email: employee.email,
    role: employee.role,
    hire_date: employee.hire_date,
    birthday: employee.birthday ?? '',
    account_status: employee.account_status,
    vacation_days_total: employee.vacation_days_total,
    vacation_days_used: employee.vacation_days_used,
    vacation_days_remaining: employee.vacation_days_remaining,
    sick_days_total: employee.sick_days_total,
    sick_days_used: employee.sick_days_used,
    sick_days_remaining: employee.sick_days_remaining,
    bank_hours_total: employee.bank_hours_total,
    bank_hours_used: employee.bank_hours_used,
    bank_hours_remaining: employee.bank_hours_remaining,
  };
}

/** react-admin's CSV exporter (employees.csv) over the current search and sort, minus ids and timestamps. */
export const exportEmployees: Exporter<EmployeeRecord> = (employees, fetchRelatedRecords, dataProvider, resource) =>
  defaultExporter(employees.map(toCsvRow), fetchRelatedRecords, dataProvider, resource);
