import type { Sequelize, Transaction } from 'sequelize';
import { teamTexts, type TeamParsed, type TeamRecord, type TeamUpdate } from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { TeamsRepository, type TeamFields } from './teams.repository';

/** Teams (issue 30): a name, approvers who are the company's employees, an optional cap. Each change audited. */
export class TeamsService {
  private readonly repository: TeamsRepository;

  constructor(sequelize: Sequelize) {
    this.repository = new TeamsRepository(sequelize);
  }

  list(auth: AuthContext): Promise<TeamRecord[]> {
    return this.repository.list(auth.companyId);
  }

  async get(auth: AuthContext, id: number): Promise<TeamRecord> {
    const team = await this.repository.find(auth.companyId, id);
    if (!team) throw new HttpError(404, teamTexts.notFound);
    return team;
  }

  async create(auth: AuthContext, input: TeamParsed): Promise<TeamRecord & { message: string }> {
    return this.repository.transaction(async (transaction) => {
      const fields = { name: input.name, approverIds: input.approver_ids, maxAbsent: input.max_absent };
      await this.assertApproversEmployed(auth, fields, transaction);
      const id = await this.repository.insert(auth.companyId, fields, transaction);
      const after = await this.found(auth, id, transaction);
      await this.repository.audit(transaction, auth, { action: 'team.created', entity: 'team', entityId: id, after });
      return { ...after, message: teamTexts.created };
    });
  }

  async update(auth: AuthContext, id: number, input: TeamUpdate): Promise<TeamRecord & { message: string }> {
    return this.repository.transaction(async (transaction) => {
      const before = await this.found(auth, id, transaction);
      const fields = {
        name: input.name ?? before.name,
        approverIds: input.approver_ids ?? before.approver_ids,
        maxAbsent: input.max_absent === undefined ? before.max_absent : input.max_absent,
      };
      await this.assertApproversEmployed(auth, fields, transaction);
      await this.repository.update(auth.companyId, id, fields, transaction);
      const after = await this.found(auth, id, transaction);
      await this.repository.audit(transaction, auth, {
        action: 'team.updated',
        entity: 'team',
        entityId: id,
        before,
        after,
      });
      return { ...after, message: teamTexts.updated };
    });
  }

  /** Deletes a team; its members stay, in no team. */
  async remove(auth: AuthContext, id: number): Promise<TeamRecord & { message: string }> {
    return this.repository.transaction(async (transaction) => {
      const before = await this.found(auth, id, transaction);
      await this.repository.delete(auth.companyId, id, transaction);
      await this.repository.audit(transaction, auth, { action: 'team.deleted', entity: 'team', entityId: id, before });
      return { ...before, message: teamTexts.deleted };
    });
  }

  private async found(auth: AuthContext, id: number, transaction: Transaction): Promise<TeamRecord> {
    const team = await this.repository.find(auth.companyId, id, transaction);
    if (!team) throw new HttpError(404, teamTexts.notFound);
    return team;
  }

  /** Approvers are the company's employees, not removed: anyone else (another company's) is refused. */
  private async assertApproversEmployed(auth: AuthContext, fields: TeamFields, transaction: Transaction) {
    const employed = await this.repository.employeesAmong(auth.companyId, fields.approverIds, transaction);
    if (employed.length !== new Set(fields.approverIds).size)
      throw new HttpError(400, teamTexts.approverNotFound, { field: 'approver_ids' });
  }
}
