import type { Migration } from '../migrator';

/**
 * The security log (ASVS 16.3.1, 16.3.2): every sign-in attempt, whatever its outcome, and every
 * request refused for want of a session or of a permission. company_id and user_id are null where
 * they are not known (a sign-in with an unknown e-mail, a request without a token). Kept apart from
 * audit_log, which records changes to business records.
 */
export const securityEvents: Migration = {
  name: '0006-security-events',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE security_events (
        id bigserial PRIMARY KEY,
        company_id integer REFERENCES companies (id) ON DELETE CASCADE,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        kind text NOT NULL,
        email text,
        ip text,
        user_agent text,
        request_id text,
        route text,
        status smallint,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX security_events_company_created_idx ON security_events (company_id, created_at);
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE security_events');
  },
};
