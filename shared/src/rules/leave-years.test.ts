import fc from 'fast-check';
import {
  daysInLeaveYear,
  isInForecastRange,
  leaveYearBounds,
  leaveYearContaining,
  leaveYearOf,
  leaveYearsOfPeriod,
  monthStartsOfLeaveYear,
} from './leave-years';
import { daysInclusive, plusDays } from './iso-days';

/** Any day from 1904 to 2103: leap years, 2000 (leap) and 2100 (not). */
const anyDay = fc
  .date({ min: new Date(Date.UTC(1904, 0, 1)), max: new Date(Date.UTC(2103, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const anyStartMonth = fc.integer({ min: 1, max: 12 });

describe(leaveYearOf.name, () => {
  it('names a leave year by the calendar year it starts in', () => {
    expect(leaveYearOf('2027-04-01', 4)).toBe(2027);
    expect(leaveYearOf('2028-03-31', 4)).toBe(2027);
    expect(leaveYearOf('2027-03-31', 4)).toBe(2026);
    expect(leaveYearOf('2027-01-01', 1)).toBe(2027);
    expect(leaveYearOf('2026-12-31', 1)).toBe(2026);
  });
});

describe(leaveYearBounds.name, () => {
  it('runs leave year 2027 with an April start from 1 April 2027 to 31 March 2028', () => {
    expect(leaveYearBounds(2027, 4)).toEqual({ year: 2027, start: '2027-04-01', end: '2028-03-31' });
    expect(leaveYearBounds(2027, 1)).toEqual({ year: 2027, start: '2027-01-01', end: '2027-12-31' });
    expect(leaveYearBounds(2027, 3)).toEqual({ year: 2027, start: '2027-03-01', end: '2028-02-29' });
  });

  it('holds every date in exactly one year, and consecutive years touch', () => {
    fc.assert(
      fc.property(anyDay, anyStartMonth, (day, startMonth) => {
        const { year, start, end } = leaveYearContaining(day, startMonth);
        expect(start <= day && day <= end).toBe(true);
        expect(leaveYearBounds(year + 1, startMonth).start).toBe(plusDays(end, 1));
        expect(leaveYearBounds(year - 1, startMonth).end).toBe(plusDays(start, -1));
      }),
    );
  });
});

describe(daysInLeaveYear.name, () => {
  it('counts 366 days in a year that holds a 29 February, 365 otherwise', () => {
    expect(daysInLeaveYear(2027, 1)).toBe(365);
    expect(daysInLeaveYear(2028, 1)).toBe(366);
    expect(daysInLeaveYear(2027, 4)).toBe(366); // to 31 March 2028
    expect(daysInLeaveYear(2028, 4)).toBe(365);
    expect(daysInLeaveYear(2099, 4)).toBe(365); // 2100 is no leap year
    expect(daysInLeaveYear(1999, 4)).toBe(366); // 2000 is
  });

  it('is the days from start to end, 366 exactly when a 29 February lies between', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1904, max: 2102 }), anyStartMonth, (year, startMonth) => {
        const { start, end } = leaveYearBounds(year, startMonth);
        const leapDay = [`${year}-02-29`, `${year + 1}-02-29`].some(
          (day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day) && start <= day && day <= end,
        );
        expect(daysInLeaveYear(year, startMonth)).toBe(leapDay ? 366 : 365);
        expect(daysInclusive(start, end)).toBe(daysInLeaveYear(year, startMonth));
      }),
    );
  });
});

describe(monthStartsOfLeaveYear.name, () => {
  it("lists the first day of each of the year's twelve months", () => {
    expect(monthStartsOfLeaveYear(2027, 4)).toEqual([
      '2027-04-01',
      '2027-05-01',
      '2027-06-01',
      '2027-07-01',
      '2027-08-01',
      '2027-09-01',
      '2027-10-01',
      '2027-11-01',
      '2027-12-01',
      '2028-01-01',
      '2028-02-01',
      '2028-03-01',
    ]);
  });
});

describe(leaveYearsOfPeriod.name, () => {
  it('lists the years a period touches', () => {
    expect(leaveYearsOfPeriod('2026-12-28', '2027-01-05', 1)).toEqual([2026, 2027]);
    expect(leaveYearsOfPeriod('2026-12-28', '2027-01-05', 4)).toEqual([2026]);
    expect(leaveYearsOfPeriod('2027-03-30', '2027-04-02', 4)).toEqual([2026, 2027]);
  });
});

describe(isInForecastRange.name, () => {
  it('accepts this leave year and the next, nothing before or after', () => {
    expect(isInForecastRange('2027-04-01', '2027-05-10', 4)).toBe(true);
    expect(isInForecastRange('2029-03-31', '2027-05-10', 4)).toBe(true);
    expect(isInForecastRange('2029-04-01', '2027-05-10', 4)).toBe(false);
    expect(isInForecastRange('2027-03-31', '2027-05-10', 4)).toBe(false);
  });
});
