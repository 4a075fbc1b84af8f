import { canAccess } from './canAccess';

describe(canAccess.name, () => {
  it('should let an admin do everything', () => {
    expect(canAccess('admin', { resource: 'employees', action: 'delete' })).toBe(true);
    expect(canAccess('admin', { resource: 'billing', action: 'list' })).toBe(true);
    expect(canAccess('admin', { resource: 'leaves', action: 'approve' })).toBe(true);
  });

  it('should let an employee see the dashboard, leave requests and the calendar', () => {
    expect(canAccess('employee', { resource: 'dashboard', action: 'list' })).toBe(true);
    expect(canAccess('employee', { resource: 'leaves', action: 'list' })).toBe(true);
    expect(canAccess('employee', { resource: 'leaves', action: 'create' })).toBe(true);
    expect(canAccess('employee', { resource: 'calendar', action: 'export' })).toBe(true);
  });

  it('should keep employees away from employees, billing and approvals', () => {
    expect(canAccess('employee', { resource: 'employees', action: 'list' })).toBe(false);
    expect(canAccess('employee', { resource: 'billing', action: 'list' })).toBe(false);
    expect(canAccess('employee', { resource: 'leaves', action: 'approve' })).toBe(false);
  });

  it('should refuse everything to a signed-out visitor', () => {
    expect(canAccess(undefined, { resource: 'dashboard', action: 'list' })).toBe(false);
  });
});
