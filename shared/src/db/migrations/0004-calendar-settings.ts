import type { Migration } from '../migrator';

/**
 * Company calendar settings (public holidays by country/region, the time zone of partial days) and
 * each user's calendar feed version: raising it retires the old secret feed URL at once.
 */
export const calendarSettings: Migration = {
  name: '0004-calendar-settings',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE companies
        ADD COLUMN country text,
        ADD COLUMN region text,
        ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
      ALTER TABLE users ADD COLUMN calendar_feed_version integer NOT NULL DEFAULT 0;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE users DROP COLUMN calendar_feed_version;
      ALTER TABLE companies DROP COLUMN country, DROP COLUMN region, DROP COLUMN time_zone;
    `);
  },
};
