import { paymentsSettingsOf } from '../billing/payments';
import { loadConfig, loadMigrationConfig } from './config';

const base = {
  DATABASE_URL: 'postgres://localhost/teamfolk',
  REDIS_URL: 'redis://localhost:6379',
  SMTP_URL: 'smtp://localhost:1025',
};
const production = {
  ...base,
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  DATABASE_APP_URL: 'postgres://teamfolk_app:secret@localhost/teamfolk',
};

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

describe('database roles', () => {
  it('should derive the application role from the owner URL outside production, and require it in production', () => {
    expect(loadConfig(base).DATABASE_APP_URL).toMatch(/^postgres:\/\/teamfolk_app:[^@]+@localhost\/teamfolk$/);
    const { DATABASE_APP_URL: _unset, ...withoutAppUrl } = production;
    expect(() =>
      loadConfig({ ...withoutAppUrl, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).toThrow(/DATABASE_APP_URL must be set in production/);
  });
});

describe('session, proxy and rate-limit configuration', () => {
  it('should default to 30 idle minutes, 12 hours at most, a proxy on the loopback only and the sign-in limits', () => {
    expect(loadConfig(base)).toMatchObject({
      SESSION_IDLE_MINUTES: 30,
      SESSION_MAX_HOURS: 12,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_WINDOW_SECONDS: 900,
      RATE_LIMIT_LOGIN_PER_ACCOUNT: 10,
      RATE_LIMIT_LOGIN_PER_IP: 100,
      RATE_LIMIT_LOGIN_PER_DEVICE: 10,
      RATE_LIMIT_SIGNUP_PER_ACCOUNT: 5,
      RATE_LIMIT_SIGNUP_PER_IP: 20,
      RATE_LIMIT_RESEND_PER_ACCOUNT: 5,
      RATE_LIMIT_RESEND_PER_IP: 20,
      RATE_LIMIT_INVITATION_PER_ACCOUNT: 10,
      RATE_LIMIT_INVITATION_PER_IP: 50,
      RATE_LIMIT_DECISION_PER_ACCOUNT: 10,
      RATE_LIMIT_DECISION_PER_IP: 50,
      RATE_LIMIT_TAKEN_ADDRESS_PER_ADMIN: 5,
      RATE_LIMIT_TAKEN_ADDRESS_PER_COMPANY: 10,
      RATE_LIMIT_TAKEN_ADDRESS_WINDOW_SECONDS: 86400,
    });
  });

  it("should read TRUST_PROXY as Express's trust proxy setting", () => {
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).TRUST_PROXY).toBe('10.0.0.0/8, 192.168.1.5');
  });

  it('should refuse an inactivity limit longer than the session itself, and limits below one', () => {
    expect(() => loadConfig({ ...base, SESSION_IDLE_MINUTES: '120', SESSION_MAX_HOURS: '1' })).toThrow(
      /SESSION_IDLE_MINUTES must not be longer than SESSION_MAX_HOURS/,
    );
    expect(() => loadConfig({ ...base, RATE_LIMIT_LOGIN_PER_ACCOUNT: '0' })).toThrow(/RATE_LIMIT_LOGIN_PER_ACCOUNT/);
  });
});

describe('operator configuration', () => {
  const productionWithStripe = { ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it('should leave the operator routes closed without credentials, and serve the workers on port 9464', () => {
    const unset = loadConfig(base);
    expect([unset.OPS_USERNAME, unset.OPS_PASSWORD, unset.OPS_PORT]).toEqual([undefined, undefined, 9464]);
    const empty = loadConfig({ ...base, OPS_USERNAME: '', OPS_PASSWORD: '' });
    expect([empty.OPS_USERNAME, empty.OPS_PASSWORD]).toEqual([undefined, undefined]);
    expect(loadConfig({ ...base, OPS_PORT: '9100' }).OPS_PORT).toBe(9100);
  });

  it('should refuse a username without a password, or the other way round', () => {
    expect(() => loadConfig({ ...base, OPS_USERNAME: 'operator' })).toThrow(/OPS_PASSWORD: OPS_USERNAME and/);
    expect(() => loadConfig({ ...base, OPS_PASSWORD: 'a password' })).toThrow(/OPS_USERNAME: OPS_USERNAME and/);
  });

  it('should require 16 characters of password in production only, and no colon in the username', () => {
    expect(() =>
      loadConfig({ ...productionWithStripe, OPS_USERNAME: 'operator', OPS_PASSWORD: 'x'.repeat(15) }),
    ).toThrow(/OPS_PASSWORD must be at least 16 characters in production/);
    expect(
      loadConfig({ ...productionWithStripe, OPS_USERNAME: 'operator', OPS_PASSWORD: 'x'.repeat(16) }).OPS_PASSWORD,
    ).toBe('x'.repeat(16));
    expect(loadConfig({ ...base, OPS_USERNAME: 'operator', OPS_PASSWORD: 'short' }).OPS_PASSWORD).toBe('short');
    expect(() => loadConfig({ ...base, OPS_USERNAME: 'ops:admin', OPS_PASSWORD: 'short' })).toThrow(
      /OPS_USERNAME cannot contain a colon/,
    );
  });
});

describe('migrations at start-up or as a separate step', () => {
  const productionWithStripe = { ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
  const { DATABASE_URL: _owner, ...productionWithoutOwner } = productionWithStripe;

  it('should migrate at start-up unless MIGRATE_ON_START is false', () => {
    expect(loadConfig(base).MIGRATE_ON_START).toBe(true);
    expect(loadConfig({ ...base, MIGRATE_ON_START: 'false' }).MIGRATE_ON_START).toBe(false);
    expect(() => loadConfig({ ...base, MIGRATE_ON_START: 'later' })).toThrow(/MIGRATE_ON_START/);
  });

  it('should start without the schema owner URL only when it neither migrates nor derives the application login', () => {
    const withoutOwner = loadConfig({ ...productionWithoutOwner, MIGRATE_ON_START: 'false' });
    expect(withoutOwner).toMatchObject({ DATABASE_URL: undefined, DATABASE_APP_URL: production.DATABASE_APP_URL });
    expect(() => loadConfig(productionWithoutOwner)).toThrow(/DATABASE_URL must be set, unless MIGRATE_ON_START=false/);
    const { DATABASE_URL: _unset, ...developmentWithoutOwner } = base;
    expect(() => loadConfig({ ...developmentWithoutOwner, MIGRATE_ON_START: 'false' })).toThrow(
      /DATABASE_URL must be set/,
    );
  });

  it('should give the migration step both connections without the API and workers settings', () => {
    const ownerOnly = { NODE_ENV: 'production', DATABASE_URL: production.DATABASE_URL };
    expect(loadMigrationConfig({ ...ownerOnly, DATABASE_APP_URL: production.DATABASE_APP_URL })).toEqual({
      NODE_ENV: 'production',
      DATABASE_URL: production.DATABASE_URL,
      DATABASE_APP_URL: production.DATABASE_APP_URL,
      LOG_LEVEL: 'info',
    });
    expect(() => loadMigrationConfig(ownerOnly)).toThrow(/DATABASE_APP_URL must be set in production/);
    expect(() => loadMigrationConfig({ DATABASE_APP_URL: production.DATABASE_APP_URL })).toThrow(/DATABASE_URL/);
    expect(loadMigrationConfig({ DATABASE_URL: base.DATABASE_URL }).DATABASE_APP_URL).toMatch(
      /^postgres:\/\/teamfolk_app:/,
    );
  });
});
