import type { Migration } from '../migrator';

/**
 * Billing: the provider's view of each subscription (seat quantity, when its state was last taken
 * in, so older webhook events cannot roll it back), checkouts with the employee they were started
 * for, monthly billing cycles, processed webhook events, the local payments test mode's objects,
 * and each company's data erasure after its subscription ended.
 */
export const billing: Migration = {
  name: '0005-billing',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE subscriptions
        ADD COLUMN seat_quantity integer,
        ADD COLUMN ended_at timestamptz,
        ADD COLUMN provider_state_at timestamptz,
        ADD COLUMN sync_requested_at timestamptz;
      CREATE INDEX subscriptions_provider_subscription_idx ON subscriptions (provider_subscription_id);
      CREATE INDEX subscriptions_provider_customer_idx ON subscriptions (provider_customer_id);

      -- The pending employee is kept here, never trusted back from the browser; completed_at makes
      -- the activation (and the employee) happen once, confirmed_at the one reply that reports it.
      CREATE TABLE billing_checkouts (
        session_id text PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        mode text NOT NULL CHECK (mode IN ('subscription', 'setup')),
        pending_employee jsonb,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        completed_at timestamptz,
        confirmed_at timestamptz,
        employee_id integer REFERENCES employees (id) ON DELETE SET NULL,
        payment_method_id text,
        warning text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX billing_checkouts_company_idx ON billing_checkouts (company_id, created_at DESC);

      -- Kept after a company's personal data is erased: they carry no personal data.
      CREATE TABLE billing_cycles (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        billing_date date NOT NULL,
        seat_count integer NOT NULL CHECK (seat_count >= 0),
        amount_due integer NOT NULL CHECK (amount_due >= 0),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
        paid_at timestamptz,
        provider_invoice_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (company_id, billing_date)
      );

      CREATE TABLE stripe_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        company_id integer REFERENCES companies (id) ON DELETE SET NULL,
        provider_created_at timestamptz NOT NULL,
        outcome text NOT NULL DEFAULT 'applied',
        processed_at timestamptz NOT NULL DEFAULT now()
      );

      -- The local payments test mode keeps its customers, sessions, cards, subscriptions and
      -- invoices here, shaped like the provider's, so they survive restarts.
      CREATE TABLE local_payment_objects (
        id text PRIMARY KEY,
        type text NOT NULL CHECK (type IN ('customer', 'checkout_session', 'setup_intent', 'payment_method', 'subscription', 'invoice')),
        company_id integer REFERENCES companies (id) ON DELETE CASCADE,
        customer_id text,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX local_payment_objects_customer_idx ON local_payment_objects (customer_id, type);

      CREATE TABLE data_erasures (
        company_id integer PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
        subscription_ended_at timestamptz NOT NULL,
        notice_sent_at timestamptz,
        erased_at timestamptz,
        summary jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TABLE data_erasures, local_payment_objects, stripe_events, billing_cycles, billing_checkouts;
      DROP INDEX subscriptions_provider_subscription_idx, subscriptions_provider_customer_idx;
      ALTER TABLE subscriptions
        DROP COLUMN seat_quantity, DROP COLUMN ended_at, DROP COLUMN provider_state_at, DROP COLUMN sync_requested_at;
    `);
  },
};
