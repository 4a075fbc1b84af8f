import type { Migration } from '../migrator';
import { requestTeamFunction, requestTeamFunctionSql } from './0027-request-team-function';

const colleagueLeaveByMembers = `          -- A team's members' leave through each member's own index (their pending and approved requests),
          -- not every request of the company that ends on or after the first day.
          colleague_leave AS (
            SELECT l.employee_id, e.name, l.leave_type, l.start_date, l.end_date, l.start_time, l.end_time
              FROM team
              JOIN employees e ON e.company_id = request_company AND e.team_id = team.id AND e.deleted_at IS NULL
              JOIN leave_requests l ON l.employee_id = e.id AND l.company_id = request_company
             WHERE l.status = 'approved' AND l.end_date >= days_from AND l.start_date <= days_to
               AND e.id IS DISTINCT FROM request_owner
            UNION ALL
            SELECT l.employee_id, e.name, l.leave_type, l.start_date, l.end_date, l.start_time, l.end_time
              FROM leave_requests l
              JOIN employees e ON e.id = l.employee_id AND e.company_id = l.company_id AND e.deleted_at IS NULL
             WHERE NOT EXISTS (SELECT 1 FROM team)
               AND l.company_id = request_company AND l.status = 'approved'
               AND l.end_date >= days_from AND l.start_date <= days_to
               AND l.employee_id IS DISTINCT FROM request_owner)
`;

/**
 * teamfolk_request_team (migration 0027), its colleague leave read member by member through
 * leave_requests_employee_end_idx: the company's date index answers "ends on or after the first day"
 * with every later request of the company, which a 2,000-person company's submission or approval
 * walked (1-2.5 ms against 0.4 ms this way). A person in no team still reads the company's leave.
 * Always the generic plan: a custom plan took a date past the column's statistics (next year's
 * leave) for a range with no rows, and walked the company's date index once per member.
 */
export const requestTeamByMembers: Migration = {
  name: '0032-request-team-by-members',
  async up({ context: sequelize }) {
    await sequelize.query(
      requestTeamFunctionSql({
        create: 'CREATE OR REPLACE',
        settings: ' SET plan_cache_mode = force_generic_plan',
        colleagueLeave: colleagueLeaveByMembers,
      }),
    );
  },
  async down(params) {
    await params.context.query('DROP FUNCTION teamfolk_request_team(integer, integer, date, date, date, date);');
    await requestTeamFunction.up(params);
  },
};
