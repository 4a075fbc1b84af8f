/**
 * The only code of the employees domain that touches the database. One choice: Sequelize models.
 * People are read and written one at a time, in Sequelize transactions that billing's checkout and
 * auth's invitations share. A list page is the exception every list makes: Postgres writes its JSON
 * (db/json-pages.ts) from the employee's one record definition (employee-record.ts). So is the seat
 * count, SQL that the dashboard's summary counts with inside its own statement.
 */
import { Op, QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import {
  Company,
  companyOf,
  Employee,
  employeeTexts,
  Invitation,
  Subscription,
  User,
  type EMPLOYEE_SORT_FIELDS,
} from '@teamfolk/shared';
import { queryParameters, selectJsonPage, type JsonPage } from '../db/json-pages';
import { HttpError } from '../http/errors';
import { likePattern, type ListQuery } from '../http/list-query';
import { EMPLOYEE_RECORD } from './employee-record';

export type EmployeeSortField = (typeof EMPLOYEE_SORT_FIELDS)[number];

/** Which of a company's employees a list page shows, and in which order. */
export interface EmployeePageCriteria {
  companyId: number;
  /** Part of a name, an address or a job role, any case. */
  search: string | null;
  /** These employees only (react-admin's getMany). */
  ids: number[] | null;
  /** The members of this team only. */
  teamId: number | null;
  sort: ListQuery<EmployeeSortField>['sort'];
  range: ListQuery<EmployeeSortField>['range'];
}

/** Names, addresses and roles sort whatever their case; the rest as stored. */
const SORT_EXPRESSIONS: Record<EmployeeSortField, string> = {
  id: EMPLOYEE_RECORD.sql('id'),
  name: `lower(${EMPLOYEE_RECORD.sql('name')})`,
  email: `lower(${EMPLOYEE_RECORD.sql('email')})`,
  role: `lower(${EMPLOYEE_RECORD.sql('role')})`,
  hire_date: EMPLOYEE_RECORD.sql('hire_date'),
  birthday: EMPLOYEE_RECORD.sql('birthday'),
  created_at: EMPLOYEE_RECORD.sql('created_at'),
  vacation_days_remaining: EMPLOYEE_RECORD.sql('vacation_days_remaining'),
  sick_days_remaining: EMPLOYEE_RECORD.sql('sick_days_remaining'),
  bank_hours_remaining: EMPLOYEE_RECORD.sql('bank_hours_remaining'),
};

/** What an admin fills in on a profile. */
type ProfileField = 'name' | 'email' | 'jobRole' | 'hireDate' | 'birthday' | 'endDate';

/**
 * What a new profile is given; the rest takes the table's defaults. Balances are the ledger's
 * (balances/), which writes their figures.
 */
export type NewEmployee = Pick<
  Employee,
  'companyId' | ProfileField | 'teamId' | 'vacationDaysAllowance' | 'sickDaysAllowance'
>;

export type EmployeeChanges = Partial<Pick<Employee, ProfileField | 'teamId' | 'deletedAt'>>;

/**
 * The seats a company pays for: its employees not removed (admins are not employees). The one
 * definition of a seat, as a SQL count over `companyId`, the company id's placeholder in the caller's
 * statement.
 */
export const seatCountSql = (companyId: string) =>
  `(SELECT count(*) FROM employees WHERE company_id = ${companyId} AND deleted_at IS NULL)`;

/** The company's seats (seatCountSql). Inside a transaction, pass it. Billing and its workers count with this. */
export async function countSeats(companyId: number, transaction?: Transaction): Promise<number> {
  const [row] = await Employee.sequelize!.query<{ seats: string }>(`SELECT ${seatCountSql(':companyId')} AS seats`, {
    replacements: { companyId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return Number(row!.seats);
}

/**
 * An address is unique among a company's employees and among sign-ins (unique indexes): a write that
 * collides with one saved since the checks read answers as the checks do.
 */
async function withUniqueAddress<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new HttpError(409, employeeTexts.emailTaken, { field: 'email' });
    throw error;
  }
}

export class EmployeesRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** Runs `work` in a transaction, or in a savepoint of `outer` when given. */
  transaction<T>(work: (transaction: Transaction) => Promise<T>, outer?: Transaction): Promise<T> {
    return this.sequelize.transaction(outer ? { transaction: outer } : {}, work);
  }

  /** A page of the company's employees as the JSON array the API answers. */
  page({ companyId, search, ids, teamId, sort, range }: EmployeePageCriteria): Promise<JsonPage> {
    const parameters = queryParameters();
    const { param } = parameters;
    const conditions = [`e.company_id = ${param(companyId)}`, 'e.deleted_at IS NULL'];
    if (search !== null) {
      const pattern = param(likePattern(search));
      conditions.push(`(e.name ILIKE ${pattern} OR e.email ILIKE ${pattern} OR e.job_role ILIKE ${pattern})`);
    }
    if (ids !== null) conditions.push(`e.id = ANY(${param(ids)})`);
    if (teamId !== null) conditions.push(`e.team_id = ${param(teamId)}`);
    return selectJsonPage(this.sequelize, EMPLOYEE_RECORD, {
      conditions,
      parameters,
      order: sort ? `${SORT_EXPRESSIONS[sort.field]} ${sort.order}, e.id` : 'lower(e.name), e.id',
      range,
    });
  }

  /** An employee of the company not removed; inside a transaction, locked for its update. */
  find(companyId: number, id: number, transaction?: Transaction): Promise<Employee | null> {
    return Employee.findOne({
      where: { id, companyId, deletedAt: null },
      ...(transaction ? { transaction, lock: transaction.LOCK.UPDATE } : {}),
    });
  }

  create(employee: NewEmployee, transaction: Transaction): Promise<Employee> {
    return withUniqueAddress(() => Employee.create(employee, { transaction }));
  }

  async update(employee: Employee, changes: EmployeeChanges, transaction: Transaction): Promise<void> {
    await withUniqueAddress(() => employee.update(changes, { transaction }));
  }

  /** Whether the company has this team, held against its deletion until the transaction ends. */
  async holdTeam(companyId: number, teamId: number, transaction: Transaction): Promise<boolean> {
    const rows = await this.sequelize.query(
      'SELECT 1 FROM teams WHERE id = :teamId AND company_id = :companyId FOR KEY SHARE',
      { replacements: { companyId, teamId }, type: QueryTypes.SELECT, transaction },
    );
    return rows.length > 0;
  }

  /** The person's sign-in follows their profile's name and address. */
  async updateSignIn(employee: Employee, transaction: Transaction): Promise<void> {
    if (!employee.userId) return;
    const { name, email } = employee;
    await withUniqueAddress(() =>
      User.update({ name, email }, { where: { id: employee.userId!, companyId: employee.companyId }, transaction }),
    );
  }

  /** Open invitations greet the person by the name their profile has now. */
  async renameOpenInvitations(employee: Employee, transaction: Transaction): Promise<void> {
    await Invitation.update(
      { name: employee.name },
      { where: { employeeId: employee.id, companyId: employee.companyId, acceptedAt: null }, transaction },
    );
  }

  /** Stops the person's sign-in at once: disabled, and every token it holds voided. */
  async disableSignIn(employee: Employee, at: Date, transaction: Transaction): Promise<void> {
    if (!employee.userId) return;
    const where = { id: employee.userId, companyId: employee.companyId };
    await User.update({ disabledAt: at }, { where, transaction });
    await User.increment('tokenVersion', { where, transaction });
  }

  async revokeOpenInvitations(employee: Employee, at: Date, transaction: Transaction): Promise<void> {
    await Invitation.update(
      { revokedAt: at },
      { where: { employeeId: employee.id, acceptedAt: null, revokedAt: null }, transaction },
    );
  }

  /**
   * Whether the company's employees not removed (but `except`) or its active sign-ins (but
   * `except`'s) use the address. A removed person's disabled sign-in does not count.
   */
  async addressInUse(
    companyId: number,
    email: string,
    except: Employee | null,
    transaction: Transaction,
  ): Promise<boolean> {
    const [employee, user] = await Promise.all([
      Employee.findOne({
        where: { companyId, email, deletedAt: null, ...(except ? { id: { [Op.ne]: except.id } } : {}) },
        transaction,
      }),
      User.findOne({
        where: { companyId, email, disabledAt: null, ...(except?.userId ? { id: { [Op.ne]: except.userId } } : {}) },
        transaction,
      }),
    ]);
    return Boolean(employee || user);
  }

  /** The company a sign-in with this address belongs to, whichever company that is; null for none. */
  companyOfSignIn(email: string, transaction: Transaction): Promise<number | null> {
    return companyOf(this.sequelize, 'user-email', email, transaction);
  }

  /** What an invitation names: the company, and the admin who sends it. */
  async invitationSender(
    companyId: number,
    userId: number,
    transaction: Transaction,
  ): Promise<{ companyName: string; inviterName: string }> {
    const [company, admin] = await Promise.all([
      Company.findByPk(companyId, { transaction, rejectOnEmpty: true }),
      User.findByPk(userId, { transaction, rejectOnEmpty: true }),
    ]);
    return { companyName: company.name, inviterName: admin.name };
  }

  subscription(companyId: number, transaction?: Transaction): Promise<Subscription | null> {
    return Subscription.findOne({ where: { companyId }, transaction });
  }
}
