import type { Sequelize } from 'sequelize';
import {
  blackoutRefusal,
  blackoutTexts,
  teamTexts,
  type BlackoutParsed,
  type BlackoutRecord,
  type RequestType,
} from '@teamfolk/shared';
import type { SqlRunner } from '../balances/balances.repository';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { BlackoutsRepository } from './blackouts.repository';

/** What a leave request is, for the blackout check. */
export interface BlackoutCheck {
  companyId: number;
  /** The request's owner; null for an admin's own leave (only company-wide periods apply). */
  employeeId: number | null;
  requestType: RequestType;
  /** The request's first and last day. */
  from: string;
  to: string;
}

/** Blackout periods: everyone lists them, admins set and remove them, leave submissions are checked against them. */
export class BlackoutsService {
  private readonly repository: BlackoutsRepository;

  constructor(sequelize: Sequelize) {
    this.repository = new BlackoutsRepository(sequelize);
  }

  list(auth: AuthContext, range?: { from: string; to: string }): Promise<BlackoutRecord[]> {
    return this.repository.list(this.repository.runner(), auth.companyId, range);
  }

  async create(auth: AuthContext, input: BlackoutParsed): Promise<BlackoutRecord> {
    if (input.team_id !== null && !(await this.repository.hasTeam(auth.companyId, input.team_id)))
      throw new HttpError(400, teamTexts.teamIdNotFound, { field: 'team_id' });
    return this.repository.insert(auth.companyId, auth.userId, input, (record) => ({
      actor: auth,
      audit: { action: 'blackout.created', entity: 'blackout', entityId: record.id, after: record },
    }));
  }

  async delete(auth: AuthContext, id: number): Promise<BlackoutRecord> {
    const deleted = await this.repository.delete(auth.companyId, id, (record) => ({
      actor: auth,
      audit: { action: 'blackout.deleted', entity: 'blackout', entityId: record.id, before: record },
    }));
    if (!deleted) throw new HttpError(404, blackoutTexts.notFound);
    return deleted;
  }

  /**
   * Reads the blackout periods over a request's dates that apply to its owner, and answers the
   * refusal (400's message) of its working days: each period they touch and its reason, or null.
   * Runs on the caller's runner: a leave write reads the periods in its own transaction, while its
   * working days are still being counted.
   */
  async refusalFor(runner: SqlRunner, check: BlackoutCheck): Promise<(days: readonly string[]) => string | null> {
    if (check.requestType === 'sick_day') return () => null;
    const { teamId, periods } = await this.repository.forRequest(runner, check.companyId, check.employeeId, check);
    return (days) => blackoutRefusal({ requestType: check.requestType, teamId, days }, periods);
  }
}
