import type { Migration } from '../migrator';

/**
 * The company's ledger context (services/src/balances/balances.repository.ts, `context`, answered
 * column for column): its today, holiday calendar and policy versions, which every ledger or
 * forecast read and every write of the ledger reads. As a PL/pgSQL function its plan is kept per
 * connection: as a statement Postgres planned it on every read. Its generic plan is the planned one
 * (primary keys of companies and leave_policies); a person's pending leave stays a statement, whose
 * generic plan would AND the company's pending requests with the person's. It runs as the caller,
 * row-level security included.
 */
export const ledgerContextFunction: Migration = {
  name: '0031-ledger-context-function',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE FUNCTION teamfolk_ledger_context(context_company integer)
        RETURNS TABLE (today text, country text, region text, policies json)
        LANGUAGE plpgsql STABLE AS $$
        #variable_conflict use_column
        BEGIN
          RETURN QUERY
          SELECT (now() AT TIME ZONE c.time_zone)::date::text, c.country, c.region,
                 coalesce((SELECT json_agg(json_build_object('appliesFromYear', p.applies_from_year, 'policy', p.policy)
                                           ORDER BY p.applies_from_year)
                             FROM leave_policies p WHERE p.company_id = c.id), '[]')
            FROM companies c WHERE c.id = context_company;
        END
      $$;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP FUNCTION teamfolk_ledger_context(integer);');
  },
};
