import fc from 'fast-check';
import {
  ACCRUAL_METHODS,
  DEFAULT_LEAVE_POLICY,
  WEEKDAYS,
  type BalanceEntry,
  type LeavePolicy,
  type WorkPattern,
} from '../contracts';
import {
  adjustmentsToReach,
  leaveReturnedEntries,
  leaveTakenEntries,
  requestRefusal,
  sixFiguresOf,
  type SixFigures,
} from './balance-changes';
import { oneDecimal } from './balances';
import { carriedDaysExpiry, yearEntitlement } from './entitlement';
import { plusDays } from './iso-days';
import { leaveYearBounds } from './leave-years';
import { leaveDuration, type BalanceKind, type LeavePeriod } from './leaves';
import {
  availableForRequest,
  availableOn,
  buildYearLedger,
  closeYear,
  ledgerLines,
  figureOf,
  type PersonTerms,
  type YearClosing,
  type YearLedgerInput,
} from './ledger';
import { countLeave } from './work-patterns';

const BALANCES: BalanceKind[] = ['vacation', 'sick', 'bank'];
const tenthsOf = (value: number) => Math.round(value * 10);
const sumTenths = (values: number[]) => values.reduce((sum, value) => sum + tenthsOf(value), 0);
const tenthsIn = (min: number, max: number) => fc.integer({ min: min * 10, max: max * 10 }).map((value) => value / 10);

const anyPattern: fc.Arbitrary<WorkPattern> = fc
  .tuple(...WEEKDAYS.map(() => tenthsIn(0, 12)))
  .filter((hours) => hours.some((value) => value > 0))
  .map((hours) => Object.fromEntries(WEEKDAYS.map((day, index) => [day, hours[index]])) as WorkPattern);

const anyPolicy: fc.Arbitrary<LeavePolicy> = fc.record({
  leave_year_start_month: fc.integer({ min: 1, max: 12 }),
  vacation: fc.record({
    annual_days: tenthsIn(0, 40),
    accrual: fc.constantFrom(...ACCRUAL_METHODS),
    carry_over_max_days: tenthsIn(0, 15),
    carry_over_expiry_months: fc.integer({ min: 0, max: 11 }),
    pro_rata: fc.boolean(),
  }),
  sick: fc.record({ annual_days: tenthsIn(0, 20) }),
  hours_bank: fc.record({ credit_expiry_months: fc.integer({ min: 0, max: 18 }) }),
  work_pattern: anyPattern,
});

/** A day `offset` days from the year's start, within [min, max] days of it. */
const dayNear = (start: string, min: number, max: number) =>
  fc.integer({ min, max }).map((offset) => plusDays(start, offset));

function anyPerson(start: string): fc.Arbitrary<PersonTerms> {
  return fc
    .record({
      hire: fc.integer({ min: -900, max: 420 }),
      length: fc.option(fc.integer({ min: 0, max: 900 })),
      vacationDays: fc.option(tenthsIn(0, 40)),
      sickDays: fc.option(tenthsIn(0, 20)),
    })
    .map(({ hire, length, vacationDays, sickDays }) => ({
      hireDate: plusDays(start, hire),
      endDate: length === null ? null : plusDays(start, hire + length),
      vacationDays,
      sickDays,
    }));
}

/** A closing as closeYear makes them: the bank's open credits add up to its remaining when positive. */
function anyClosing(year: number, start: string): fc.Arbitrary<YearClosing> {
  return fc
    .record({
      vacation: tenthsIn(-5, 40),
      sick: tenthsIn(-5, 20),
      bankLots: fc.array(
        fc.record({
          grantedOn: dayNear(start, -365, -1),
          hours: tenthsIn(0.1, 30),
          expiringOn: fc.option(dayNear(start, -1, 500)),
        }),
        { maxLength: 3 },
      ),
      owed: tenthsIn(0, 10),
    })
    .map(({ vacation, sick, bankLots, owed }) => {
      const bank = bankLots.length > 0 ? sumTenths(bankLots.map((lot) => lot.hours)) / 10 : 0 - owed;
      return {
        year: year - 1,
        balances: {
          vacation: { total: 25, used: oneDecimal(25 - vacation), remaining: vacation },
          sick: { total: 10, used: oneDecimal(10 - sick), remaining: sick },
          bank: { total: Math.max(bank, 0), used: Math.max(-bank, 0), remaining: bank },
        },
        bankLots: bank > 0 ? bankLots : [],
      };
    });
}

function anyEntries(start: string, end: string): fc.Arbitrary<BalanceEntry[]> {
  const days = fc.integer({ min: 0, max: 400 }).map((offset) => {
    const day = plusDays(start, offset);
    return day > end ? end : day;
  });
  const entry = fc
    .record({
      date: days,
      balance: fc.constantFrom<BalanceKind>('vacation', 'sick', 'bank'),
      kind: fc.constantFrom('leave' as const, 'leave_returned' as const, 'adjustment' as const, 'time_credit' as const),
      figure: fc.constantFrom('total' as const, 'used' as const),
      amount: tenthsIn(0.1, 8),
      sign: fc.constantFrom(1, -1),
      request: fc.integer({ min: 1, max: 4 }),
    })
    .map(({ date, balance, kind, figure, amount, sign, request }): BalanceEntry => {
      const base = { date, balance, note: null, leave_request_id: null, time_credit_id: null };
      switch (kind) {
        case 'leave':
          return { ...base, kind, figure: 'used', amount: -amount, leave_request_id: request };
        case 'leave_returned':
          return { ...base, kind, figure: 'used', amount, leave_request_id: request };
        case 'time_credit':
          return { ...base, balance: 'bank', kind, figure: 'total', amount, time_credit_id: request };
        case 'adjustment':
          return { ...base, kind, figure, amount: sign * amount, note: 'By hand' };
      }
    });
  return fc.array(entry, { maxLength: 30 });
}

const anyYearInput: fc.Arbitrary<YearLedgerInput> = fc
  .tuple(fc.integer({ min: 1995, max: 2099 }), anyPolicy)
  .chain(([year, policy]) => {
    const { start, end } = leaveYearBounds(year, policy.leave_year_start_month);
    return fc.record({
      policy: fc.constant(policy),
      person: anyPerson(start),
      year: fc.constant(year),
      previous: fc.option(anyClosing(year, start)),
      entries: anyEntries(start, end),
      pending: fc.record({ vacation: tenthsIn(0, 5), sick: tenthsIn(0, 5), bank: tenthsIn(0, 9) }),
      today: dayNear(start, -60, 430),
    });
  });

describe('ledger properties', () => {
  it('keeps remaining = total − used, and ends every balance at its projected year end', () => {
    fc.assert(
      fc.property(anyYearInput, (input) => {
        const ledger = buildYearLedger(input);
        const { end } = ledger.bounds;
        for (const balance of BALANCES) {
          const figures = ledger.balances[balance];
          expect(tenthsOf(figures.remaining)).toBe(tenthsOf(figures.total) - tenthsOf(figures.used));
          expect(figures.pending).toBe(input.pending?.[balance]);
          const lines = ledgerLines(ledger).filter((line) => line.balance === balance);
          expect(lines.at(-1)?.running_total ?? 0).toBe(figures.projected_year_end);
          expect(sumTenths(lines.map((line) => line.amount))).toBe(tenthsOf(figures.projected_year_end));
          expect(availableOn(ledger, end)[balance]).toBe(figures.projected_year_end);
          expect(closeYear(ledger).balances[balance].remaining).toBe(figures.projected_year_end);
          if (input.today >= end) expect(figures.remaining).toBe(figures.projected_year_end);
        }
      }),
    );
  });

  it('carries at most the cap and at most what remained, never below zero', () => {
    fc.assert(
      fc.property(anyYearInput, ({ previous, ...input }) => {
        const ledger = buildYearLedger({ ...input, previous });
        const { carriedIn } = ledger.vacationCarryOver;
        expect(carriedIn).toBeGreaterThanOrEqual(0);
        expect(carriedIn).toBeLessThanOrEqual(input.policy.vacation.carry_over_max_days);
        expect(carriedIn).toBeLessThanOrEqual(Math.max(0, previous?.balances.vacation.remaining ?? 0));
        const bankCarry = ledger.entries.find((entry) => entry.balance === 'bank' && entry.kind === 'carry_over');
        expect(bankCarry?.amount ?? 0).toBe(previous?.balances.bank.remaining ?? 0);
        expect(ledger.entries.some((entry) => entry.balance === 'sick' && entry.kind === 'carry_over')).toBe(false);
      }),
    );
  });

  it('expires no more carried days than were carried and not used before the expiry', () => {
    fc.assert(
      fc.property(anyYearInput, (input) => {
        const ledger = buildYearLedger(input);
        const { carriedIn, expired, expiring } = ledger.vacationCarryOver;
        const expiries = ledger.entries.filter((entry) => entry.balance === 'vacation' && entry.kind === 'expiry');
        expect(expiries.length).toBeLessThanOrEqual(1);
        const expiry = carriedDaysExpiry(
          input.year,
          input.policy.leave_year_start_month,
          input.policy.vacation.carry_over_expiry_months,
        );
        const usedBefore = -sumTenths(
          input.entries
            .filter((entry) => entry.balance === 'vacation' && figureOf(entry) === 'used')
            .filter((entry) => expiry !== null && entry.date < expiry.effectiveOn)
            .map((entry) => entry.amount),
        );
        const unused = Math.max(0, tenthsOf(carriedIn) - Math.max(0, usedBefore));
        expect(sumTenths(expiries.map((entry) => -entry.amount))).toBe(expiry ? unused : 0);
        expect(tenthsOf(expired) + tenthsOf(expiring)).toBe(expiry ? unused : 0);
        for (const entry of expiries) expect(entry.date).toBe(expiry?.effectiveOn);
      }),
    );
  });

  it('grants over the year exactly the (pro-rated) entitlement, upfront or monthly alike', () => {
    fc.assert(
      fc.property(anyYearInput, (input) => {
        const granted = (accrual: 'upfront' | 'monthly') =>
          sumTenths(
            buildYearLedger({ ...input, policy: { ...input.policy, vacation: { ...input.policy.vacation, accrual } } })
              .entries.filter((entry) => entry.balance === 'vacation' && ['allowance', 'accrual'].includes(entry.kind))
              .map((entry) => entry.amount),
          );
        const entitlement = yearEntitlement(
          input.person.vacationDays ?? input.policy.vacation.annual_days,
          input.year,
          input.policy.leave_year_start_month,
          input.person,
          input.policy.vacation.pro_rata,
        );
        expect(granted('monthly')).toBe(tenthsOf(entitlement.days));
        expect(granted('upfront')).toBe(tenthsOf(entitlement.days));
      }),
    );
  });

  it('closes a year into what the next one carries: the bank whole, with its open credits', () => {
    fc.assert(
      fc.property(anyYearInput, (input) => {
        const closing = closeYear(buildYearLedger(input));
        const bank = closing.balances.bank.remaining;
        if (bank > 0) expect(sumTenths(closing.bankLots.map((lot) => lot.hours))).toBe(tenthsOf(bank));
        else expect(closing.bankLots).toEqual([]);
        const next = buildYearLedger({ ...input, year: input.year + 1, previous: closing, entries: [] });
        expect(next.vacationCarryOver.carriedIn).toBe(
          Math.max(0, Math.min(input.policy.vacation.carry_over_max_days, closing.balances.vacation.remaining)),
        );
        expect(availableOn(next, next.bounds.start).bank).toBe(
          oneDecimal(
            bank -
              sumTenths(
                next.entries
                  .filter((e) => e.kind === 'expiry' && e.date === next.bounds.start && e.balance === 'bank')
                  .map((e) => -e.amount),
              ) /
                10,
          ),
        );
      }),
    );
  });

  it('reaches any six wanted figures exactly with the adjustments it computes', () => {
    const anySix: fc.Arbitrary<SixFigures> = fc.record({
      vacation: fc.record({ total: tenthsIn(0, 366), used: tenthsIn(0, 366) }),
      sick: fc.record({ total: tenthsIn(0, 366), used: tenthsIn(0, 366) }),
      bank: fc.record({ total: tenthsIn(0, 999), used: tenthsIn(0, 999) }),
    });
    fc.assert(
      fc.property(anyYearInput, anySix, (input, wanted) => {
        const before = buildYearLedger(input);
        const adjustments = adjustmentsToReach(sixFiguresOf(before), wanted, { date: before.figuresOn, note: null });
        const after = buildYearLedger({ ...input, entries: [...input.entries, ...adjustments] });
        expect(sixFiguresOf(after)).toEqual(wanted);
      }),
    );
  });
});

/**
 * Before leave years an employee's balances were six numbers: a leave's approval added its amount to
 * used (refused when vacation or the bank could not cover it), its withdrawal took it back (never
 * below 0), and an admin could set all six. This replays random histories on both.
 */
describe('the default policy within a year', () => {
  type Operation =
    | { type: 'approve'; balance: BalanceKind; offset: number; length: number; partial: [number, number] | null }
    | { type: 'withdraw'; index: number }
    | { type: 'set'; figures: SixFigures }
    | { type: 'wait'; days: number };
  const anyOperation: fc.Arbitrary<Operation> = fc.oneof(
    fc.record({
      type: fc.constant('approve' as const),
      balance: fc.constantFrom<BalanceKind>('vacation', 'sick', 'bank'),
      offset: fc.integer({ min: 0, max: 350 }),
      length: fc.integer({ min: 0, max: 12 }),
      partial: fc.option(fc.tuple(fc.integer({ min: 0, max: 47 }), fc.integer({ min: 1, max: 20 }))),
    }),
    fc.record({ type: fc.constant('withdraw' as const), index: fc.nat() }),
    fc.record({
      type: fc.constant('set' as const),
      figures: fc
        .record({
          vacation: fc.record({ total: tenthsIn(0, 40), used: tenthsIn(0, 40) }),
          sick: fc.record({ total: tenthsIn(0, 20), used: tenthsIn(0, 20) }),
          bank: fc.record({ total: tenthsIn(0, 80), used: tenthsIn(0, 80) }),
        })
        .filter(({ vacation, bank }) => vacation.used <= vacation.total && bank.used <= bank.total),
    }),
    fc.record({ type: fc.constant('wait' as const), days: fc.integer({ min: 0, max: 40 }) }),
  );
  const clock = (halfHours: number) =>
    `${String(Math.floor(halfHours / 2)).padStart(2, '0')}:${halfHours % 2 === 0 ? '00' : '30'}`;

  it('gives the same total, used and remaining as before, after every step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1995, max: 2099 }),
        tenthsIn(0, 40),
        tenthsIn(0, 20),
        fc.integer({ min: 0, max: 300 }),
        fc.array(anyOperation, { maxLength: 25 }),
        (year, vacationDays, sickDays, startOffset, operations) => {
          const { start, end } = leaveYearBounds(year, 1);
          const policy = DEFAULT_LEAVE_POLICY;
          const calendar = { companyPattern: policy.work_pattern };
          let today = plusDays(start, startOffset);
          const old: SixFigures = {
            vacation: { total: vacationDays, used: 0 },
            sick: { total: sickDays, used: 0 },
            bank: { total: 0, used: 0 },
          };
          let entries: BalanceEntry[] = [];
          const approved: Array<{ balance: BalanceKind; amount: number; taken: BalanceEntry[]; withdrawn: boolean }> =
            [];
          const ledgerNow = () =>
            buildYearLedger({
              policy,
              person: { hireDate: '1990-01-01', endDate: null, vacationDays, sickDays },
              year,
              previous: null,
              entries,
              today,
            });
          for (const operation of operations) {
            const ledger = ledgerNow();
            if (operation.type === 'approve') {
              const first = plusDays(start, operation.offset);
              const period: LeavePeriod = operation.partial
                ? {
                    leaveType: 'partial_day',
                    startDate: first,
                    endDate: first,
                    startTime: clock(operation.partial[0]),
                    endTime: clock(Math.min(47, operation.partial[0] + operation.partial[1])),
                  }
                : { leaveType: 'full_day', startDate: first, endDate: plusDays(first, operation.length) };
              if (period.endDate > end || period.startTime === period.endTime) continue;
              const duration = leaveDuration(period);
              if (duration.days === 0) continue;
              const amount = operation.balance === 'bank' ? duration.hours : duration.days;
              const oldLeft = oneDecimal(old[operation.balance].total - old[operation.balance].used);
              const oldRefuses = operation.balance !== 'sick' && amount > oldLeft;
              const count = countLeave(period, calendar, 1);
              const parts = count.perYear.map((part) => ({
                leaveYear: part.leaveYear,
                requested: operation.balance === 'bank' ? part.hours : part.days,
                available: availableForRequest(ledger, part.firstDay, today)[operation.balance],
              }));
              expect(requestRefusal(operation.balance, parts) !== null).toBe(oldRefuses);
              if (oldRefuses) continue;
              old[operation.balance].used = oneDecimal(old[operation.balance].used + amount);
              const taken = leaveTakenEntries(operation.balance, approved.length + 1, count);
              entries = [...entries, ...taken];
              approved.push({ balance: operation.balance, amount, taken, withdrawn: false });
            } else if (operation.type === 'withdraw') {
              const open = approved.filter((leave) => !leave.withdrawn);
              const leave = open[operation.index % Math.max(1, open.length)];
              if (!leave) continue;
              leave.withdrawn = true;
              old[leave.balance].used = Math.max(0, oneDecimal(old[leave.balance].used - leave.amount));
              entries = [...entries, ...leaveReturnedEntries(leave.taken, ledger.balances[leave.balance].used)];
            } else if (operation.type === 'set') {
              entries = [
                ...entries,
                ...adjustmentsToReach(sixFiguresOf(ledger), operation.figures, { date: today, note: null }),
              ];
              for (const balance of BALANCES) old[balance] = { ...operation.figures[balance] };
            } else {
              const later = plusDays(today, operation.days);
              today = later > end ? end : later;
            }
            const after = ledgerNow();
            for (const balance of BALANCES) {
              expect(after.balances[balance]).toMatchObject({
                total: old[balance].total,
                used: old[balance].used,
                remaining: oneDecimal(old[balance].total - old[balance].used),
              });
            }
          }
        },
      ),
    );
  });
});
