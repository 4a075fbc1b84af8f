import fc from 'fast-check';
import { creditLastDay, runHoursBank, type BankDay } from './hours-bank';
import { plusDays } from './iso-days';

const none = { lots: [], owed: 0 };
const credit = (date: string, credited: number): BankDay => ({ date, credited, used: 0 });
const use = (date: string, used: number): BankDay => ({ date, credited: 0, used });

describe(creditLastDay.name, () => {
  it('lets a credit of 15 January with a 3-month term be used to 14 April', () => {
    expect(creditLastDay('2027-01-15', 3)).toBe('2027-04-14');
    expect(creditLastDay('2027-11-30', 3)).toBe('2028-02-28'); // 30 Nov + 3 months is 29 Feb 2028 (no 30 Feb)
    expect(creditLastDay('2027-01-15', 0)).toBeNull();
  });
});

describe(runHoursBank.name, () => {
  it('keeps credits that never expire', () => {
    const run = runHoursBank(none, [credit('2027-01-15', 6), use('2027-03-01', 2)], 0, '2027-12-31');
    expect(run).toEqual({ expiries: [], lots: [{ grantedOn: '2027-01-15', hours: 4, expiringOn: null }], owed: 0 });
  });

  it('removes what is left of a credit the day after its last day', () => {
    const run = runHoursBank(none, [credit('2027-01-15', 6), use('2027-03-01', 2)], 3, '2027-12-31');
    expect(run.expiries).toEqual([{ date: '2027-04-15', hours: 4, grantedOn: '2027-01-15', lastDay: '2027-04-14' }]);
    expect(run.lots).toEqual([]);
  });

  it('uses the oldest credit first, so the newer one outlives it', () => {
    const run = runHoursBank(
      none,
      [credit('2027-01-15', 4), credit('2027-02-10', 4), use('2027-03-01', 5)],
      3,
      '2027-12-31',
    );
    expect(run.expiries).toEqual([{ date: '2027-05-10', hours: 3, grantedOn: '2027-02-10', lastDay: '2027-05-09' }]);
  });

  it('uses carried credits that expire before those that never do', () => {
    const run = runHoursBank(
      {
        lots: [
          { grantedOn: '2026-03-01', hours: 5, expiringOn: null },
          { grantedOn: '2026-11-20', hours: 5, expiringOn: '2027-02-19' },
        ],
        owed: 0,
      },
      [use('2027-01-10', 3)],
      3,
      '2027-12-31',
    );
    expect(run.expiries).toEqual([{ date: '2027-02-20', hours: 2, grantedOn: '2026-11-20', lastDay: '2027-02-19' }]);
    expect(run.lots).toEqual([{ grantedOn: '2026-03-01', hours: 5, expiringOn: null }]);
  });

  it('expires a credit before the day’s use on its expiry day', () => {
    const run = runHoursBank(none, [credit('2027-01-15', 4), use('2027-04-15', 4)], 3, '2027-12-31');
    expect(run.expiries.map((expiry) => expiry.hours)).toEqual([4]);
    expect(run.owed).toBe(4);
  });

  it('lets the next credit pay hours owed first', () => {
    const run = runHoursBank({ lots: [], owed: 2 }, [credit('2027-01-15', 5)], 3, '2027-12-31');
    expect(run.expiries).toEqual([{ date: '2027-04-15', hours: 3, grantedOn: '2027-01-15', lastDay: '2027-04-14' }]);
  });

  it('leaves a credit whose last day is the last day of the run open, for the next year to expire', () => {
    const run = runHoursBank(none, [credit('2027-10-31', 8)], 2, '2027-12-30');
    expect(run).toEqual({
      expiries: [],
      lots: [{ grantedOn: '2027-10-31', hours: 8, expiringOn: '2027-12-30' }],
      owed: 0,
    });
  });

  it('leaves credits that expire after the year open, with their dates', () => {
    const run = runHoursBank(none, [credit('2027-11-10', 8)], 3, '2027-12-31');
    expect(run).toEqual({
      expiries: [],
      lots: [{ grantedOn: '2027-11-10', hours: 8, expiringOn: '2028-02-09' }],
      owed: 0,
    });
  });
});

const anyDays = fc.array(
  fc.record({
    offset: fc.integer({ min: 0, max: 364 }),
    credited: fc.integer({ min: 0, max: 100 }),
    used: fc.integer({ min: 0, max: 100 }),
  }),
  { maxLength: 25 },
);

describe('hours bank properties', () => {
  it('expires only what is unused, and the balance always adds up', () => {
    fc.assert(
      fc.property(anyDays, fc.integer({ min: 0, max: 14 }), fc.integer({ min: -50, max: 80 }), (raw, term, opening) => {
        const start = '2028-01-01';
        const until = '2028-12-31';
        const days = raw.map(({ offset, credited, used }) => ({
          date: plusDays(start, offset),
          credited: credited / 10,
          used: used / 10,
        }));
        const lots = opening > 0 ? [{ grantedOn: '2027-10-01', hours: opening / 10, expiringOn: '2028-01-31' }] : [];
        const run = runHoursBank({ lots, owed: Math.max(0, -opening) / 10 }, days, term, until);
        const sum = (values: number[]) => values.reduce((total, value) => total + Math.round(value * 10), 0);
        const credited = sum(days.map((day) => day.credited));
        const used = sum(days.map((day) => day.used));
        const expired = sum(run.expiries.map((expiry) => expiry.hours));
        const open = sum(run.lots.map((lot) => lot.hours));
        expect(open - Math.round(run.owed * 10)).toBe(opening + credited - used - expired);
        expect(run.owed === 0 || run.lots.length === 0).toBe(true);
        for (const expiry of run.expiries) {
          expect(expiry.hours).toBeGreaterThan(0);
          expect(expiry.date).toBe(plusDays(expiry.lastDay, 1));
          expect(expiry.date <= until).toBe(true);
          const grantedThatDay =
            expiry.grantedOn === '2027-10-01'
              ? opening
              : sum(days.filter((day) => day.date === expiry.grantedOn).map((day) => day.credited));
          expect(Math.round(expiry.hours * 10)).toBeLessThanOrEqual(grantedThatDay);
        }
        if (term === 0) expect(run.expiries.every((expiry) => expiry.grantedOn === '2027-10-01')).toBe(true);
      }),
    );
  });
});
