import type { Migration } from '../migrator';

/**
 * The calendar's "who is out" query (services/src/calendar, CALENDAR_EVENTS_SQL) read through an
 * index that holds every column it returns: an index-only scan instead of one heap page per leave
 * (a month of a 2,000-person company touched ~1,900 pages). Only approved and pending leave is ever
 * shown, so rejected and cancelled requests stay out of it. leave_requests_company_dates_idx stays
 * for the queries that read other statuses.
 */
export const calendarIndex: Migration = {
  name: '0012-calendar-index',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE INDEX leave_requests_calendar_idx ON leave_requests (company_id, end_date, start_date)
        INCLUDE (id, employee_name, user_id, request_type, start_time, end_time, reason, days_count, status)
        WHERE status IN ('approved', 'pending');
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP INDEX leave_requests_calendar_idx;');
  },
};
