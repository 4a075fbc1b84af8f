import type { Migration } from '../migrator';

/**
 * The function's definition around its colleague_leave CTE (the team's, or everyone's for a person
 * in no team, approved leave on days_from..days_to, less the owner's), which migration 0032 replaces.
 */
export function requestTeamFunctionSql({
  create,
  settings,
  colleagueLeave,
}: {
  create: 'CREATE' | 'CREATE OR REPLACE';
  settings: string;
  colleagueLeave: string;
}): string {
  return `
      ${create} FUNCTION teamfolk_request_team(request_company integer, request_owner integer,
                                            days_from date, days_to date, around_from date, around_to date)
        RETURNS json LANGUAGE plpgsql STABLE${settings} AS $$
        DECLARE
          read json;
        BEGIN
          WITH team AS (
            SELECT t.id, t.max_absent FROM employees o JOIN teams t ON t.id = o.team_id AND t.company_id = o.company_id
             WHERE o.company_id = request_company AND o.id = request_owner AND o.deleted_at IS NULL),
          approvers AS (
            SELECT a.employee_id, a.position, ae.name, u.id AS user_id, u.email, u.decision_emails
              FROM team_approvers a
              JOIN team ON team.id = a.team_id
              JOIN employees ae ON ae.id = a.employee_id AND ae.deleted_at IS NULL
              LEFT JOIN users u ON u.id = ae.user_id AND u.company_id = ae.company_id AND u.disabled_at IS NULL
             WHERE a.company_id = request_company),
${colleagueLeave}          SELECT json_build_object(
            'team',
            (SELECT json_build_object('id', team.id, 'maxAbsent', team.max_absent,
                      'approvers', coalesce((SELECT json_agg(json_build_object('employeeId', employee_id,
                                                               'userId', user_id, 'email', email, 'name', name,
                                                               'decisionEmails', coalesce(decision_emails, 'immediate'))
                                                      ORDER BY position)
                                               FROM approvers), '[]'))
               FROM team),
            'colleagueLeave',
            coalesce((SELECT json_agg(json_build_object('employeeId', employee_id, 'name', name,
                                        'leaveType', leave_type, 'startDate', start_date, 'endDate', end_date,
                                        'startTime', start_time, 'endTime', end_time) ORDER BY start_date, employee_id)
                        FROM colleague_leave), '[]'),
            'patterns',
            coalesce((SELECT json_agg(json_build_object('employeeId', p.employee_id, 'effectiveFrom', p.effective_from,
                                        'pattern', p.pattern))
                        FROM employee_work_patterns p
                       WHERE p.company_id = request_company
                         AND p.employee_id IN (SELECT employee_id FROM colleague_leave)), '[]'),
            'approverLeave',
            coalesce((SELECT json_agg(json_build_object('employeeId', l.employee_id, 'leaveType', l.leave_type,
                                        'startDate', l.start_date, 'endDate', l.end_date))
                        FROM leave_requests l
                       WHERE l.company_id = request_company AND l.status = 'approved'
                         AND l.employee_id IN (SELECT employee_id FROM approvers)
                         AND l.end_date >= around_from AND l.start_date <= around_to), '[]'))
            INTO read;
          RETURN read;
        END
      $$;
    `;
}

const colleagueLeaveOfCompany = `          colleague_leave AS (
            SELECT l.employee_id, e.name, l.leave_type, l.start_date, l.end_date, l.start_time, l.end_time
              FROM leave_requests l
              JOIN employees e ON e.id = l.employee_id AND e.company_id = l.company_id AND e.deleted_at IS NULL
             WHERE l.company_id = request_company AND l.status = 'approved'
               AND l.end_date >= days_from AND l.start_date <= days_to
               AND l.employee_id IS DISTINCT FROM request_owner
               AND (NOT EXISTS (SELECT 1 FROM team) OR e.team_id = (SELECT id FROM team)))
`;

/**
 * What a leave write reads of a request's team (services/src/teams/teams.repository.ts
 * readRequestTeam): the team and its approvers, colleagues' approved leave on the request's dates
 * and their patterns, the approvers' own leave around today. As a PL/pgSQL function its plan is
 * kept per connection: as a statement Postgres planned it on every submission, approval and
 * preview, which cost more than running it. It runs as the caller, row-level security included.
 */
export const requestTeamFunction: Migration = {
  name: '0027-request-team-function',
  async up({ context: sequelize }) {
    await sequelize.query(
      requestTeamFunctionSql({ create: 'CREATE', settings: '', colleagueLeave: colleagueLeaveOfCompany }),
    );
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP FUNCTION teamfolk_request_team(integer, integer, date, date, date, date);');
  },
};
