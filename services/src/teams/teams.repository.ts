/**
 * The only code of the teams domain that touches the database. One choice: raw SQL, in Sequelize
 * transactions. A team's record is read with its approvers (in the admin's order) and its member count
 * in one statement; a company has few teams, so the list is read whole. What a leave write reads of
 * the request's team (routing, coverage, who else is out) runs in the leave's own transaction.
 */
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  recordAudit,
  type AuditActor,
  type AuditRecord,
  type LeaveType,
  type TeamRecord,
  type DecisionEmailPreference,
  type WorkPattern,
} from '@teamfolk/shared';
import type { SqlRunner } from '../balances/balances.repository';

/** A team's record; approvers and members are the company's employees not removed. */
const TEAM_RECORD_SQL = `
  SELECT t.id, t.name, t.max_absent,
         coalesce((SELECT json_agg(a.employee_id ORDER BY a.position)
                     FROM team_approvers a JOIN employees ae ON ae.id = a.employee_id AND ae.deleted_at IS NULL
                    WHERE a.team_id = t.id), '[]') AS approver_ids,
         (SELECT count(*)::int FROM employees m
           WHERE m.company_id = t.company_id AND m.team_id = t.id AND m.deleted_at IS NULL) AS member_count
    FROM teams t
   WHERE t.company_id = :companyId`;

/** What a team is made of, as written. */
export interface TeamFields {
  name: string;
  approverIds: readonly number[];
  maxAbsent: number | null;
}

export class TeamsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  /** The company's teams by name. */
  list(companyId: number): Promise<TeamRecord[]> {
    return this.sequelize.query<TeamRecord>(`${TEAM_RECORD_SQL} ORDER BY lower(t.name), t.id`, {
      replacements: { companyId },
      type: QueryTypes.SELECT,
    });
  }

  /** One of the company's teams; inside a transaction, its row locked for a change. Null for none. */
  async find(companyId: number, id: number, transaction?: Transaction): Promise<TeamRecord | null> {
    const lock = transaction ? ' FOR UPDATE OF t' : '';
    const [team] = await this.sequelize.query<TeamRecord>(`${TEAM_RECORD_SQL} AND t.id = :id${lock}`, {
      replacements: { companyId, id },
      type: QueryTypes.SELECT,
      transaction,
    });
    return team ?? null;
  }

  /** Which of `ids` are the company's employees not removed, held until the transaction ends. */
  async employeesAmong(companyId: number, ids: readonly number[], transaction: Transaction): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.sequelize.query<{ id: number }>(
      `SELECT id FROM employees WHERE company_id = :companyId AND deleted_at IS NULL AND id IN (:ids) FOR KEY SHARE`,
      { replacements: { companyId, ids: [...ids] }, type: QueryTypes.SELECT, transaction },
    );
    return rows.map((row) => row.id);
  }

  async insert(companyId: number, fields: TeamFields, transaction: Transaction): Promise<number> {
    const [row] = await this.sequelize.query<{ id: number }>(
      `INSERT INTO teams (company_id, name, max_absent) VALUES (:companyId, :name, :maxAbsent) RETURNING id`,
      {
        replacements: { companyId, name: fields.name, maxAbsent: fields.maxAbsent },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    await this.replaceApprovers(companyId, row!.id, fields.approverIds, transaction);
    return row!.id;
  }

  async update(companyId: number, id: number, fields: TeamFields, transaction: Transaction): Promise<void> {
    await this.sequelize.query(
      `UPDATE teams SET name = :name, max_absent = :maxAbsent WHERE id = :id AND company_id = :companyId`,
      { replacements: { companyId, id, name: fields.name, maxAbsent: fields.maxAbsent }, transaction },
    );
    await this.replaceApprovers(companyId, id, fields.approverIds, transaction);
  }

  /** Deletes a team: its members stay, in no team (the foreign key sets their team_id to null). */
  async delete(companyId: number, id: number, transaction: Transaction): Promise<void> {
    await this.sequelize.query(`DELETE FROM teams WHERE id = :id AND company_id = :companyId`, {
      replacements: { companyId, id },
      transaction,
    });
  }

  audit(transaction: Transaction, actor: AuditActor, record: AuditRecord): Promise<void> {
    return recordAudit(transaction, actor, record);
  }

  private async replaceApprovers(
    companyId: number,
    teamId: number,
    approverIds: readonly number[],
    transaction: Transaction,
  ): Promise<void> {
    await this.sequelize.query(
      `DELETE FROM team_approvers WHERE team_id = :teamId AND company_id = :companyId;
       INSERT INTO team_approvers (company_id, team_id, employee_id, position)
       SELECT :companyId, :teamId, employee_id, position::int - 1
         FROM unnest(ARRAY[:approverIds]::int[]) WITH ORDINALITY AS approver (employee_id, position)
        WHERE employee_id IS NOT NULL`,
      {
        replacements: { companyId, teamId, approverIds: approverIds.length > 0 ? [...approverIds] : [null] },
        transaction,
      },
    );
  }
}

/** An approver of a request's team, with the sign-in they would be sent it at (null: not joined, or disabled). */
export interface RequestApprover {
  employeeId: number;
  userId: number | null;
  email: string | null;
  name: string;
  /** How they hear of requests to decide: each at once, or in the daily digest. */
  decisionEmails: DecisionEmailPreference;
}

/** What routing, coverage and who-else-is-out read of a request's team, in one statement. */
export interface RequestTeamRead {
  /** The owner's team now; null: in no team (or an admin's own leave). */
  team: { id: number; maxAbsent: number | null; approvers: RequestApprover[] } | null;
  /**
   * The approved leave touching the request's dates of the team's other members, or of the company's
   * other employees when there is no team: dates and kind of day only, never a reason or a type.
   */
  colleagueLeave: Array<{
    employeeId: number;
    name: string;
    leaveType: LeaveType;
    startDate: string;
    endDate: string;
    startTime: string | null;
    endTime: string | null;
  }>;
  /** The pattern history of each person in colleagueLeave. */
  patterns: Array<{ employeeId: number; effectiveFrom: string; pattern: WorkPattern | null }>;
  /** The approvers' approved leave touching `approversAround` (for routing around an absent approver). */
  approverLeave: Array<{ employeeId: number; leaveType: LeaveType; startDate: string; endDate: string }>;
}

/**
 * Reads a request's team, its colleagues' approved leave over `dates` and their patterns, and the
 * approvers' approved leave over `approversAround`, in one statement inside the caller's transaction
 * (the leave write's): teamfolk_request_team (migrations 0027, 0032), whose plan each connection keeps.
 * Bounded: a team's leave is found member by member through each one's own index, the people by key;
 * for a person in no team, the company's leave through its date index.
 */
export async function readRequestTeam(
  runner: SqlRunner,
  companyId: number,
  ownerEmployeeId: number | null,
  dates: { from: string; to: string },
  approversAround: { from: string; to: string },
): Promise<RequestTeamRead> {
  const [row] = await runner.rows<{ read: RequestTeamRead }>(
    'SELECT teamfolk_request_team(:companyId, :ownerId, :from, :to, :aroundFrom, :aroundTo) AS read',
    {
      companyId,
      ownerId: ownerEmployeeId,
      from: dates.from,
      to: dates.to,
      aroundFrom: approversAround.from,
      aroundTo: approversAround.to,
    },
  );
  return row!.read;
}
