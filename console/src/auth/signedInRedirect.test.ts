import type { SessionUser } from '@teamfolk/shared/contracts';
import { signedInRedirect } from './signedInRedirect';

const user: SessionUser = {
  id: 1,
  role: 'admin',
  employeeName: 'Ada',
  email: 'ada@acme.test',
  emailVerified: true,
  companyName: 'Acme',
  subscriptionExpired: false,
  approvesTeams: [],
};

describe(signedInRedirect.name, () => {
  it('should send a signed-in visitor of the sign-in and sign-up pages to the dashboard', () => {
    expect(signedInRedirect({ user, loading: false })).toBe('/dashboard');
  });

  it('should show the page to a signed-out visitor, once a stored session has been checked', () => {
    expect(signedInRedirect({ user: null, loading: false })).toBeNull();
    expect(signedInRedirect({ user: null, loading: true })).toBe('wait');
  });
});
