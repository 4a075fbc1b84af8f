import type { Migration } from '../migrator';

/**
 * A submission reads the employee's pending and approved requests that overlap its days: the
 * condition is `end_date >= first day AND start_date <= last day`. On (employee_id, start_date) the
 * start bound matched every earlier request of the employee, so the planner preferred the company's
 * calendar index and walked every request of the company ending after that day: 3.5 ms and 680
 * pages for a 200-person company with a year of requests ahead, 0.05 ms and 3 pages on this index.
 */
export const employeeOverlapIndex: Migration = {
  name: '0014-employee-overlap-index',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE INDEX leave_requests_employee_end_idx
        ON leave_requests (employee_id, end_date) WHERE status IN ('pending', 'approved');
      DROP INDEX leave_requests_employee_dates_idx;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      CREATE INDEX leave_requests_employee_dates_idx
        ON leave_requests (employee_id, start_date) WHERE status IN ('pending', 'approved');
      DROP INDEX leave_requests_employee_end_idx;
    `);
  },
};
