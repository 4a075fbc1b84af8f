import { QueryTypes, type Sequelize } from 'sequelize';
import { withTenantConnection } from '@teamfolk/shared';
import { seatCountSql } from '../employees/employees.repository';

/**
 * The dashboard's only code that touches the database. Raw SQL: both reads are counts or
 * narrowings Postgres does in one statement, and the upcoming events' candidates, read on every
 * dashboard load, go as a named statement on the tenant's connection.
 */

/** Leave request counts, and for an admin the company's employees (its seats). */
export interface SummaryCounts {
  total: number;
  pending: number;
  approved: number;
  /** The company's employees; null when only one user's requests were counted. */
  employees: number | null;
}

/** Someone whose birthday or hire day may be an upcoming event. */
export interface UpcomingCandidate {
  id: number;
  name: string;
  birthday: string | null;
  hireDate: string;
}

export class DashboardRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /**
   * Leave requests counted: the company's, with its employee count, or (`ofUserId`) only those of
   * that user's own employee record.
   */
  async summaryCounts(companyId: number, ofUserId: number | null): Promise<SummaryCounts> {
    const everyone = ofUserId === null;
    const [counts] = await this.sequelize.query<{
      total: string;
      pending: string;
      approved: string;
      employees: string | null;
    }>(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE l.status = 'pending') AS pending,
              count(*) FILTER (WHERE l.status = 'approved') AS approved,
              ${everyone ? seatCountSql(':companyId') : 'NULL'} AS employees
         FROM leave_requests l
        WHERE l.company_id = :companyId
          ${everyone ? '' : 'AND l.employee_id = (SELECT id FROM employees WHERE user_id = :userId AND company_id = :companyId)'}`,
      { replacements: { companyId, userId: ofUserId }, type: QueryTypes.SELECT },
    );
    return {
      total: Number(counts?.total ?? 0),
      pending: Number(counts?.pending ?? 0),
      approved: Number(counts?.approved ?? 0),
      employees: everyone ? Number(counts?.employees ?? 0) : null,
    };
  }

  /** The company's people whose birthday or hire day falls on one of `monthDays` (month × 100 + day). */
  async upcomingCandidates(companyId: number, monthDays: number[]): Promise<UpcomingCandidate[]> {
    const rows = await withTenantConnection(this.sequelize, async (connection) => {
      const { rows } = await connection.query<{ id: number; name: string; birthday: string | null; hire_date: string }>(
        {
          name: 'upcoming-events-candidates',
          text: `SELECT id, name, birthday, hire_date FROM employees
                  WHERE company_id = $1 AND deleted_at IS NULL
                    AND ((date_part('month', birthday) * 100 + date_part('day', birthday))::int = ANY($2)
                      OR (date_part('month', hire_date) * 100 + date_part('day', hire_date))::int = ANY($2))`,
          values: [companyId, monthDays],
        },
      );
      return rows;
    });
    return rows.map((person) => ({
      id: person.id,
      name: person.name,
      birthday: person.birthday,
      hireDate: person.hire_date,
    }));
  }
}
