import type { Migration } from '../migrator';

/** The tables besides leave, people and blackouts that a leave preview reads, each with a company_id. */
const VERSIONED_TABLES = ['leave_policies', 'employee_work_patterns', 'balance_entries', 'teams', 'team_approvers'];

/**
 * A change to anything a leave preview reads is a change of the company's data (0019), so a preview
 * kept with the version (services/src/leaves/leaves.routes.ts) never outlives one: policies, working
 * patterns, balance entries, teams and their approvers join leave, people and blackouts, and so do
 * the company's holiday calendar and time zone, which say which days count and which day is today.
 */
export const previewVersions: Migration = {
  name: '0028-preview-versions',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ${VERSIONED_TABLES.map(
        (table) => `
      CREATE CONSTRAINT TRIGGER ${table}_company_version
        AFTER INSERT OR UPDATE OR DELETE ON ${table}
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION teamfolk_company_data_changed();
      CREATE TRIGGER ${table}_truncated_company_version
        AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION teamfolk_company_data_truncated();`,
      ).join('')}
      CREATE FUNCTION teamfolk_company_settings_changed() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM data_erasures WHERE company_id = NEW.id AND erased_at IS NOT NULL) THEN
            RETURN NULL;
          END IF;
          INSERT INTO company_versions AS current (company_id, slot)
            VALUES (NEW.id, pg_current_xact_id()::text::bigint % 16)
          ON CONFLICT (company_id, slot) DO UPDATE
            SET version = nextval('company_versions_version_seq'), changed_by = pg_current_xact_id()
            WHERE current.changed_by <> pg_current_xact_id();
          RETURN NULL;
        END
      $$;
      REVOKE ALL ON FUNCTION teamfolk_company_settings_changed() FROM PUBLIC;
      CREATE CONSTRAINT TRIGGER companies_company_version
        AFTER UPDATE OF country, region, time_zone ON companies
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW
        WHEN (OLD.country IS DISTINCT FROM NEW.country OR OLD.region IS DISTINCT FROM NEW.region
              OR OLD.time_zone IS DISTINCT FROM NEW.time_zone)
        EXECUTE FUNCTION teamfolk_company_settings_changed();
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TRIGGER companies_company_version ON companies;
      DROP FUNCTION teamfolk_company_settings_changed();
      ${VERSIONED_TABLES.map(
        (table) => `
      DROP TRIGGER ${table}_truncated_company_version ON ${table};
      DROP TRIGGER ${table}_company_version ON ${table};`,
      ).join('')}
    `);
  },
};
