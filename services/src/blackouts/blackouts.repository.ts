/**
 * The only code of the blackouts domain that touches the database. One choice: raw SQL, through a
 * SqlRunner, so the leave submission reads the periods in its own transaction.
 */
import type { Sequelize } from 'sequelize';
import { changeTrailClauses, type BlackoutParsed, type BlackoutRecord, type ChangeTrail } from '@teamfolk/shared';
import { sequelizeRunner, type SqlRunner } from '../balances/balances.repository';

const RECORD_COLUMNS = `b.id, b.start_date::text AS start_date, b.end_date::text AS end_date, b.team_id, b.reason,
       b.request_types`;

export class BlackoutsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** Without a transaction: each statement stands alone. */
  runner(): SqlRunner {
    return sequelizeRunner(this.sequelize);
  }

  /** The company's periods, in date order; those touching [from, to] when given. */
  list(runner: SqlRunner, companyId: number, range?: { from: string; to: string }): Promise<BlackoutRecord[]> {
    return runner.rows<BlackoutRecord>(
      `SELECT ${RECORD_COLUMNS} FROM blackouts b
        WHERE b.company_id = :companyId ${range ? 'AND b.end_date >= :from AND b.start_date <= :to' : ''}
        ORDER BY b.start_date, b.id`,
      { companyId, ...range },
    );
  }

  /**
   * The periods that may touch a request of the employee (theirs and the company's) between `from`
   * and `to`, with the employee's team; null employee: an admin's own leave (company-wide periods only).
   */
  async forRequest(
    runner: SqlRunner,
    companyId: number,
    employeeId: number | null,
    range: { from: string; to: string },
  ): Promise<{ teamId: number | null; periods: BlackoutRecord[] }> {
    const [row] = await runner.rows<{ team_id: number | null; periods: BlackoutRecord[] }>(
      `SELECT owner.team_id,
              coalesce((SELECT json_agg(json_build_object('id', b.id, 'start_date', b.start_date, 'end_date', b.end_date,
                                                          'team_id', b.team_id, 'reason', b.reason,
                                                          'request_types', b.request_types) ORDER BY b.start_date, b.id)
                          FROM blackouts b
                         WHERE b.company_id = :companyId AND b.end_date >= :from AND b.start_date <= :to
                           AND (b.team_id IS NULL OR b.team_id = owner.team_id)), '[]') AS periods
         FROM (SELECT (SELECT team_id FROM employees WHERE id = :employeeId AND company_id = :companyId) AS team_id) owner`,
      { companyId, employeeId, ...range },
    );
    return { teamId: row?.team_id ?? null, periods: row?.periods ?? [] };
  }

  /** Whether the company has this team. */
  async hasTeam(companyId: number, teamId: number): Promise<boolean> {
    const rows = await this.runner().rows(`SELECT 1 FROM teams WHERE id = :teamId AND company_id = :companyId`, {
      companyId,
      teamId,
    });
    return rows.length > 0;
  }

  /** Records a period and its audit entry in one statement. */
  async insert(
    companyId: number,
    createdBy: number,
    input: BlackoutParsed,
    trail: (record: BlackoutRecord) => ChangeTrail,
  ): Promise<BlackoutRecord> {
    return this.sequelize.transaction(async (transaction) => {
      const runner = sequelizeRunner(this.sequelize, transaction);
      const [record] = await runner.rows<BlackoutRecord>(
        `INSERT INTO blackouts (company_id, team_id, start_date, end_date, reason, request_types, created_by)
         VALUES (:companyId, :teamId, :startDate, :endDate, :reason, ARRAY[:requestTypes]::text[], :createdBy)
         RETURNING id, start_date::text AS start_date, end_date::text AS end_date, team_id, reason, request_types`,
        {
          companyId,
          createdBy,
          teamId: input.team_id,
          startDate: input.start_date,
          endDate: input.end_date,
          reason: input.reason,
          requestTypes: input.request_types,
        },
      );
      const replacements: Record<string, unknown> = {};
      await runner.rows(`WITH ${changeTrailClauses(replacements, trail(record!))} SELECT 1`, replacements);
      return record!;
    });
  }

  /** Deletes a period of the company with its audit entry; null when the company has no such period. */
  async delete(
    companyId: number,
    id: number,
    trail: (record: BlackoutRecord) => ChangeTrail,
  ): Promise<BlackoutRecord | null> {
    return this.sequelize.transaction(async (transaction) => {
      const runner = sequelizeRunner(this.sequelize, transaction);
      const [record] = await runner.rows<BlackoutRecord>(
        `DELETE FROM blackouts WHERE id = :id AND company_id = :companyId
         RETURNING id, start_date::text AS start_date, end_date::text AS end_date, team_id, reason, request_types`,
        { companyId, id },
      );
      if (!record) return null;
      const replacements: Record<string, unknown> = {};
      await runner.rows(`WITH ${changeTrailClauses(replacements, trail(record))} SELECT 1`, replacements);
      return record;
    });
  }
}
