import type { LeaveRequestRecord, Role } from '@teamfolk/shared/contracts';
import { canAccess } from '../auth/canAccess';

export interface LeaveActions {
  /** Approve and reject. */
  decide: boolean;
  withdraw: boolean;
}

/**
 * Who may do what to a request (spec section 6, and the API's withdrawal rule): admins decide pending
 * requests; the owner withdraws a pending one, and an admin may also withdraw an approved one. An
 * employee only ever sees their own requests; an admin's own carry no employee.
 */
export function leaveActionsFor(
  role: Role | undefined,
  leave: Pick<LeaveRequestRecord, 'status' | 'employee_id'>,
): LeaveActions {
  const pending = leave.status === 'pending';
  if (canAccess(role, { resource: 'leaves', action: 'approve' })) {
    return { decide: pending, withdraw: leave.status === 'approved' || (pending && leave.employee_id === null) };
  }
  return { decide: false, withdraw: role === 'employee' && pending };
}
