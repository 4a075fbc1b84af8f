import type { Migration } from '../migrator';

/**
 * Each person's derived ledger entries of the current leave year (carry-over, allowance, accrual,
 * expiry), kept with the stored figures by every write that stores them
 * (services/src/balances/balances.repository.ts), so the balances and low-uptake reports sum a
 * company's year in SQL, recorded entries included, instead of working out every ledger per request.
 * Figures stored before this migration are marked stale: the first read rewrites them, with their
 * derived entries, once.
 */
export const keptDerivedEntries: Migration = {
  name: '0026-kept-derived-entries',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE employees ADD COLUMN derived_entries_year integer, ADD COLUMN derived_entries jsonb;
      UPDATE employees SET balance_figures_valid_until = NULL WHERE balance_figures_valid_until IS NOT NULL;
      -- A company's leave year of recorded entries, summed without reading the heap.
      CREATE INDEX balance_entries_company_year_idx ON balance_entries (company_id, leave_year)
        INCLUDE (employee_id, balance, kind, figure, entry_date, amount);
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP INDEX balance_entries_company_year_idx;
      ALTER TABLE employees DROP COLUMN derived_entries_year, DROP COLUMN derived_entries;
    `);
  },
};
