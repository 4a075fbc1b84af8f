import type { LeaveStatus, Role } from '@teamfolk/shared/contracts';
import { leaveActionsFor } from './leaveActions';

const leave = (status: LeaveStatus, employee_id: number | null = 4) => ({ status, employee_id });
const signedIn = (role: Role) => ({ role });

describe('leave actions', () => {
  it('should let an admin decide pending requests and withdraw approved ones or their own', () => {
    expect(leaveActionsFor(signedIn('admin'), leave('pending'))).toEqual({ decide: true, withdraw: false });
    expect(leaveActionsFor(signedIn('admin'), leave('pending', null))).toEqual({ decide: true, withdraw: true });
    expect(leaveActionsFor(signedIn('admin'), leave('approved'))).toEqual({ decide: false, withdraw: true });
    expect(leaveActionsFor(signedIn('admin'), leave('rejected'))).toEqual({ decide: false, withdraw: false });
    expect(leaveActionsFor(signedIn('admin'), leave('cancelled'))).toEqual({ decide: false, withdraw: false });
  });

  it('should let an employee withdraw their pending requests and never decide', () => {
    expect(leaveActionsFor(signedIn('employee'), leave('pending'))).toEqual({ decide: false, withdraw: true });
    expect(leaveActionsFor(signedIn('employee'), leave('approved'))).toEqual({ decide: false, withdraw: false });
    expect(leaveActionsFor(undefined, leave('pending'))).toEqual({ decide: false, withdraw: false });
  });
});
