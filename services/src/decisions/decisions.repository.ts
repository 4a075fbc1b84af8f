/**
 * The only code of the decision links that touches the database. One choice: raw SQL. A link is
 * reached across companies through teamfolk_company_of('decision-token', hash) only; everything
 * else runs as the link's company, under row-level security.
 */
import { QueryTypes, type Sequelize } from 'sequelize';
import { companyOf, type LeaveRequestRecord, type Role } from '@teamfolk/shared';
import { LEAVE_RECORD, toLeaveRecord, type LeaveRow } from '../leaves/leave-record';

/** A decision link with its request and its approver as they are now. */
export interface FoundDecisionLink {
  companyId: number;
  tokenHash: string;
  leave: LeaveRequestRecord;
  approved: boolean;
  expiresAt: Date;
  usedAt: Date | null;
  /** The transaction's time. */
  now: Date;
  approver: {
    userId: number;
    role: Role;
    active: boolean;
    emailVerified: boolean;
    /** The teams they approve for now: their right to decide is checked as the console's. */
    approvesTeams: Array<{ id: number }>;
  };
}

/** What the page shows beside the request: the owner's team, its cap, and the colleagues' approved leave. */
export interface RequestSurroundings {
  teamId: number | null;
  maxAbsent: number | null;
  country: string | null;
  region: string | null;
  /** Approved leave of the owner's team (the company's when in no team) touching the request's dates, the owner's excluded. */
  colleaguesLeave: Array<{ employee_id: number; name: string; start_date: string; end_date: string }>;
}

interface LinkRow extends LeaveRow {
  link_approved: boolean;
  link_expires_at: Date;
  link_used_at: Date | null;
  now: Date;
  approver_user_id: number;
  approver_role: Role;
  approver_active: boolean;
  approver_verified: boolean;
  approver_teams: Array<{ id: number }>;
}

export class DecisionsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** The company of the link whose token has this hash; null for no link. */
  companyOfLink(tokenHash: string): Promise<number | null> {
    return companyOf(this.sequelize, 'decision-token', tokenHash);
  }

  async find(companyId: number, tokenHash: string): Promise<FoundDecisionLink | null> {
    const [row] = await this.sequelize.query<LinkRow>(
      `SELECT ${LEAVE_RECORD.columnList}, d.approved AS link_approved, d.expires_at AS link_expires_at,
              d.used_at AS link_used_at, now() AS now, u.id AS approver_user_id, u.role AS approver_role,
              u.disabled_at IS NULL AS approver_active, u.email_verified_at IS NOT NULL AS approver_verified,
              (SELECT coalesce(json_agg(json_build_object('id', ta.team_id)), '[]')
                 FROM employees ae JOIN team_approvers ta ON ta.employee_id = ae.id
                WHERE ae.user_id = u.id AND ae.deleted_at IS NULL) AS approver_teams
         FROM decision_links d
         JOIN ${LEAVE_RECORD.from} ON l.id = d.leave_request_id AND l.company_id = d.company_id
         JOIN users u ON u.id = d.approver_user_id AND u.company_id = d.company_id
        WHERE d.token_hash = :tokenHash AND d.company_id = :companyId`,
      { replacements: { tokenHash, companyId }, type: QueryTypes.SELECT },
    );
    if (!row) return null;
    return {
      companyId,
      tokenHash,
      leave: toLeaveRecord(row),
      approved: row.link_approved,
      expiresAt: row.link_expires_at,
      usedAt: row.link_used_at,
      now: row.now,
      approver: {
        userId: row.approver_user_id,
        role: row.approver_role,
        active: row.approver_active,
        emailVerified: row.approver_verified,
        approvesTeams: row.approver_teams,
      },
    };
  }

  async surroundings(companyId: number, leave: LeaveRequestRecord): Promise<RequestSurroundings> {
    const [row] = await this.sequelize.query<{
      team_id: number | null;
      max_absent: number | null;
      country: string | null;
      region: string | null;
      colleagues_leave: RequestSurroundings['colleaguesLeave'];
    }>(
      `WITH owner AS (
         SELECT e.team_id, t.max_absent FROM employees e LEFT JOIN teams t ON t.id = e.team_id AND t.company_id = e.company_id
          WHERE e.id = :employeeId AND e.company_id = :companyId)
       SELECT (SELECT team_id FROM owner) AS team_id, (SELECT max_absent FROM owner) AS max_absent, c.country, c.region,
              coalesce((SELECT json_agg(json_build_object('employee_id', e.id, 'name', e.name,
                                                          'start_date', l.start_date, 'end_date', l.end_date))
                          FROM leave_requests l JOIN employees e ON e.id = l.employee_id AND e.company_id = l.company_id
                         WHERE l.company_id = :companyId AND l.status = 'approved'
                           AND l.start_date <= :endDate AND l.end_date >= :startDate
                           AND e.id IS DISTINCT FROM :employeeId AND e.deleted_at IS NULL
                           AND ((SELECT team_id FROM owner) IS NULL OR e.team_id = (SELECT team_id FROM owner))), '[]')
                AS colleagues_leave
         FROM companies c WHERE c.id = :companyId`,
      {
        replacements: {
          companyId,
          employeeId: leave.employee_id,
          startDate: leave.start_date,
          endDate: leave.end_date,
        },
        type: QueryTypes.SELECT,
      },
    );
    return {
      teamId: row?.team_id ?? null,
      maxAbsent: row?.max_absent ?? null,
      country: row?.country ?? null,
      region: row?.region ?? null,
      colleaguesLeave: row?.colleagues_leave ?? [],
    };
  }

  /** Marks the link used (after its decision was made); false when it already was. */
  async markUsed(companyId: number, tokenHash: string): Promise<boolean> {
    const rows = await this.sequelize.query(
      `UPDATE decision_links SET used_at = now()
        WHERE token_hash = :tokenHash AND company_id = :companyId AND used_at IS NULL RETURNING id`,
      { replacements: { tokenHash, companyId }, type: QueryTypes.SELECT },
    );
    return rows.length > 0;
  }
}
