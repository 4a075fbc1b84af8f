import type { Sequelize } from 'sequelize';
import {
  authTexts,
  canAccess,
  describeTimeCredit,
  decisionMailRow,
  outboxRowOf,
  TIME_CREDIT_STATUSES,
  timeCreditEntry,
  timeCreditTexts,
  leaveYearOf,
  type TimeCreditParsed,
  type TimeCreditRecord,
  type TimeCreditSavedReply,
  type TimeCreditStatus,
} from '@teamfolk/shared';
import type { SqlRunner } from '../balances/balances.repository';
import { policyFor, type BalancesService } from '../balances/balances.service';
import { HttpError } from '../http/errors';
import type { ListQuery } from '../http/list-query';
import type { AuthContext } from '../http/types';
import {
  TimeCreditsRepository,
  type CreditOwnerKey,
  type CreditPageCriteria,
  type TimeCreditSortField,
} from './time-credits.repository';

const isStatus = (value: unknown): value is TimeCreditStatus =>
  TIME_CREDIT_STATUSES.includes(value as TimeCreditStatus);

/** Time in lieu: extra hours logged, decided once by an admin, and an approval's hours into the bank. */
export class TimeCreditsService {
  private readonly repository: TimeCreditsRepository;

  constructor(
    sequelize: Sequelize,
    private readonly appUrl: string,
    private readonly balances: BalancesService,
  ) {
    this.repository = new TimeCreditsRepository(sequelize);
  }

  /** The company's credits to an admin, one's own to anyone else; filtered by status when asked. */
  async list(auth: AuthContext, query: ListQuery<TimeCreditSortField>) {
    const { status } = query.filter;
    if (status !== undefined && !isStatus(status))
      throw new HttpError(400, `filter status must be one of: ${TIME_CREDIT_STATUSES.join(', ')}`);
    const criteria: CreditPageCriteria = {
      companyId: auth.companyId,
      ownedByUser: auth.role === 'admin' ? null : auth.userId,
      status: status ?? null,
      sort: query.sort,
      range: query.range,
    };
    return this.repository.page(criteria);
  }

  async submit(auth: AuthContext, input: TimeCreditParsed, requestId: string): Promise<TimeCreditSavedReply> {
    const record = { employee_id: input.employee_id ?? null };
    if (!canAccess(auth, { resource: 'timeCredits', action: 'create', record }))
      throw new HttpError(403, authTexts.adminOnly);
    const key: CreditOwnerKey =
      input.employee_id !== undefined ? { employeeId: input.employee_id } : { employeeOfUser: auth.userId };
    return this.repository.transaction(async (runner) => {
      const owner = await this.repository.lockOwner(runner, auth.companyId, auth.userId, key);
      if (!owner) throw new HttpError(404, 'Employee not found', { field: 'employee_id' });
      const link = new URL('/dashboard/leaves', this.appUrl).toString();
      const credit = await this.repository.insertPending(
        runner,
        { companyId: auth.companyId, owner, ...input, createdBy: auth.userId },
        (after) => ({
          actor: auth,
          audit: { action: 'time_credit.submitted', entity: 'time_credit', entityId: after.id, after },
          outbox: owner.admins.map((admin) =>
            outboxRowOf({
              companyId: auth.companyId,
              job: 'send-email',
              requestId,
              payload: {
                idempotencyKey: `time-credit-submitted-${after.id}-${admin.id}`,
                to: admin.email,
                mail: {
                  template: 'time-credit-submitted',
                  name: admin.name,
                  employeeName: after.employee_name,
                  summary: describeTimeCredit(after),
                  reason: after.reason,
                  link,
                },
              },
            }),
          ),
        }),
      );
      return { ...credit, message: timeCreditTexts.submitted };
    });
  }

  /**
   * Approves or rejects a pending credit once (the row lock makes a second click a clean 409); an
   * approval records its `time_credit` entry and moves the stored figures in the same transaction.
   */
  async decide(auth: AuthContext, id: number, approved: boolean, requestId: string): Promise<TimeCreditSavedReply> {
    return this.repository.transaction(async (runner) => {
      const locked = await this.repository.lockCredit(runner, auth.companyId, id);
      if (!locked) throw new HttpError(404, timeCreditTexts.notFound);
      const { credit: before, now, recipient } = locked;
      if (before.status !== 'pending') throw new HttpError(409, timeCreditTexts.onlyPendingDecided);
      const status = approved ? 'approved' : 'rejected';
      if (approved) await this.credit(auth, runner, before);
      const after: TimeCreditRecord = { ...before, status, decided_at: now.toISOString() };
      await this.repository.settle(
        runner,
        { companyId: auth.companyId, id, status, decidedBy: auth.userId, decidedAt: now },
        {
          actor: auth,
          audit: { action: `time_credit.${status}`, entity: 'time_credit', entityId: id, before, after },
          outbox: recipient
            ? [
                decisionMailRow({
                  companyId: auth.companyId,
                  requestId,
                  template: 'time-credit-decided',
                  subjectId: id,
                  to: recipient.email,
                  name: recipient.name,
                  decision: status,
                  summary: describeTimeCredit(before),
                  link: new URL('/dashboard/leaves', this.appUrl).toString(),
                }),
              ]
            : [],
        },
      );
      return { ...after, message: approved ? timeCreditTexts.approved : timeCreditTexts.rejected };
    });
  }

  /** The credit's hours into the bank, in the leave year of the day worked. */
  private async credit(auth: AuthContext, runner: SqlRunner, credit: TimeCreditRecord): Promise<void> {
    const write = await this.balances.lockForWrite(runner, auth.companyId, credit.employee_id, {
      period: { from: credit.date, to: credit.date },
    });
    if (!write) throw new HttpError(404, timeCreditTexts.notFound);
    const startMonth = policyFor(write.context, write.currentYear).leave_year_start_month;
    const entry = { ...timeCreditEntry(credit), leaveYear: leaveYearOf(credit.date, startMonth) };
    await this.balances.record(runner, auth.companyId, write, [entry]);
  }
}
