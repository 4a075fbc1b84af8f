import type { LeaveRequestRecord } from '@teamfolk/shared/contracts';
import { canAccess, type AccessUser } from '@teamfolk/shared/rules';

export interface LeaveActions {
  /** Approve and reject. */
  decide: boolean;
  withdraw: boolean;
}

/**
 * The buttons of a request's row. Whether each may be offered is canAccess's answer; of a colleague's
 * pending request an admin is offered the decision, not the withdrawal. The API shows an employee
 * only their own requests, and an admin's own requests carry no employee.
 */
export function leaveActionsFor(
  user: AccessUser | null | undefined,
  leave: Pick<LeaveRequestRecord, 'status' | 'employee_id'>,
): LeaveActions {
  const record = { status: leave.status, own: user?.role !== 'admin' || leave.employee_id === null };
  const decide = canAccess(user, { resource: 'leaves', action: 'approve', record });
  const withdraw = canAccess(user, { resource: 'leaves', action: 'cancel', record }) && !(decide && !record.own);
  return { decide, withdraw };
}
