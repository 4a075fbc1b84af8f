import { subscriptionNoticeFor } from './subscriptionNotice';

describe(subscriptionNoticeFor.name, () => {
  const admin = { role: 'admin' as const, subscriptionExpired: true };
  const employee = { role: 'employee' as const, subscriptionExpired: true };

  it('should show nothing while the subscription runs, or to nobody signed in', () => {
    expect(subscriptionNoticeFor({ ...admin, subscriptionExpired: false }, '/dashboard')).toBeNull();
    expect(subscriptionNoticeFor(null, '/dashboard')).toBeNull();
  });

  it('should lead admins to Billing and tell employees to ask an admin, on every screen', () => {
    for (const pathname of ['/dashboard', '/dashboard/employees', '/dashboard/leaves', '/dashboard/calendar']) {
      expect(subscriptionNoticeFor(admin, pathname)).toEqual({ action: 'openBilling' });
      expect(subscriptionNoticeFor(employee, pathname)).toEqual({ action: 'contactAdmin' });
    }
  });

  it('should leave the Billing screen to its subscription tab', () => {
    expect(subscriptionNoticeFor(admin, '/dashboard/billing')).toBeNull();
  });
});
