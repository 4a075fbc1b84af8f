/** The API's services the workers run too: the same rules, without the HTTP layer around them. */
export { BillingService, type FinishedCheckouts } from './billing/billing.service';
export { EmployeesService } from './employees/employees.service';
