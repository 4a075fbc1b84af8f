import { redactSecrets, redactUrl } from './logger';

describe(redactUrl.name, () => {
  it('should hide tokens in paths and query strings and keep route names readable', () => {
    expect(redactUrl('/api/auth/invitation/Hk84i1bhdayAms12I47MU4DB39ZfxnUBYMDhww2vops')).toBe(
      '/api/auth/invitation/[redacted]',
    );
    expect(redactUrl('/api/calendar/feed/aB3dE6gH9jK2mN5pQ8sT1vW4.ics')).toBe('/api/calendar/feed/[redacted].ics');
    expect(redactUrl('/verify?token=abcdefghijklmnopqrstuvwxyz_0123')).toBe('/verify?token=[redacted]');
    expect(redactUrl('/api/billing/create-checkout-session')).toBe('/api/billing/create-checkout-session');
    expect(redactUrl('/api/employees/42/resend-invitation')).toBe('/api/employees/42/resend-invitation');
  });
});

describe(redactSecrets.name, () => {
  it('should redact secret keys at any depth without touching the logged object', () => {
    const logged = { user: { id: 7, passwordHash: 'argon2id$...' }, list: [{ apiKey: 'k' }], ok: true };
    expect(redactSecrets(logged)).toEqual({
      user: { id: 7, passwordHash: '[redacted]' },
      list: [{ apiKey: '[redacted]' }],
      ok: true,
    });
    expect(logged.user.passwordHash).toBe('argon2id$...');
    const clean = { a: { b: [1, 2] } };
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('should leave instances (errors, requests) to their serializers', () => {
    const error = Object.assign(new Error('boom'), { token: 'kept for the error serializer' });
    expect(redactSecrets({ err: error }).err).toBe(error);
  });
});
