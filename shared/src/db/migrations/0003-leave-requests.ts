import type { Migration } from '../migrator';

/**
 * Leave requests. `employee_id` is null for an admin's own leave (admins are not employees and have
 * no balances); `employee_name` keeps the name on record after the person leaves.
 */
export const leaveRequests: Migration = {
  name: '0003-leave-requests',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE leave_requests (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        employee_id integer REFERENCES employees (id) ON DELETE CASCADE,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        employee_name text NOT NULL,
        request_type text NOT NULL CHECK (request_type IN ('vacation', 'sick_day', 'hours_bank', 'other')),
        leave_type text NOT NULL CHECK (leave_type IN ('full_day', 'partial_day')),
        start_date date NOT NULL,
        end_date date NOT NULL,
        start_time time,
        end_time time,
        reason text,
        days_count numeric(6, 1) NOT NULL CHECK (days_count >= 0),
        hours_count numeric(7, 1) NOT NULL CHECK (hours_count >= 0),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        decided_by integer REFERENCES users (id) ON DELETE SET NULL,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_date >= start_date),
        CHECK (leave_type = 'full_day' OR (start_date = end_date AND start_time < end_time))
      );
      CREATE INDEX leave_requests_company_created_idx ON leave_requests (company_id, created_at DESC);
      CREATE INDEX leave_requests_company_dates_idx ON leave_requests (company_id, end_date, start_date);
      CREATE INDEX leave_requests_employee_dates_idx ON leave_requests (employee_id, start_date) WHERE status IN ('pending', 'approved');
      CREATE INDEX leave_requests_user_created_idx ON leave_requests (user_id, created_at DESC);
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE leave_requests;');
  },
};
