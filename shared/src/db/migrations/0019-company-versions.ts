import type { Migration } from '../migrator';

/** Slots of a company's version, as in 0018. */
const SLOTS = 16;

/** The trigger functions of 0018, written for `table` and `sequence`. */
function versionFunctions(table: string, sequence: string, changed: string, truncated: string): string {
  return `
      CREATE FUNCTION ${changed}() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        DECLARE
          company integer := CASE TG_OP WHEN 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
        BEGIN
          IF EXISTS (SELECT 1 FROM data_erasures WHERE company_id = company AND erased_at IS NOT NULL) THEN
            RETURN NULL;
          END IF;
          INSERT INTO ${table} AS current (company_id, slot)
            SELECT company, pg_current_xact_id()::text::bigint % ${SLOTS}
             WHERE EXISTS (SELECT 1 FROM companies WHERE id = company)
          ON CONFLICT (company_id, slot) DO UPDATE
            SET version = nextval('${sequence}'), changed_by = pg_current_xact_id()
            WHERE current.changed_by <> pg_current_xact_id();
          RETURN NULL;
        END
      $$;
      REVOKE ALL ON FUNCTION ${changed}() FROM PUBLIC;
      CREATE FUNCTION ${truncated}() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        BEGIN
          INSERT INTO ${table} AS current (company_id, slot)
            SELECT c.id, 0 FROM companies c
             WHERE NOT EXISTS (SELECT 1 FROM data_erasures d WHERE d.company_id = c.id AND d.erased_at IS NOT NULL)
          ON CONFLICT (company_id, slot) DO UPDATE
            SET version = nextval('${sequence}'), changed_by = pg_current_xact_id();
          RETURN NULL;
        END
      $$;
      REVOKE ALL ON FUNCTION ${truncated}() FROM PUBLIC;`;
}

/** A deferred trigger per row and one per TRUNCATE on `table`, calling the version functions. */
function versionTriggers(table: string, changed: string, truncated: string, name: string): string {
  return `
      CREATE CONSTRAINT TRIGGER ${table}_${name}
        AFTER INSERT OR UPDATE OR DELETE ON ${table}
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION ${changed}();
      CREATE TRIGGER ${table}_truncated_${name}
        AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION ${truncated}();`;
}

/**
 * 0018's calendar version becomes the company's data version: it changes whenever the company's
 * leave or people do, in the same commit. Every kept reply hangs on it (services/src/http/kept-replies.ts):
 * calendar months, list pages and upcoming events, which read leave requests and employees only.
 * The signed-in request reads it in the session query, so checking a kept reply costs no round trip
 * of its own. An employee's name, balances or removal reach the lists at once, and an erased
 * person's name leaves every kept reply with the erasure's commit.
 */
export const companyVersions: Migration = {
  name: '0019-company-versions',
  async up({ context: sequelize }) {
    await sequelize.query(`
      DROP TRIGGER leave_requests_truncated_calendar_version ON leave_requests;
      DROP TRIGGER leave_requests_calendar_version ON leave_requests;
      DROP FUNCTION teamfolk_leave_truncated();
      DROP FUNCTION teamfolk_leave_changed();
      ALTER TABLE calendar_versions RENAME TO company_versions;
      ALTER SEQUENCE calendar_versions_version_seq RENAME TO company_versions_version_seq;
      ALTER TABLE company_versions RENAME CONSTRAINT calendar_versions_pkey TO company_versions_pkey;
      ${versionFunctions('company_versions', 'company_versions_version_seq', 'teamfolk_company_data_changed', 'teamfolk_company_data_truncated')}
      ${versionTriggers('leave_requests', 'teamfolk_company_data_changed', 'teamfolk_company_data_truncated', 'company_version')}
      ${versionTriggers('employees', 'teamfolk_company_data_changed', 'teamfolk_company_data_truncated', 'company_version')}
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TRIGGER employees_truncated_company_version ON employees;
      DROP TRIGGER employees_company_version ON employees;
      DROP TRIGGER leave_requests_truncated_company_version ON leave_requests;
      DROP TRIGGER leave_requests_company_version ON leave_requests;
      DROP FUNCTION teamfolk_company_data_truncated();
      DROP FUNCTION teamfolk_company_data_changed();
      ALTER TABLE company_versions RENAME CONSTRAINT company_versions_pkey TO calendar_versions_pkey;
      ALTER SEQUENCE company_versions_version_seq RENAME TO calendar_versions_version_seq;
      ALTER TABLE company_versions RENAME TO calendar_versions;
      ${versionFunctions('calendar_versions', 'calendar_versions_version_seq', 'teamfolk_leave_changed', 'teamfolk_leave_truncated')}
      ${versionTriggers('leave_requests', 'teamfolk_leave_changed', 'teamfolk_leave_truncated', 'calendar_version')}
    `);
  },
};
