import { DEFAULT_LEAVE_POLICY, leavePolicySchema, yearOpeningText, type LeavePolicyInput } from '../contracts';
import { leaveTakenEntries, requestRefusal, timeCreditEntry } from './balance-changes';
import {
  availableForRequest,
  availableOn,
  balancesOnReply,
  buildYearLedger,
  closeYear,
  derivedEntriesOf,
  ledgerLines,
  ledgerReply,
  type PersonTerms,
  type YearClosing,
  type YearLedgerInput,
} from './ledger';
import { countLeave } from './work-patterns';

const person = (terms: Partial<PersonTerms> = {}): PersonTerms => ({
  hireDate: '2020-03-01',
  endDate: null,
  vacationDays: null,
  sickDays: null,
  ...terms,
});
const policyOf = (input: LeavePolicyInput = {}) => leavePolicySchema.parse(input);
const ledgerOf = (input: Partial<YearLedgerInput> & Pick<YearLedgerInput, 'year' | 'today'>) =>
  buildYearLedger({ policy: DEFAULT_LEAVE_POLICY, person: person(), previous: null, entries: [], ...input });
const closing = (year: number, remaining: { vacation?: number; sick?: number; bank?: number }): YearClosing => ({
  year,
  balances: {
    vacation: { total: 25, used: 25 - (remaining.vacation ?? 0), remaining: remaining.vacation ?? 0 },
    sick: { total: 10, used: 10 - (remaining.sick ?? 0), remaining: remaining.sick ?? 0 },
    bank: { total: remaining.bank ?? 0, used: 0, remaining: remaining.bank ?? 0 },
  },
  bankLots: remaining.bank ? [{ grantedOn: `${year}-06-01`, hours: remaining.bank, expiringOn: null }] : [],
});
/** Approved full days of a request, Monday–Friday 8 h. */
const taken = (balance: 'vacation' | 'sick' | 'bank', id: number, startDate: string, endDate: string, startMonth = 1) =>
  leaveTakenEntries(
    balance,
    id,
    countLeave(
      { leaveType: 'full_day', startDate, endDate },
      { companyPattern: DEFAULT_LEAVE_POLICY.work_pattern },
      startMonth,
    ),
  );
const figures = (ledger: ReturnType<typeof buildYearLedger>, balance: 'vacation' | 'sick' | 'bank') => {
  const { total, used, remaining } = ledger.balances[balance];
  return { total, used, remaining };
};

describe(buildYearLedger.name, () => {
  describe('with the default policy', () => {
    it('gives 25 vacation days, 10 sick days and an empty hours bank, as before leave years', () => {
      const ledger = ledgerOf({ year: 2027, today: '2027-05-10' });
      expect(figures(ledger, 'vacation')).toEqual({ total: 25, used: 0, remaining: 25 });
      expect(figures(ledger, 'sick')).toEqual({ total: 10, used: 0, remaining: 10 });
      expect(figures(ledger, 'bank')).toEqual({ total: 0, used: 0, remaining: 0 });
    });

    it('counts approved leave as used once approved, also its days still to come', () => {
      const ledger = ledgerOf({
        year: 2027,
        today: '2027-05-10',
        entries: taken('vacation', 1, '2027-08-02', '2027-08-06'),
      });
      expect(figures(ledger, 'vacation')).toEqual({ total: 25, used: 5, remaining: 20 });
    });

    it('starts the next year afresh for vacation and sick days; the hours bank carries', () => {
      const ledger = ledgerOf({
        year: 2028,
        today: '2028-01-03',
        previous: closing(2027, { vacation: 7, sick: -2, bank: 6 }),
      });
      expect(figures(ledger, 'vacation')).toEqual({ total: 25, used: 0, remaining: 25 });
      expect(figures(ledger, 'sick')).toEqual({ total: 10, used: 0, remaining: 10 });
      expect(figures(ledger, 'bank')).toEqual({ total: 6, used: 0, remaining: 6 });
    });
  });

  describe('carry-over', () => {
    const carrying = policyOf({ vacation: { carry_over_max_days: 5, carry_over_expiry_months: 3 } });

    it('opens 2027 with 27.5 days: 25 allowance + 2.5 carried, 2.5 expiring 31 March', () => {
      const ledger = ledgerOf({
        policy: carrying,
        year: 2027,
        today: '2026-12-15',
        previous: closing(2026, { vacation: 2.5 }),
      });
      expect(ledger.balances.vacation.total).toBe(27.5);
      expect(ledger.vacationCarryOver).toMatchObject({ carriedIn: 2.5, expiring: 2.5, expiringOn: '2027-03-31' });
      expect(
        yearOpeningText({
          on: ledger.bounds.start,
          granted: 25,
          accrual: 'upfront',
          carried: ledger.vacationCarryOver.carriedIn,
          expiring: ledger.vacationCarryOver.expiring,
          expiringOn: ledger.vacationCarryOver.expiringOn,
        }),
      ).toBe('27.5 days on 1 Jan 2027: 25 allowance + 2.5 carried, 2.5 expiring 31 Mar');
    });

    it('carries min(cap, remaining at the end of the year before)', () => {
      const over = ledgerOf({
        policy: carrying,
        year: 2027,
        today: '2027-01-04',
        previous: closing(2026, { vacation: 8 }),
      });
      const under = ledgerOf({
        policy: carrying,
        year: 2027,
        today: '2027-01-04',
        previous: closing(2026, { vacation: 3 }),
      });
      expect(over.vacationCarryOver.carriedIn).toBe(5);
      expect(under.vacationCarryOver.carriedIn).toBe(3);
    });

    it('uses carried days first and removes the unused rest after the expiry month', () => {
      const entries = taken('vacation', 1, '2027-02-08', '2027-02-10'); // 3 days
      const before = ledgerOf({
        policy: carrying,
        year: 2027,
        today: '2027-03-31',
        previous: closing(2026, { vacation: 5 }),
        entries,
      });
      const after = ledgerOf({
        policy: carrying,
        year: 2027,
        today: '2027-04-01',
        previous: closing(2026, { vacation: 5 }),
        entries,
      });
      expect(figures(before, 'vacation')).toEqual({ total: 30, used: 3, remaining: 27 });
      expect(before.vacationCarryOver).toMatchObject({ expiring: 2, expiringOn: '2027-03-31', expired: 0 });
      expect(figures(after, 'vacation')).toEqual({ total: 28, used: 3, remaining: 25 });
      expect(after.vacationCarryOver).toMatchObject({ expiring: 0, expiringOn: null, expired: 2 });
      expect(after.entries.find((entry) => entry.kind === 'expiry')).toMatchObject({
        date: '2027-04-01',
        balance: 'vacation',
        amount: -2,
        note: 'Carried days not used by 31 Mar 2027',
      });
    });

    it('counts a request across the expiry date only by its days up to it', () => {
      const entries = taken('vacation', 1, '2027-03-29', '2027-04-02'); // 3 days in March, 2 in April
      const ledger = ledgerOf({
        policy: carrying,
        year: 2027,
        today: '2027-05-01',
        previous: closing(2026, { vacation: 5 }),
        entries,
      });
      expect(ledger.vacationCarryOver.expired).toBe(2);
      expect(figures(ledger, 'vacation')).toEqual({ total: 28, used: 5, remaining: 23 });
    });

    it('never carries sick days', () => {
      const ledger = ledgerOf({
        policy: carrying,
        year: 2027,
        today: '2027-01-04',
        previous: closing(2026, { sick: 6 }),
      });
      expect(figures(ledger, 'sick')).toEqual({ total: 10, used: 0, remaining: 10 });
    });

    it('projects next year’s carry-over from today’s figures, with nothing more taken', () => {
      const thisYear = ledgerOf({
        policy: carrying,
        year: 2027,
        today: '2027-06-01',
        entries: taken('vacation', 1, '2027-06-07', '2027-06-25'), // 15 days
      });
      expect(thisYear.vacationCarryOver.carriedOut).toBe(5);
      const nextYear = ledgerOf({ policy: carrying, year: 2028, today: '2027-06-01', previous: closeYear(thisYear) });
      expect(nextYear.vacationCarryOver.carriedIn).toBe(5);
      expect(nextYear.balances.vacation.total).toBe(30);
    });
  });

  describe('accrual and pro rata', () => {
    it('accrues a twelfth at the start of each month: 6.3 days by 15 March of 25', () => {
      const ledger = ledgerOf({
        policy: policyOf({ vacation: { accrual: 'monthly' } }),
        year: 2027,
        today: '2027-03-15',
      });
      expect(ledger.balances.vacation).toMatchObject({ total: 6.3, remaining: 6.3, projected_year_end: 25 });
      expect(ledgerLines(ledger).filter((line) => line.kind === 'accrual' && line.projected)).toHaveLength(9);
    });

    it('gives someone hired 1 July 2027 with 24 days 12.0 days pro rata', () => {
      const ledger = ledgerOf({
        policy: policyOf({ vacation: { pro_rata: true } }),
        person: person({ hireDate: '2027-07-01', vacationDays: 24 }),
        year: 2027,
        today: '2027-07-01',
      });
      expect(ledger.balances.vacation.total).toBe(12);
      expect(ledger.entries[0]).toMatchObject({
        kind: 'allowance',
        amount: 12,
        note: '24 days pro rata: employed 184 of 365 days',
      });
    });
  });

  describe('hours bank', () => {
    it('adds approved time in lieu and expires what is unused after the term', () => {
      const ledger = ledgerOf({
        policy: policyOf({ hours_bank: { credit_expiry_months: 3 } }),
        year: 2027,
        today: '2027-05-02',
        entries: [
          timeCreditEntry({ id: 4, date: '2027-01-15', hours: 6, reason: 'Stocktake' }),
          ...taken('bank', 9, '2027-02-01', '2027-02-01').map((entry) => ({ ...entry, amount: -4 })),
        ],
      });
      expect(figures(ledger, 'bank')).toEqual({ total: 4, used: 4, remaining: 0 });
      expect(ledgerLines(ledger).map((line) => [line.date, line.kind, line.amount, line.running_total])).toEqual([
        ['2027-01-01', 'allowance', 25, 25],
        ['2027-01-01', 'allowance', 10, 10],
        ['2027-01-15', 'time_credit', 6, 6],
        ['2027-02-01', 'leave', -4, 2],
        ['2027-04-15', 'expiry', -2, 0],
      ]);
    });
  });

  describe('available on a date', () => {
    const monthly = policyOf({ vacation: { accrual: 'monthly' } });

    it("is what is granted by the date less the year's approved leave", () => {
      const ledger = ledgerOf({
        policy: monthly,
        year: 2027,
        today: '2027-01-10',
        entries: taken('vacation', 1, '2027-01-11', '2027-01-12'),
      });
      expect(availableOn(ledger, '2027-01-31').vacation).toBe(0.1);
      expect(availableOn(ledger, '2027-03-01').vacation).toBe(4.3);
      expect(availableOn(ledger, '2027-12-31').vacation).toBe(ledger.balances.vacation.projected_year_end);
    });

    it('answers the balances route for a day of next year, carrying this year’s projected end', () => {
      const carrying = policyOf({ vacation: { carry_over_max_days: 5 } });
      const thisYear = ledgerOf({
        policy: carrying,
        year: 2027,
        today: '2027-11-02',
        entries: taken('vacation', 1, '2027-11-08', '2027-11-26'),
      }); // 15 days
      const nextYear = ledgerOf({ policy: carrying, year: 2028, today: '2027-11-02', previous: closeYear(thisYear) });
      expect(balancesOnReply(nextYear, '2028-02-01')).toEqual({
        on: '2028-02-01',
        vacation: { available: 30 },
        sick: { available: 10 },
        bank: { available: 0 },
      });
    });

    it('checks a request that started already against today', () => {
      const ledger = ledgerOf({ policy: monthly, year: 2027, today: '2027-04-20' });
      expect(availableForRequest(ledger, '2027-01-05', '2027-04-20').vacation).toBe(8.3);
      expect(availableForRequest(ledger, '2027-06-01', '2027-04-20').vacation).toBe(12.5);
    });

    it("refuses a request across New Year that the second year's balance cannot cover, naming that year", () => {
      const request = countLeave(
        { leaveType: 'full_day', startDate: '2026-12-28', endDate: '2027-01-05' },
        { companyPattern: DEFAULT_LEAVE_POLICY.work_pattern },
      );
      const ledgers = {
        2026: ledgerOf({ year: 2026, today: '2026-12-01' }),
        2027: ledgerOf({ year: 2027, today: '2026-12-01', entries: taken('vacation', 1, '2027-02-01', '2027-03-03') }), // 23 days
      };
      const parts = request.perYear.map((part) => ({
        leaveYear: part.leaveYear,
        requested: part.days,
        available: availableForRequest(ledgers[part.leaveYear as 2026 | 2027], part.firstDay, '2026-12-01').vacation,
      }));
      expect(requestRefusal('vacation', parts)).toBe(
        'Insufficient vacation balance for 2027: 2 days remaining, 3 requested',
      );
    });
  });

  describe('the ledger view', () => {
    it('gathers the days of one request into a line, with running totals ending at the projected year end', () => {
      const entries = [
        ...taken('vacation', 7, '2027-08-02', '2027-08-06'),
        ...taken('vacation', 8, '2027-08-09', '2027-08-09'),
      ];
      const reply = ledgerReply(ledgerOf({ year: 2027, today: '2027-05-10', entries }));
      expect(reply.year).toEqual({ year: 2027, start: '2027-01-01', end: '2027-12-31' });
      expect(reply.entries.filter((line) => line.balance === 'vacation')).toEqual([
        expect.objectContaining({
          date: '2027-01-01',
          kind: 'allowance',
          amount: 25,
          running_total: 25,
          projected: false,
        }),
        expect.objectContaining({
          date: '2027-08-02',
          end_date: '2027-08-06',
          kind: 'leave',
          amount: -5,
          running_total: 20,
          leave_request_id: 7,
        }),
        expect.objectContaining({
          date: '2027-08-09',
          end_date: null,
          kind: 'leave',
          amount: -1,
          running_total: 19,
          leave_request_id: 8,
        }),
      ]);
      expect(reply.balances.vacation.projected_year_end).toBe(19);
    });

    it('works out a future year on its first day and a past one on its last', () => {
      const monthly = policyOf({ vacation: { accrual: 'monthly' } });
      expect(ledgerOf({ policy: monthly, year: 2028, today: '2027-06-01' }).figuresOn).toBe('2028-01-01');
      expect(ledgerOf({ policy: monthly, year: 2026, today: '2027-06-01' }).balances.vacation.total).toBe(25);
    });

    it('refuses the closing of a year other than the one before', () => {
      expect(() => ledgerOf({ year: 2027, today: '2027-05-10', previous: closing(2025, {}) })).toThrow(RangeError);
    });

    it('refuses recorded entries of a derived kind, which would count twice', () => {
      const allowance = {
        ...taken('vacation', 1, '2027-02-01', '2027-02-01')[0]!,
        kind: 'allowance' as const,
        amount: 5,
      };
      expect(() => ledgerOf({ year: 2027, today: '2027-05-10', entries: [allowance] })).toThrow(RangeError);
    });

    it('refuses entries of another year', () => {
      expect(() =>
        ledgerOf({ year: 2027, today: '2027-05-10', entries: taken('vacation', 1, '2028-01-03', '2028-01-03') }),
      ).toThrow(RangeError);
    });
  });

  describe('with an April leave year', () => {
    it('grants 2027 on 1 April 2027 and counts leave of March 2028 in it', () => {
      const april = policyOf({ leave_year_start_month: 4 });
      const ledger = ledgerOf({
        policy: april,
        year: 2027,
        today: '2028-03-01',
        entries: taken('vacation', 1, '2028-03-27', '2028-03-31', 4),
      });
      expect(ledger.bounds).toEqual({ year: 2027, start: '2027-04-01', end: '2028-03-31' });
      expect(ledger.entries[0]).toMatchObject({ date: '2027-04-01', kind: 'allowance', amount: 25 });
      expect(figures(ledger, 'vacation')).toEqual({ total: 25, used: 5, remaining: 20 });
    });
  });
});

describe(derivedEntriesOf.name, () => {
  const input = {
    policy: policyOf({ vacation: { accrual: 'monthly', carry_over_max_days: 5, carry_over_expiry_months: 3 } }),
    year: 2027,
    previous: closing(2026, { vacation: 4 }),
    entries: taken('vacation', 1, '2027-02-01', '2027-02-02'),
  };

  it('keeps the carry-over, the accruals, the sick allowance and the expiry, without the recorded leave', () => {
    const kept = derivedEntriesOf(ledgerOf({ ...input, today: '2027-05-10' }));
    expect(kept.filter((entry) => entry.kind === 'accrual')).toHaveLength(12);
    expect(kept).toContainEqual({
      date: '2027-01-01',
      balance: 'vacation',
      kind: 'carry_over',
      figure: 'total',
      amount: 4,
    });
    // 4 carried, 2 of them used before April: 2 expire on its first day.
    expect(kept).toContainEqual({
      date: '2027-04-01',
      balance: 'vacation',
      kind: 'expiry',
      figure: 'total',
      amount: -2,
    });
    expect(kept).toContainEqual({
      date: '2027-01-01',
      balance: 'sick',
      kind: 'allowance',
      figure: 'total',
      amount: 10,
    });
    expect(kept.some((entry) => entry.kind === 'leave')).toBe(false);
  });

  it('is the same whatever day the ledger is built on', () => {
    const early = derivedEntriesOf(ledgerOf({ ...input, today: '2026-12-20' }));
    const late = derivedEntriesOf(ledgerOf({ ...input, today: '2027-11-30' }));
    expect(late).toEqual(early);
  });
});
