import type { Migration } from '../migrator';
import { APP_ROLE } from '../roles';

/**
 * Data rights (GDPR Art. 15, 20): exports of the company's data or of one person's, made by a job
 * and kept here, where both the API (which serves the download) and the workers (which write the
 * file) reach them, until the download window ends. Row-level security as on every tenant table;
 * the daily retention run empties expired exports of every company through a function that returns
 * a count and nothing else.
 */
export const dataRights: Migration = {
  name: '0011-data-rights',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE data_exports (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        requested_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        scope text NOT NULL CHECK (scope IN ('company', 'self')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'ready', 'failed', 'expired')),
        content bytea,
        size_bytes integer,
        ready_at timestamptz,
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (status <> 'ready' OR (content IS NOT NULL AND expires_at IS NOT NULL))
      );
      CREATE INDEX data_exports_requester_idx ON data_exports (requested_by, created_at DESC);
      -- One export in the making per person and scope: asking again while it is made answers with it.
      CREATE UNIQUE INDEX data_exports_one_in_progress_key ON data_exports (requested_by, scope)
        WHERE status IN ('pending', 'running');
      CREATE INDEX data_exports_company_idx ON data_exports (company_id);
      CREATE INDEX data_exports_expiry_idx ON data_exports (expires_at) WHERE content IS NOT NULL;

      ALTER TABLE data_exports ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
      DO $$ BEGIN
        EXECUTE format('CREATE POLICY schema_owner ON data_exports TO %I USING (true) WITH CHECK (true)', current_user);
      END $$;
      CREATE POLICY company_rows ON data_exports
        USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());

      CREATE FUNCTION teamfolk_expire_data_exports(as_of timestamptz) RETURNS integer
        LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        WITH expired AS (
          UPDATE data_exports SET content = NULL, status = 'expired', updated_at = now()
           WHERE content IS NOT NULL AND expires_at <= as_of
          RETURNING 1
        )
        SELECT count(*)::integer FROM expired
      $$;
      REVOKE ALL ON FUNCTION teamfolk_expire_data_exports(timestamptz) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION teamfolk_expire_data_exports(timestamptz) TO ${APP_ROLE};
      GRANT SELECT, INSERT, UPDATE, DELETE ON data_exports TO ${APP_ROLE};
      GRANT USAGE, SELECT ON SEQUENCE data_exports_id_seq TO ${APP_ROLE};
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP FUNCTION teamfolk_expire_data_exports(timestamptz);
      DROP TABLE data_exports;
    `);
  },
};
