import { DEFAULT_WORK_PATTERN, leavePolicySchema } from '../contracts';
import { leaveTakenEntries, timeCreditEntry } from './balance-changes';
import type { LeavePeriod } from './leaves';
import { buildYearLedger, type YearClosing } from './ledger';
import { balanceOnDate, balancesOnDate, lowUptake, vacationUptake } from './uptake';
import { countLeave } from './work-patterns';

const calendar = { companyPattern: DEFAULT_WORK_PATTERN, holidays: new Set(['2027-01-01']) };
const fullDays = (startDate: string, endDate: string): LeavePeriod => ({ leaveType: 'full_day', startDate, endDate });
const taken = (balance: 'vacation' | 'sick' | 'bank', id: number, period: LeavePeriod) =>
  leaveTakenEntries(balance, id, countLeave(period, calendar));

// 25 days upfront; at most 5 days carried, expiring unless used by 31 March.
const policy = leavePolicySchema.parse({ vacation: { carry_over_max_days: 5, carry_over_expiry_months: 3 } });
const closing2026: YearClosing = {
  year: 2026,
  balances: {
    vacation: { total: 25, used: 17, remaining: 8 },
    sick: { total: 10, used: 0, remaining: 10 },
    bank: { total: 0, used: 0, remaining: 0 },
  },
  bankLots: [],
};
const ledger = buildYearLedger({
  policy,
  person: { hireDate: '2020-01-01', endDate: null, vacationDays: null, sickDays: null },
  year: 2027,
  previous: closing2026,
  entries: [
    ...taken('vacation', 1, fullDays('2027-02-01', '2027-02-02')),
    ...taken('vacation', 2, fullDays('2027-03-08', '2027-03-08')),
    ...taken('vacation', 3, fullDays('2027-08-02', '2027-08-06')),
    ...taken('sick', 4, fullDays('2027-02-15', '2027-02-15')),
    timeCreditEntry({ id: 1, date: '2027-01-20', hours: 8, reason: 'Inventory weekend' }),
    ...taken('bank', 5, {
      leaveType: 'partial_day',
      startDate: '2027-03-01',
      endDate: '2027-03-01',
      startTime: '09:00',
      endTime: '13:00',
    }),
  ],
  pending: { vacation: 1 },
  today: '2027-02-15',
});

describe(balanceOnDate.name, () => {
  it('splits approved leave into taken and booked at the day, and names the carried days about to expire', () => {
    // 25 + 5 carried; 2 days taken by 15 Feb, 1 + 5 booked after; 5 carried − 3 used before 1 April = 2 expiring.
    expect(balanceOnDate(ledger, 'vacation', '2027-02-15')).toEqual({
      entitlement: 30,
      taken: 2,
      booked: 6,
      pending: 1,
      remaining: 22,
      carried: 5,
      expiring: 2,
      expiring_on: '2027-03-31',
    });
  });

  it('once the carried days expired, takes them off the entitlement and has nothing left to expire', () => {
    expect(balanceOnDate(ledger, 'vacation', '2027-04-15')).toEqual({
      entitlement: 28,
      taken: 3,
      booked: 5,
      pending: 1,
      remaining: 20,
      carried: 5,
      expiring: 0,
      expiring_on: null,
    });
  });

  it('answers sick days and the hours bank alike', () => {
    expect(balancesOnDate(ledger, '2027-02-15')).toMatchObject({
      sick: { entitlement: 10, taken: 1, booked: 0, remaining: 9, carried: 0, expiring: 0, expiring_on: null },
      bank: { entitlement: 8, taken: 0, booked: 4, remaining: 4, carried: 0, expiring: 0, expiring_on: null },
    });
  });

  it('refuses a day outside the ledger’s year', () => {
    expect(() => balanceOnDate(ledger, 'vacation', '2028-01-01')).toThrow(RangeError);
  });
});

describe(vacationUptake.name, () => {
  it("divides the vacation taken by the day by the whole year's allowance, carried days included", () => {
    expect(vacationUptake(ledger, '2027-02-15')).toEqual({ allowance: 30, taken: 2, share: 0.0667 });
    expect(vacationUptake(ledger, '2027-12-31')).toEqual({ allowance: 30, taken: 8, share: 0.2667 });
  });
});

describe(lowUptake.name, () => {
  it('lists the people under the threshold, lowest share first, never those with no allowance', () => {
    const people = [
      { employeeId: 2, name: 'Ben', uptake: { allowance: 25, taken: 12.5, share: 0.5 } },
      { employeeId: 1, name: 'Ana', uptake: vacationUptake(ledger, '2027-02-15') },
      { employeeId: 4, name: 'Dan', uptake: { allowance: 20, taken: 4, share: 0.2 } },
      { employeeId: 3, name: 'Cy', uptake: { allowance: 0, taken: 0, share: null } },
    ];
    expect(lowUptake(people, 0.25)).toEqual([
      { employee_id: 1, label: 'Ana', allowance: 30, taken: 2, share: 0.0667 },
      { employee_id: 4, label: 'Dan', allowance: 20, taken: 4, share: 0.2 },
    ]);
  });
});
