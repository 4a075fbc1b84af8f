/** The API's services, repository functions and records the workers use too: the same rules, without the HTTP layer. */
export { BalancesService } from './balances/balances.service';
export { BillingService, type FinishedCheckouts } from './billing/billing.service';
export { EmployeesService } from './employees/employees.service';
export { countSeats } from './employees/employees.repository';
export { EMPLOYEE_RECORD } from './employees/employee-record';
export { LEAVE_RECORD, toLeaveRecord, type LeaveRow } from './leaves/leave-record';
