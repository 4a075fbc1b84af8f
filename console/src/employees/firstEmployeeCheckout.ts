import { employeeInputSchema } from '@teamfolk/shared/contracts';
import type { NavigateFunction } from 'react-router';
import type { EmployeePayload } from './employeeForms';

/** Where the employee whose creation waits on the first payment is parked between the two screens. */
const PENDING_EMPLOYEE_STORAGE_KEY = 'pendingEmployeeData';
/** When the browser goes to the checkout: one second after the save answered that payment is needed. */
const CHECKOUT_REDIRECT_AT_STORAGE_KEY = 'pendingEmployeeCheckoutAt';

/** The billing screen's `setup` query value that makes it start the hosted checkout for the parked employee. */
export const FIRST_EMPLOYEE_SETUP = 'first-employee';
const FIRST_EMPLOYEE_SETUP_PATH = `/dashboard/billing?setup=${FIRST_EMPLOYEE_SETUP}`;

/**
 * The first employee is created only once the company has paid (spec section 4): the billing screen
 * posts the parked employee to /billing/create-checkout-session and sends the browser to the checkout
 * at `redirectAt` (spec section 9: one second after the admin is told), the call and the screen's
 * loading running meanwhile rather than before the second starts.
 */
export function handOffFirstEmployeeToCheckout(
  employee: EmployeePayload,
  navigate: NavigateFunction,
  redirectAt: number,
): void {
  sessionStorage.setItem(PENDING_EMPLOYEE_STORAGE_KEY, JSON.stringify(employee));
  sessionStorage.setItem(CHECKOUT_REDIRECT_AT_STORAGE_KEY, String(redirectAt));
  navigate(FIRST_EMPLOYEE_SETUP_PATH);
}

/** When the parked employee's checkout opens (epoch ms), or undefined. */
export function readCheckoutRedirectAt(): number | undefined {
  const stored = Number(sessionStorage.getItem(CHECKOUT_REDIRECT_AT_STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : undefined;
}

/** The parked employee, or undefined when there is none or what is stored is no longer a valid employee. */
export function readPendingEmployee(): EmployeePayload | undefined {
  const stored = sessionStorage.getItem(PENDING_EMPLOYEE_STORAGE_KEY);
  if (!stored) return undefined;
  try {
    const parsed = employeeInputSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Once the payment is confirmed or cancelled the employee no longer waits for it. */
export function clearPendingEmployee(): void {
  sessionStorage.removeItem(PENDING_EMPLOYEE_STORAGE_KEY);
  sessionStorage.removeItem(CHECKOUT_REDIRECT_AT_STORAGE_KEY);
}
