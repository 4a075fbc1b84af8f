/** The API's services and repository functions the workers run too: the same rules, without the HTTP layer. */
export { BillingService, type FinishedCheckouts } from './billing/billing.service';
export { EmployeesService } from './employees/employees.service';
export { countSeats } from './employees/employees.repository';
