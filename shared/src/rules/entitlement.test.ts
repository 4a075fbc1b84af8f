import fc from 'fast-check';
import {
  carriedDaysExpiry,
  carryOverOf,
  employedDaysIn,
  grantsOf,
  proRataDays,
  yearEntitlement,
  type EmploymentTerms,
} from './entitlement';
import { plusDays } from './iso-days';
import { leaveYearBounds } from './leave-years';

const always: EmploymentTerms = { hireDate: '2000-01-01', endDate: null };
const tenths = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 10), 0);

describe(proRataDays.name, () => {
  it('rounds allowance × employed ÷ year days to the nearest half day: 24 × 184 ÷ 365 = 12.1 → 12.0', () => {
    expect(proRataDays(24, 184, 365)).toBe(12);
    expect(proRataDays(25, 100, 365)).toBe(7); // 6.85
    expect(proRataDays(25, 300, 366)).toBe(20.5); // 20.49
  });

  it('rounds halves up', () => {
    expect(proRataDays(1, 1, 4)).toBe(0.5); // 0.25
    expect(proRataDays(3, 1, 4)).toBe(1); // 0.75
    expect(proRataDays(2.5, 1, 2)).toBe(1.5); // 1.25
  });

  it('never gives more than the allowance', () => {
    expect(proRataDays(1.8, 364, 365)).toBe(1.8); // 1.795 would round to 2.0
  });
});

describe(yearEntitlement.name, () => {
  it('gives someone hired 1 July 2027 with 24 days in a January year 12.0 days pro rata', () => {
    expect(yearEntitlement(24, 2027, 1, { hireDate: '2027-07-01', endDate: null }, true)).toEqual({
      days: 12,
      employedDays: 184,
      yearDays: 365,
      proRated: true,
    });
  });

  it('gives the whole allowance without pro rata, and nothing in a year with no day employed', () => {
    const joiner = { hireDate: '2027-07-01', endDate: null };
    expect(yearEntitlement(24, 2027, 1, joiner, false).days).toBe(24);
    expect(yearEntitlement(24, 2026, 1, joiner, false).days).toBe(0);
    expect(yearEntitlement(24, 2028, 1, { hireDate: '2020-01-01', endDate: '2027-12-31' }, false).days).toBe(0);
  });

  it('pro-rates a leaver to their last day', () => {
    const leaver = { hireDate: '2020-01-01', endDate: '2028-03-31' };
    expect(employedDaysIn(leaveYearBounds(2028, 1), leaver)).toBe(91); // a leap year's first quarter
    expect(yearEntitlement(25, 2028, 1, leaver, true).days).toBe(6); // 6.22
  });
});

describe(grantsOf.name, () => {
  it("grants upfront on the year's first day, even to someone who joins later in the year", () => {
    expect(grantsOf(25, 2027, 4, { hireDate: '2027-09-15', endDate: null }, 'upfront')).toEqual([
      { date: '2027-04-01', amount: 25, share: 1, shares: 1 },
    ]);
  });

  it('accrues a twelfth at the start of each month, rounded cumulatively so the year adds up exactly', () => {
    const grants = grantsOf(25, 2027, 1, always, 'monthly');
    expect(grants.map((grant) => grant.date)).toEqual([
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
      '2027-04-01',
      '2027-05-01',
      '2027-06-01',
      '2027-07-01',
      '2027-08-01',
      '2027-09-01',
      '2027-10-01',
      '2027-11-01',
      '2027-12-01',
    ]);
    expect(grants.map((grant) => grant.amount)).toEqual([2.1, 2.1, 2.1, 2, 2.1, 2.1, 2.1, 2.1, 2.1, 2, 2.1, 2.1]);
    expect(tenths(grants.map((grant) => grant.amount))).toBe(250);
  });

  it("spreads a joiner's entitlement over their months, the first share on the hire date", () => {
    const grants = grantsOf(12, 2027, 1, { hireDate: '2027-07-15', endDate: null }, 'monthly');
    expect(grants.map((grant) => [grant.date, grant.amount])).toEqual([
      ['2027-07-15', 2],
      ['2027-08-01', 2],
      ['2027-09-01', 2],
      ['2027-10-01', 2],
      ['2027-11-01', 2],
      ['2027-12-01', 2],
    ]);
  });

  it("stops a leaver's accrual at the month of their last day", () => {
    const grants = grantsOf(6, 2027, 1, { hireDate: '2020-01-01', endDate: '2027-03-10' }, 'monthly');
    expect(grants.map((grant) => [grant.date, grant.amount])).toEqual([
      ['2027-01-01', 2],
      ['2027-02-01', 2],
      ['2027-03-01', 2],
    ]);
  });
});

describe(carryOverOf.name, () => {
  it('carries min(cap, remaining), and nothing of a negative balance', () => {
    expect(carryOverOf(8, 5)).toBe(5);
    expect(carryOverOf(2.5, 5)).toBe(2.5);
    expect(carryOverOf(-3, 5)).toBe(0);
    expect(carryOverOf(12, 0)).toBe(0);
  });
});

describe(carriedDaysExpiry.name, () => {
  it('ends carried days with the expiry month and removes them the day after', () => {
    expect(carriedDaysExpiry(2027, 1, 3)).toEqual({ lastDay: '2027-03-31', effectiveOn: '2027-04-01' });
    expect(carriedDaysExpiry(2027, 4, 11)).toEqual({ lastDay: '2028-02-29', effectiveOn: '2028-03-01' });
    expect(carriedDaysExpiry(2027, 1, 0)).toBeNull();
  });
});

const anyYear = fc.integer({ min: 1950, max: 2100 });
const anyMonth = fc.integer({ min: 1, max: 12 });
const anyAllowance = fc.integer({ min: 0, max: 400 }).map((value) => value / 10);
const anyTerms = (year: number, startMonth: number): fc.Arbitrary<EmploymentTerms> => {
  const { start } = leaveYearBounds(year, startMonth);
  return fc
    .tuple(fc.integer({ min: -800, max: 400 }), fc.option(fc.integer({ min: 0, max: 900 })))
    .map(([hire, length]) => ({
      hireDate: plusDays(start, hire),
      endDate: length === null ? null : plusDays(start, hire + length),
    }));
};
const anyCase = fc
  .tuple(anyYear, anyMonth)
  .chain(([year, startMonth]) =>
    fc.tuple(fc.constant(year), fc.constant(startMonth), anyTerms(year, startMonth), anyAllowance, fc.boolean()),
  );

describe('entitlement properties', () => {
  it('accrues monthly exactly what upfront grants, in one-decimal shares, within the employed months', () => {
    fc.assert(
      fc.property(anyCase, ([year, startMonth, terms, allowance, proRata]) => {
        const { days } = yearEntitlement(allowance, year, startMonth, terms, proRata);
        const upfront = grantsOf(days, year, startMonth, terms, 'upfront');
        const monthly = grantsOf(days, year, startMonth, terms, 'monthly');
        expect(tenths(monthly.map((grant) => grant.amount))).toBe(tenths(upfront.map((grant) => grant.amount)));
        expect(tenths(upfront.map((grant) => grant.amount))).toBe(Math.round(days * 10));
        const { start, end } = leaveYearBounds(year, startMonth);
        for (const grant of monthly) {
          expect(grant.amount).toBeGreaterThanOrEqual(0);
          expect(Math.round(grant.amount * 10) / 10).toBe(grant.amount);
          expect(grant.date >= start && grant.date <= end && grant.date >= terms.hireDate).toBe(true);
          if (terms.endDate) expect(grant.date <= terms.endDate).toBe(true);
        }
      }),
    );
  });

  it('pro-rates to a whole or half day, never above the allowance, the whole allowance for a whole year', () => {
    fc.assert(
      fc.property(anyCase, ([year, startMonth, terms, allowance]) => {
        const entitlement = yearEntitlement(allowance, year, startMonth, terms, true);
        const exact = (allowance * entitlement.employedDays) / entitlement.yearDays;
        expect(entitlement.days).toBeLessThanOrEqual(allowance);
        if (entitlement.employedDays > 0) expect(Math.abs(entitlement.days - exact)).toBeLessThanOrEqual(0.25 + 1e-9);
        if (entitlement.employedDays === entitlement.yearDays) expect(entitlement.days).toBe(allowance);
        const partYear = entitlement.employedDays > 0 && entitlement.employedDays < entitlement.yearDays;
        expect(entitlement.proRated).toBe(partYear);
      }),
    );
  });
});
