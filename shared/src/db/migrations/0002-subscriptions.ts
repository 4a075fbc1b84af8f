import type { Migration } from '../migrator';

/** A company's subscription as the seat gate reads it; the billing issue adds the provider flows. */
export const subscriptions: Migration = {
  name: '0002-subscriptions',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE subscriptions (
        id serial PRIMARY KEY,
        company_id integer NOT NULL UNIQUE REFERENCES companies (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('incomplete', 'active', 'cancel_at_period_end', 'canceled')),
        current_period_end timestamptz,
        provider_customer_id text,
        provider_subscription_id text,
        default_payment_method_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX employees_company_active_idx ON employees (company_id) WHERE deleted_at IS NULL;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP INDEX employees_company_active_idx; DROP TABLE subscriptions;');
  },
};
