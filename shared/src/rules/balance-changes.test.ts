import { DEFAULT_LEAVE_POLICY, leavePolicySchema } from '../contracts';
import {
  adjustmentsToReach,
  leaveReturnedEntries,
  leaveTakenEntries,
  openingOfFigures,
  overdrawsSickDays,
  requestRefusal,
  sixFiguresOf,
  sixFiguresOfInput,
  timeCreditEntry,
} from './balance-changes';
import { buildYearLedger, figuresValidUntil, type YearLedgerInput } from './ledger';
import { countLeave } from './work-patterns';

const base: YearLedgerInput = {
  policy: DEFAULT_LEAVE_POLICY,
  person: { hireDate: '2020-03-01', endDate: null, vacationDays: null, sickDays: null },
  year: 2027,
  previous: null,
  entries: [],
  today: '2027-05-10',
};
const week = countLeave(
  { leaveType: 'full_day', startDate: '2027-08-02', endDate: '2027-08-06' },
  { companyPattern: DEFAULT_LEAVE_POLICY.work_pattern },
);

describe(adjustmentsToReach.name, () => {
  it('records what the six figures of PUT /employees/:id/balances need to read back exactly as sent', () => {
    const before = buildYearLedger({ ...base, entries: leaveTakenEntries('vacation', 1, week) });
    const wanted = sixFiguresOfInput({
      vacation_days_total: 27.5,
      vacation_days_used: 3,
      sick_days_total: 10,
      sick_days_used: 1.5,
      bank_hours_total: 12,
      bank_hours_used: 0,
    });
    const adjustments = adjustmentsToReach(sixFiguresOf(before), wanted, {
      date: '2027-05-10',
      note: 'Opening balance',
    });
    expect(adjustments).toEqual([
      expect.objectContaining({ balance: 'vacation', figure: 'total', amount: 2.5, note: 'Opening balance' }),
      expect.objectContaining({ balance: 'vacation', figure: 'used', amount: 2 }),
      expect.objectContaining({ balance: 'sick', figure: 'used', amount: -1.5 }),
      expect.objectContaining({ balance: 'bank', figure: 'total', amount: 12 }),
    ]);
    const after = buildYearLedger({ ...base, entries: [...leaveTakenEntries('vacation', 1, week), ...adjustments] });
    expect(sixFiguresOf(after)).toEqual(wanted);
    expect(after.balances.vacation.remaining).toBe(24.5);
  });

  it('records nothing when the figures are already there', () => {
    const ledger = buildYearLedger(base);
    expect(adjustmentsToReach(sixFiguresOf(ledger), sixFiguresOf(ledger), { date: '2027-05-10', note: null })).toEqual(
      [],
    );
  });
});

describe(leaveReturnedEntries.name, () => {
  it("gives a withdrawn request's days back, day by day", () => {
    const taken = leaveTakenEntries('vacation', 1, week);
    const returned = leaveReturnedEntries(taken, 5);
    expect(returned).toHaveLength(5);
    expect(returned.every((entry) => entry.kind === 'leave_returned' && entry.amount === 1)).toBe(true);
    const ledger = buildYearLedger({ ...base, entries: [...taken, ...returned] });
    expect(ledger.balances.vacation).toMatchObject({ total: 25, used: 0, remaining: 25 });
  });

  it('keeps used at 0 when an admin lowered it meanwhile, as before leave years', () => {
    const taken = leaveTakenEntries('vacation', 1, week);
    const lowered = adjustmentsToReach(
      { vacation: { total: 25, used: 5 }, sick: { total: 10, used: 0 }, bank: { total: 0, used: 0 } },
      { vacation: { total: 25, used: 2 }, sick: { total: 10, used: 0 }, bank: { total: 0, used: 0 } },
      { date: '2027-05-10', note: null },
    );
    const returned = leaveReturnedEntries(taken, 2);
    const ledger = buildYearLedger({ ...base, entries: [...taken, ...lowered, ...returned] });
    expect(ledger.balances.vacation).toMatchObject({ total: 25, used: 0, remaining: 25 });
    expect(returned.at(-1)).toMatchObject({
      kind: 'adjustment',
      figure: 'used',
      amount: -3,
      note: 'Used cannot go below zero',
    });
  });
});

describe(timeCreditEntry.name, () => {
  it("credits the hours to the bank on the day worked, with the credit's reason", () => {
    expect(timeCreditEntry({ id: 3, date: '2027-01-09', hours: 3.5, reason: 'Stocktake' })).toEqual({
      date: '2027-01-09',
      balance: 'bank',
      kind: 'time_credit',
      figure: 'total',
      amount: 3.5,
      note: 'Stocktake',
      leave_request_id: null,
      time_credit_id: 3,
    });
  });
});

describe(requestRefusal.name, () => {
  it('refuses the first year whose part does not fit, in days or hours', () => {
    const parts = [
      { leaveYear: 2026, requested: 4, available: 10 },
      { leaveYear: 2027, requested: 3, available: 2 },
    ];
    expect(requestRefusal('vacation', parts)).toBe(
      'Insufficient vacation balance for 2027: 2 days remaining, 3 requested',
    );
    expect(requestRefusal('bank', [{ leaveYear: 2027, requested: 8, available: 7.5 }])).toBe(
      'Insufficient hours bank balance for 2027: 7.5 hours remaining, 8 requested',
    );
    expect(requestRefusal('vacation', parts.slice(0, 1))).toBeNull();
  });

  it('lets sick days go below zero, with a warning', () => {
    const parts = [{ leaveYear: 2027, requested: 3, available: 2 }];
    expect(requestRefusal('sick', parts)).toBeNull();
    expect(overdrawsSickDays(parts)).toBe(true);
  });
});

describe('leave counted by a person’s pattern', () => {
  it('takes a Monday-to-Wednesday week as 3 days, and its pattern hours from the bank', () => {
    const calendar = {
      companyPattern: leavePolicySchema.parse({}).work_pattern,
      patterns: [
        { effectiveFrom: '2026-01-01', pattern: { mon: 7.5, tue: 7.5, wed: 6, thu: 0, fri: 0, sat: 0, sun: 0 } },
      ],
    };
    const count = countLeave({ leaveType: 'full_day', startDate: '2027-08-02', endDate: '2027-08-06' }, calendar);
    expect(leaveTakenEntries('vacation', 1, count).map((entry) => entry.amount)).toEqual([-1, -1, -1]);
    expect(leaveTakenEntries('bank', 1, count).map((entry) => entry.amount)).toEqual([-7.5, -7.5, -6]);
  });
});

describe(openingOfFigures.name, () => {
  const figures = {
    vacation: { total: 27, used: 4.5 },
    sick: { total: 12, used: 1 },
    bank: { total: 12.5, used: 3 },
  };

  it("opens today's leave year at exactly the figures kept before the ledger, the totals as allowances", () => {
    const opening = openingOfFigures(DEFAULT_LEAVE_POLICY, base.person, figures, '2027-05-10');
    expect(opening).toMatchObject({ year: 2027, vacationDays: 27, sickDays: 12, validUntil: '2027-12-31' });
    expect(opening.entries.every((entry) => entry.kind === 'adjustment' && entry.date === '2027-01-01')).toBe(true);
    const person = { ...base.person, vacationDays: 27, sickDays: 12 };
    const ledger = buildYearLedger({ ...base, person, entries: opening.entries });
    expect(sixFiguresOf(ledger)).toEqual(figures);
  });

  it('opens the year of today under an April year, and renews the allowance the next year', () => {
    const policy = leavePolicySchema.parse({ leave_year_start_month: 4 });
    const opening = openingOfFigures(policy, base.person, figures, '2027-02-10');
    expect(opening.year).toBe(2026);
    const person = { ...base.person, vacationDays: 27, sickDays: 12 };
    const ledger = buildYearLedger({
      ...base,
      policy,
      person,
      year: 2026,
      today: '2027-02-10',
      entries: opening.entries,
    });
    expect(sixFiguresOf(ledger)).toEqual(figures);
    const next = buildYearLedger({
      ...base,
      policy,
      person,
      year: 2027,
      today: '2027-04-01',
      previous: ledger.closing,
    });
    expect(next.balances.vacation.total).toBe(27);
  });
});

describe(figuresValidUntil.name, () => {
  it("holds to the year's end upfront, and to the day before the next accrual monthly", () => {
    expect(figuresValidUntil(buildYearLedger(base))).toBe('2027-12-31');
    const monthly = leavePolicySchema.parse({ vacation: { accrual: 'monthly' } });
    expect(figuresValidUntil(buildYearLedger({ ...base, policy: monthly }))).toBe('2027-05-31');
  });

  it('holds to the day before carried days expire', () => {
    const policy = leavePolicySchema.parse({ vacation: { carry_over_max_days: 5, carry_over_expiry_months: 3 } });
    const previous = buildYearLedger({ ...base, policy, year: 2026, today: '2027-01-10' }).closing;
    const ledger = buildYearLedger({ ...base, policy, previous, today: '2027-02-01' });
    expect(figuresValidUntil(ledger)).toBe('2027-03-31');
  });
});
