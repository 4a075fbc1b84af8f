import type { Sequelize, Transaction } from 'sequelize';
import {
  adjustmentsToReach,
  balancesVersionOf,
  employeeTexts,
  leavePolicyTexts,
  recordAudit,
  sixFiguresOf,
  sixFiguresOfInput,
  seatPreview,
  teamTexts,
  writeOutbox,
  type Employee,
  type EmployeeBalancesWithNoteInput,
  type EmployeeChangeParsed,
  type EmployeeCreateParsed,
  type EmployeeSavedReply,
  type EmployeeRecord,
  type SeatPreview,
  type SeatRequiredError,
  type TeamFilter,
} from '@teamfolk/shared';
import { sequelizeRunner, type SqlRunner } from '../balances/balances.repository';
import { BalancesService, type LedgerWrite } from '../balances/balances.service';
import { createInvitation } from '../auth/invitations';
import { HttpError } from '../http/errors';
import { isRowId, type ListQuery } from '../http/list-query';
import type { AuthContext } from '../http/types';
import { employeeRecordOf } from './employee-record';
import {
  countSeats,
  EmployeesRepository,
  type EmployeePageCriteria,
  type EmployeeSortField,
} from './employees.repository';

type BalancesInput = Omit<Required<EmployeeBalancesWithNoteInput>, 'note'> & { note: string | null };

const today = () => new Date().toISOString().slice(0, 10);

/** 409: the address signs in at another company (TakenAddressLimits counts these refusals). */
export class EmailTakenElsewhereError extends HttpError {
  constructor(field: string) {
    super(409, employeeTexts.emailTakenElsewhere, { field });
  }
}

/** The company's people: profiles, balances, invitations and the paid-seat gate. */
export class EmployeesService {
  private readonly repository: EmployeesRepository;

  constructor(
    private readonly sequelize: Sequelize,
    private readonly appUrl: string,
    private readonly balances = new BalancesService(sequelize),
  ) {
    this.repository = new EmployeesRepository(sequelize);
  }

  private runner(transaction: Transaction): SqlRunner {
    return sequelizeRunner(this.sequelize, transaction);
  }

  /** Which employees a list page shows: the caller's company's, searched and picked as the query says. */
  pageCriteria(
    auth: AuthContext,
    query: ListQuery<EmployeeSortField>,
    teamFilter: TeamFilter = {},
  ): EmployeePageCriteria {
    const { q, id } = query.filter;
    let ids: number[] | null = null;
    if (id !== undefined) {
      ids = (Array.isArray(id) ? id : [id]).map(Number);
      if (ids.length === 0 || !ids.every(isRowId)) {
        throw new HttpError(400, 'filter id must be an employee id or a list of them');
      }
    }
    return {
      companyId: auth.companyId,
      search: typeof q === 'string' && q.trim() ? q.trim() : null,
      ids,
      teamId: teamFilter.team_id ?? null,
      sort: query.sort,
      range: query.range,
    };
  }

  async get(auth: AuthContext, id: number): Promise<EmployeeRecord> {
    await this.balances.refreshCompany(auth.companyId, auth.dataVersion);
    return employeeRecordOf(await this.find(auth, id));
  }

  async seats(auth: AuthContext): Promise<SeatPreview> {
    const seats = await countSeats(auth.companyId);
    return seatPreview(seats, await this.repository.subscription(auth.companyId));
  }

  /**
   * Adds an employee behind the seat gate. Inside a caller's transaction (the billing checkout that
   * paid for the seat) it runs in a savepoint of it.
   */
  async create(
    auth: AuthContext,
    input: EmployeeCreateParsed,
    requestId: string,
    { transaction: outer }: { transaction?: Transaction } = {},
  ): Promise<EmployeeSavedReply> {
    return this.repository.transaction(async (transaction) => {
      // The address before the seat: a refused address must not send the admin to a payment.
      await this.assertEmailFree(auth.companyId, input.email, null, transaction);
      await this.assertSeatCanBeAdded(auth.companyId, transaction);
      await this.assertTeamOfCompany(auth.companyId, input.team_id, transaction);
      const employee = await this.repository.create(
        {
          companyId: auth.companyId,
          teamId: input.team_id ?? null,
          name: input.name,
          email: input.email,
          jobRole: input.role,
          hireDate: input.hire_date ?? today(),
          birthday: input.birthday === undefined ? today() : input.birthday,
          endDate: input.end_date ?? null,
          vacationDaysAllowance: input.vacation_days_total ?? null,
          sickDaysAllowance: input.sick_days_total ?? null,
        },
        transaction,
      );
      assertEndAfterHire(employee.hireDate, employee.endDate);
      await this.hire(auth.companyId, employee, input, transaction);
      const invited = await this.inviteInSavepoint(auth, employee, transaction, requestId);
      const record = employeeRecordOf(employee);
      await auditEmployeeChange(transaction, auth, 'employee.created', employee, { after: record });
      await requestSeatUpdate(transaction, auth.companyId, requestId);
      return {
        ...record,
        message: employeeTexts.added,
        ...(invited ? {} : { warning: employeeTexts.invitationNotQueued }),
      };
    }, outer);
  }

  async update(
    auth: AuthContext,
    id: number,
    input: EmployeeChangeParsed,
    requestId: string,
  ): Promise<EmployeeSavedReply> {
    await this.balances.refreshCompany(auth.companyId);
    return this.repository.transaction(async (transaction) => {
      const employee = await this.find(auth, id, transaction);
      const before = employeeRecordOf(employee);
      const emailChanged = input.email !== undefined && input.email !== employee.email;
      if (emailChanged) await this.assertEmailFree(auth.companyId, input.email!, employee, transaction);
      await this.assertTeamOfCompany(auth.companyId, input.team_id, transaction);
      const write = await this.lockLedger(auth.companyId, employee, transaction);
      const terms = {
        hireDate: input.hire_date ?? employee.hireDate,
        endDate: input.end_date === undefined ? employee.endDate : input.end_date,
        vacationDays: input.vacation_days_total ?? write.subject.vacationDays,
        sickDays: input.sick_days_total ?? write.subject.sickDays,
      };
      assertEndAfterHire(terms.hireDate, terms.endDate);
      const bankChange = this.bankAdjustment(write, input.bank_hours_total);
      // Only a change of the totals is checked: under monthly accrual, used may lie above what has accrued yet.
      if (input.vacation_days_total !== undefined || input.bank_hours_total !== undefined) {
        const { balances } = this.balances.ledgerInWrite({
          ...write,
          subject: { ...write.subject, ...terms, entries: [...write.subject.entries, ...bankChange] },
        });
        assertUsedWithinTotals(
          balances.vacation.total,
          balances.vacation.used,
          balances.bank.total,
          balances.bank.used,
        );
      }

      await this.repository.update(
        employee,
        {
          name: input.name ?? employee.name,
          email: input.email ?? employee.email,
          jobRole: input.role ?? employee.jobRole,
          hireDate: terms.hireDate,
          birthday: input.birthday === undefined ? employee.birthday : input.birthday,
          endDate: terms.endDate,
          teamId: input.team_id === undefined ? employee.teamId : input.team_id,
        },
        transaction,
      );
      if (input.work_pattern !== undefined) {
        await this.balances.savePattern(
          this.runner(transaction),
          auth.companyId,
          employee.id,
          input.work_pattern_from ?? write.context.today,
          input.work_pattern,
        );
      }
      await this.balances.record(this.runner(transaction), auth.companyId, write, bankChange, terms);
      await employee.reload({ transaction });
      if (employee.userId) {
        // The sign-in follows the profile: a renamed or re-addressed employee signs in as such.
        await this.repository.updateSignIn(employee, transaction);
      } else if (emailChanged) {
        await this.inviteInSavepoint(auth, employee, transaction, requestId);
      } else if (employee.name !== before.name) {
        // The invitation page greets the person by the name the profile has now.
        await this.repository.renameOpenInvitations(employee, transaction);
      }
      const after = employeeRecordOf(employee);
      await auditEmployeeChange(transaction, auth, 'employee.updated', employee, { before, after });
      return { ...after, message: employeeTexts.updated };
    });
  }

  /** `startedFrom`: the If-Match of the edit (balancesVersionOf what it opened with), when it sent one. */
  async updateBalances(
    auth: AuthContext,
    id: number,
    input: BalancesInput,
    startedFrom?: string,
  ): Promise<EmployeeSavedReply> {
    assertUsedWithinTotals(
      input.vacation_days_total,
      input.vacation_days_used,
      input.bank_hours_total,
      input.bank_hours_used,
    );
    await this.balances.refreshCompany(auth.companyId);
    return this.repository.transaction(async (transaction) => {
      const employee = await this.find(auth, id, transaction);
      const before = employeeRecordOf(employee);
      if (startedFrom !== undefined && startedFrom !== balancesVersionOf(before)) {
        throw new HttpError(409, employeeTexts.balancesChanged);
      }
      // Adjustments dated today, so the current year's six figures read back exactly as sent.
      const write = await this.lockLedger(auth.companyId, employee, transaction);
      const ledger = this.balances.ledgerInWrite(write);
      const adjustments = adjustmentsToReach(sixFiguresOf(ledger), sixFiguresOfInput(input), {
        date: ledger.figuresOn,
        note: input.note,
      });
      await this.balances.record(
        this.runner(transaction),
        auth.companyId,
        write,
        adjustments.map((entry) => ({ ...entry, leaveYear: write.currentYear })),
      );
      await employee.reload({ transaction });
      const after = employeeRecordOf(employee);
      await auditEmployeeChange(transaction, auth, 'employee.balances_updated', employee, { before, after });
      return { ...after, message: employeeTexts.balancesUpdated };
    });
  }

  /**
   * Soft delete: the person leaves the list and the next billing cycle, their sign-in and open
   * invitations stop working at once, and their past leave stays on record under their name.
   */
  async remove(auth: AuthContext, id: number, requestId?: string): Promise<EmployeeSavedReply> {
    return this.repository.transaction(async (transaction) => {
      const employee = await this.find(auth, id, transaction);
      const record = employeeRecordOf(employee);
      const now = new Date();
      await this.repository.update(employee, { deletedAt: now }, transaction);
      await this.repository.disableSignIn(employee, now, transaction);
      await this.repository.revokeOpenInvitations(employee, now, transaction);
      await auditEmployeeChange(transaction, auth, 'employee.deleted', employee, { before: record });
      await requestSeatUpdate(transaction, auth.companyId, requestId);
      return { ...record, message: employeeTexts.deleted };
    });
  }

  async resendInvitation(auth: AuthContext, id: number, requestId: string): Promise<{ message: string }> {
    await this.repository.transaction(async (transaction) => {
      const employee = await this.find(auth, id, transaction);
      if (employee.userId) throw new HttpError(409, employeeTexts.alreadyJoined);
      await this.invite(auth, employee, transaction, requestId);
      await auditEmployeeChange(transaction, auth, 'employee.invitation_resent', employee);
    });
    return { message: employeeTexts.invitationResent };
  }

  /** The person's ledger inputs, locked with the row (read by `find` in the same transaction). */
  private async lockLedger(companyId: number, employee: Employee, transaction: Transaction): Promise<LedgerWrite> {
    const write = await this.balances.lockForWrite(this.runner(transaction), companyId, employee.id);
    if (!write) throw new HttpError(404, employeeTexts.notFound);
    return write;
  }

  /** The adjustment that takes the bank's total to `wanted` today (the bank has no allowance); none when absent. */
  private bankAdjustment(write: LedgerWrite, wanted: number | undefined) {
    if (wanted === undefined) return [];
    const ledger = this.balances.ledgerInWrite(write);
    const current = sixFiguresOf(ledger);
    return adjustmentsToReach(
      current,
      { ...current, bank: { ...current.bank, total: wanted } },
      { date: ledger.figuresOn, note: null },
    ).map((entry) => ({ ...entry, leaveYear: write.currentYear }));
  }

  /** A new person's ledger: from the current leave year, their pattern, and the bank's opening hours. */
  private async hire(
    companyId: number,
    employee: Employee,
    input: EmployeeCreateParsed,
    transaction: Transaction,
  ): Promise<void> {
    const runner = this.runner(transaction);
    const write = await this.balances.lockForWrite(runner, companyId, employee.id, {
      newHire: true,
    });
    if (!write) throw new HttpError(404, employeeTexts.notFound);
    if (input.work_pattern) {
      await this.balances.savePattern(
        runner,
        companyId,
        employee.id,
        input.work_pattern_from ?? employee.hireDate,
        input.work_pattern,
      );
    }
    await this.balances.record(runner, companyId, write, this.bankAdjustment(write, input.bank_hours_total));
    await employee.reload({ transaction });
  }

  private async find(auth: AuthContext, id: number, transaction?: Transaction): Promise<Employee> {
    const employee = await this.repository.find(auth.companyId, id, transaction);
    if (!employee) throw new HttpError(404, employeeTexts.notFound);
    return employee;
  }

  /** A seat needs a running subscription with a card on file (spec section 4, first-employee flow). */
  /** A team named on a profile is one of the company's (a foreign key alone would take another company's). */
  private async assertTeamOfCompany(
    companyId: number,
    teamId: number | null | undefined,
    transaction: Transaction,
  ): Promise<void> {
    if (teamId === null || teamId === undefined) return;
    if (!(await this.repository.holdTeam(companyId, teamId, transaction)))
      throw new HttpError(400, teamTexts.teamIdNotFound, { field: 'team_id' });
  }

  private async assertSeatCanBeAdded(companyId: number, transaction: Transaction): Promise<void> {
    const subscription = await this.repository.subscription(companyId, transaction);
    if (subscription?.canAddSeats()) return;
    const running = subscription?.status === 'active' || subscription?.status === 'cancel_at_period_end';
    const isFirstEmployee = !running && (await countSeats(companyId, transaction)) === 0;
    const message = isFirstEmployee ? employeeTexts.firstEmployeeRequiresPayment : employeeTexts.paymentMethodRequired;
    const reply: Omit<SeatRequiredError, 'message'> = { error: message, requiresPayment: true, isFirstEmployee };
    throw new HttpError(402, message, { ...reply });
  }

  /**
   * Refuses (409, naming `field`) an address the company's employees or active sign-ins use, or that
   * signs in at another company. Also checked before a first employee's checkout, so nobody pays for
   * an invitation that could not be sent or accepted.
   */
  async assertEmailFree(
    companyId: number,
    email: string,
    except: Employee | null,
    transaction: Transaction,
    field = 'email',
  ): Promise<void> {
    if (await this.repository.addressInUse(companyId, email, except, transaction)) {
      throw new HttpError(409, employeeTexts.emailTaken, { field });
    }
    // A sign-in's address is unique across companies: the invitation could never be accepted.
    const accountsCompany = await this.repository.companyOfSignIn(email, transaction);
    if (accountsCompany !== null && accountsCompany !== companyId) {
      throw new EmailTakenElsewhereError(field);
    }
  }

  private async invite(auth: AuthContext, employee: Employee, transaction: Transaction, requestId: string) {
    const sender = await this.repository.invitationSender(auth.companyId, auth.userId, transaction);
    await createInvitation(transaction, { employee, ...sender, appUrl: this.appUrl, requestId });
  }

  /** The employee is saved even if the invitation cannot be written; the reply then warns. */
  private async inviteInSavepoint(
    auth: AuthContext,
    employee: Employee,
    transaction: Transaction,
    requestId: string,
  ): Promise<boolean> {
    try {
      await this.repository.transaction((savepoint) => this.invite(auth, employee, savepoint, requestId), transaction);
      return true;
    } catch {
      return false;
    }
  }
}

/** The audit entry of a change to one employee, with its record before and/or after the change. */
function auditEmployeeChange(
  transaction: Transaction,
  auth: AuthContext,
  action: string,
  employee: Employee,
  change: { before?: EmployeeRecord; after?: EmployeeRecord } = {},
): Promise<void> {
  return recordAudit(transaction, auth, { action, entity: 'employee', entityId: employee.id, ...change });
}

/** The subscription's seat quantity follows the employee count; billed from the next cycle (billing workers). */
export async function requestSeatUpdate(
  transaction: Transaction,
  companyId: number,
  requestId?: string,
): Promise<void> {
  await writeOutbox(transaction, { companyId, job: 'update-seat-quantity', payload: { companyId }, requestId });
}

function assertEndAfterHire(hireDate: string, endDate: string | null) {
  if (endDate !== null && endDate < hireDate)
    throw new HttpError(400, leavePolicyTexts.endBeforeHire, { field: 'end_date' });
}

function assertUsedWithinTotals(vacationTotal: number, vacationUsed: number, bankTotal: number, bankUsed: number) {
  if (vacationUsed > vacationTotal) {
    throw new HttpError(400, employeeTexts.vacationUsedAboveTotal, { field: 'vacation_days_used' });
  }
  if (bankUsed > bankTotal)
    throw new HttpError(400, employeeTexts.bankHoursUsedAboveTotal, { field: 'bank_hours_used' });
}
