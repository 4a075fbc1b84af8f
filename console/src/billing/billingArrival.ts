import type { EmployeePayload } from '../employees/employeeForms';
import { FIRST_EMPLOYEE_SETUP } from '../employees/firstEmployeeCheckout';

/**
 * Why the billing screen was opened, read from its address: the hosted checkout and card pages
 * return here with query parameters, and the employees screen sends the first employee here.
 */
export type BillingArrival =
  | { kind: 'firstEmployeeCheckout'; employee: EmployeePayload }
  | { kind: 'paymentCompleted'; sessionId: string }
  | { kind: 'paymentCanceled' }
  | { kind: 'cardSaved'; sessionId: string }
  | { kind: 'cardSetupCanceled' }
  | { kind: 'plain' };

/** `pendingEmployee` is the employee parked by the employees screen, if any. */
export function billingArrivalOf(
  search: URLSearchParams,
  pendingEmployee: EmployeePayload | undefined,
): BillingArrival {
  const sessionId = search.get('session_id');
  const setup = search.get('setup');
  if (search.get('success') === 'true' && sessionId) return { kind: 'paymentCompleted', sessionId };
  if (search.get('canceled') === 'true') return { kind: 'paymentCanceled' };
  if (setup === 'success' && sessionId) return { kind: 'cardSaved', sessionId };
  if (setup === 'canceled') return { kind: 'cardSetupCanceled' };
  if (setup === FIRST_EMPLOYEE_SETUP && pendingEmployee)
    return { kind: 'firstEmployeeCheckout', employee: pendingEmployee };
  return { kind: 'plain' };
}
