import fc from 'fast-check';
import { QueryTypes } from 'sequelize';
import {
  Employee,
  LEAVE_STATUSES,
  LeaveRequest,
  remaining,
  remainingIn,
  REQUEST_TYPES,
  runAsCompany,
} from '@teamfolk/shared';
import { createTestDatabase, type TestDatabase } from '@teamfolk/shared/testing';
import { employeeRecordOf } from '../employees/employee-record';
import { EmployeesRepository } from '../employees/employees.repository';
import { LEAVE_RECORD, toLeaveRecord, type LeaveRow } from '../leaves/leave-record';
import { LeavesRepository } from '../leaves/leaves.repository';
import { createCompanyWithAdmin } from '../testing/factories';
import { derived, numeric } from './record-definition';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

/** A balance as numeric(6, 1) holds it: 0 to 99,999.9, in tenths. */
const balance = fc.integer({ min: 0, max: 999_999 }).map((tenths) => tenths / 10);
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** A partial day's hours: a start before an end, on the minute. */
const hours = fc
  .uniqueArray(fc.integer({ min: 0, max: 24 * 60 - 1 }), { minLength: 2, maxLength: 2 })
  .map((minutes) => minutes.sort((a, b) => a - b).map(clockOf) as [string, string]);
const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2040-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const name = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).filter((text) => !text.includes('\u0000'));

describe('a derived field', () => {
  it('computes in Postgres what the balances rule computes in JavaScript, as the API writes it', async () => {
    const pairs = fc.sample(fc.tuple(balance, balance), 2_000);
    const field = derived(remainingIn, numeric('total'), numeric('used'));
    const rows = await db.sequelize.query<{ json: string }>(
      `SELECT ${field.json('v')}::text AS json
         FROM unnest(ARRAY[:totals]::numeric[], ARRAY[:used]::numeric[]) WITH ORDINALITY AS v(total, used, ordinal)
        ORDER BY v.ordinal`,
      {
        replacements: { totals: pairs.map(([total]) => total), used: pairs.map(([, used]) => used) },
        type: QueryTypes.SELECT,
      },
    );
    expect(rows.map((row) => row.json)).toEqual(pairs.map(([total, used]) => JSON.stringify(remaining(total, used))));
  });
});

describe('a record definition', () => {
  it("makes of an employee's row, in JavaScript, the record Postgres writes on a list page", async () => {
    const { company } = await createCompanyWithAdmin();
    const people = fc.sample(
      fc.record({
        name,
        jobRole: fc.string({ maxLength: 20 }).filter((text) => !text.includes('\u0000')),
        hireDate: day,
        birthday: fc.option(day, { nil: null }),
        balances: fc.array(balance, { minLength: 6, maxLength: 6 }),
      }),
      60,
    );
    await Employee.bulkCreate(
      people.map((person, index) => {
        const [vacationTotal, vacationUsed, sickTotal, sickUsed, bankTotal, bankUsed] = person.balances as [
          number,
          number,
          number,
          number,
          number,
          number,
        ];
        return {
          companyId: company.id,
          name: person.name,
          email: `record-${index}@example.com`,
          jobRole: person.jobRole,
          hireDate: person.hireDate,
          birthday: person.birthday,
          vacationDaysTotal: vacationTotal,
          vacationDaysUsed: vacationUsed,
          sickDaysTotal: sickTotal,
          sickDaysUsed: sickUsed,
          bankHoursTotal: bankTotal,
          bankHoursUsed: bankUsed,
        };
      }),
    );
    const page = await runAsCompany(company.id, () =>
      new EmployeesRepository(db.sequelize).page({
        companyId: company.id,
        search: null,
        teamId: null,
        ids: null,
        sort: { field: 'id', order: 'ASC' },
        range: null,
      }),
    );
    const loaded = await Employee.findAll({ where: { companyId: company.id }, order: [['id', 'ASC']] });
    expect(page.count).toBe(people.length);
    expect(page.body.toString()).toBe(JSON.stringify(loaded.map(employeeRecordOf)));
  });

  it("makes of a leave request's row, in JavaScript, the record Postgres writes on a list page", async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const requests = fc.sample(
      fc.record({
        employeeName: name,
        requestType: fc.constantFrom(...REQUEST_TYPES),
        days: fc.uniqueArray(day, { minLength: 2, maxLength: 2 }).map((days) => days.sort()),
        partialDay: fc.option(hours, { nil: null }),
        reason: fc.option(name, { nil: null }),
        daysCount: balance,
        hoursCount: balance,
        status: fc.constantFrom(...LEAVE_STATUSES),
        createdAt: instant,
        decidedAt: fc.option(instant, { nil: null }),
      }),
      60,
    );
    await LeaveRequest.bulkCreate(
      requests.map((request) => ({
        companyId: company.id,
        employeeId: null,
        userId: admin.id,
        employeeName: request.employeeName,
        requestType: request.requestType,
        leaveType: request.partialDay ? ('partial_day' as const) : ('full_day' as const),
        startDate: request.days[0]!,
        endDate: request.partialDay ? request.days[0]! : request.days[1]!,
        startTime: request.partialDay?.[0] ?? null,
        endTime: request.partialDay?.[1] ?? null,
        reason: request.reason,
        daysCount: request.daysCount,
        hoursCount: request.hoursCount,
        status: request.status,
        createdBy: admin.id,
        createdAt: request.createdAt,
        decidedAt: request.decidedAt,
      })),
    );
    const page = await runAsCompany(company.id, () =>
      new LeavesRepository(db.sequelize).page({
        companyId: company.id,
        ownedByUser: null,
        approvedTeams: [],
        toDecide: false,
        status: null,
        requestType: null,
        employeeId: null,
        from: null,
        to: null,
        sort: { field: 'id', order: 'ASC' },
        range: null,
      }),
    );
    const rows = await db.sequelize.query<LeaveRow>(
      `SELECT ${LEAVE_RECORD.columnList} FROM ${LEAVE_RECORD.from} WHERE l.company_id = :companyId ORDER BY l.id`,
      { replacements: { companyId: company.id }, type: QueryTypes.SELECT },
    );
    expect(page.count).toBe(requests.length);
    expect(page.body.toString()).toBe(JSON.stringify(rows.map(toLeaveRecord)));
  });
});
