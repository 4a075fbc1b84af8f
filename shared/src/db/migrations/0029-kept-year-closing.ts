import type { Migration } from '../migrator';

/**
 * The closing of each person's derived-entries year (0026), kept beside those entries by every write
 * that stores them: like them it follows from the year's inputs alone, never from its today, so it
 * holds until the next write. A ledger of the next year (a forecast) opens from it instead of working
 * out the current year from its entries (services/src/balances/balances.repository.ts,
 * ledgerSubjectsSql). Figures stored before this migration are marked stale: the first read rewrites
 * them, with their closing, once.
 */
export const keptYearClosing: Migration = {
  name: '0029-kept-year-closing',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE employees ADD COLUMN derived_closing jsonb;
      UPDATE employees SET balance_figures_valid_until = NULL WHERE balance_figures_valid_until IS NOT NULL;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('ALTER TABLE employees DROP COLUMN derived_closing');
  },
};
