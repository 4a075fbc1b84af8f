import type { Migration } from '../migrator';

/**
 * Optional two-step sign-in (TOTP) for admins: one row per enrolled user holding the TOTP secret,
 * encrypted by the API (AES-256-GCM, never readable from the database alone), the time step of the
 * last accepted code (a code is never accepted twice), and when the second step was turned on
 * (null while the enrolment waits for its first code), and the wrong codes of the current window
 * (the per-user limit of the second step); and the single-use recovery codes, stored only as
 * argon2id hashes.
 */
export const twoFactor: Migration = {
  name: '0007-two-factor',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE user_two_factor (
        user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        secret_ciphertext text NOT NULL,
        enabled_at timestamptz,
        last_used_step integer,
        failed_attempts integer NOT NULL DEFAULT 0,
        failed_attempts_since timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX user_two_factor_company_idx ON user_two_factor (company_id);

      CREATE TABLE two_factor_recovery_codes (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX two_factor_recovery_codes_user_idx ON two_factor_recovery_codes (user_id) WHERE used_at IS NULL;
      CREATE INDEX two_factor_recovery_codes_company_idx ON two_factor_recovery_codes (company_id);
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`DROP TABLE two_factor_recovery_codes, user_two_factor;`);
  },
};
