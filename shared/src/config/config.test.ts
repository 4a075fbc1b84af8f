import { paymentsSettingsOf } from '../billing/payments';
import { loadConfig } from './config';

const base = {
  DATABASE_URL: 'postgres://localhost/teamfolk',
  REDIS_URL: 'redis://localhost:6379',
  SMTP_URL: 'smtp://localhost:1025',
};
const production = { ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };

describe('payments configuration', () => {
  it('should run the local payments test mode when no Stripe key is set, outside production', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'development', STRIPE_SECRET_KEY: '' });
    expect(paymentsSettingsOf(config)).toMatchObject({ mode: 'local', appUrl: 'http://localhost:3000' });
  });

  it('should refuse production without a Stripe key, or with a key but no webhook secret', () => {
    expect(() => loadConfig(production)).toThrow(/STRIPE_SECRET_KEY must be set in production/);
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => paymentsSettingsOf({ APP_URL: 'https://teamfolk.example', NODE_ENV: 'production' })).toThrow(
      /local payments test mode is refused/,
    );
  });

  it('should use Stripe when a key is set, through STRIPE_API_URL when given', () => {
    const config = loadConfig({
      ...production,
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(paymentsSettingsOf(config)).toEqual({
      mode: 'stripe',
      appUrl: 'http://localhost:3000',
      stripeSecretKey: 'sk_live_x',
      stripeWebhookSecret: 'whsec_x',
      stripePriceId: undefined,
      stripeApiUrl: 'http://127.0.0.1:12111',
    });
  });
});
