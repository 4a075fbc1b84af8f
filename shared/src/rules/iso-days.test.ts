import fc from 'fast-check';
import { addDays, addMonths, format } from 'date-fns';
import { daysInclusive, eachIsoDay, plusDays, plusMonths, weekdayOf } from './iso-days';

describe('calendar days', () => {
  // Failed in the zone America/Sao_Paulo (TZ=America/Sao_Paulo npx jest …) before the arithmetic was on UTC days.
  it('lists every day across a daylight-saving change that skips midnight (Brazil, 21 Oct 1990)', () => {
    expect(eachIsoDay('1990-10-19', '1990-10-24')).toEqual([
      '1990-10-19',
      '1990-10-20',
      '1990-10-21',
      '1990-10-22',
      '1990-10-23',
      '1990-10-24',
    ]);
    expect(daysInclusive('1990-10-19', '1990-10-24')).toBe(6);
    expect(plusDays('1990-10-20', 2)).toBe('1990-10-22');
  });

  it('adds months, keeping to the end of a shorter month', () => {
    expect(plusMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(plusMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(plusMonths('2027-12-15', -12)).toBe('2026-12-15');
    expect(plusMonths('0050-12-31', 2)).toBe('0051-02-28');
  });

  it('counts days in the years before 100 as in any other', () => {
    expect(plusDays('0050-12-31', 1)).toBe('0051-01-01');
    expect(daysInclusive('0099-12-31', '0100-01-01')).toBe(2);
    expect(eachIsoDay('0099-12-31', '0100-01-01')).toEqual(['0099-12-31', '0100-01-01']);
    expect(weekdayOf('0001-01-01')).toBe('mon');
  });

  it('names weekdays', () => {
    expect(weekdayOf('2027-01-04')).toBe('mon');
    expect(weekdayOf('1990-10-21')).toBe('sun');
  });

  it('agrees with date-fns on any day from 1900 to 2200', () => {
    const anyDay = fc.date({
      min: new Date(Date.UTC(1900, 0, 1)),
      max: new Date(Date.UTC(2200, 0, 1)),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        anyDay,
        fc.integer({ min: -800, max: 800 }),
        fc.integer({ min: -30, max: 30 }),
        (date, days, months) => {
          const local = new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 12);
          const iso = format(local, 'yyyy-MM-dd');
          expect(plusDays(iso, days)).toBe(format(addDays(local, days), 'yyyy-MM-dd'));
          expect(plusMonths(iso, months)).toBe(format(addMonths(local, months), 'yyyy-MM-dd'));
          expect(weekdayOf(iso)).toBe(format(local, 'EEE').toLowerCase());
        },
      ),
    );
  });
});
