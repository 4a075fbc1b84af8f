import fc from 'fast-check';
import { DEFAULT_WORK_PATTERN, WEEKDAYS, type WorkPattern } from '../contracts';
import { eachIsoDay, plusDays } from './iso-days';
import { workingDayIndex, workingDayIndexCache } from './working-day-index';
import { isWorkingDayOn, type PersonCalendar } from './work-patterns';

const mondayToWednesday: WorkPattern = { mon: 8, tue: 8, wed: 8, thu: 0, fri: 0, sat: 0, sun: 0 };

describe(workingDayIndex.name, () => {
  it('counts the working days of a span: January 2027 has 21 weekdays, 20 with New Year', () => {
    const calendar = { companyPattern: DEFAULT_WORK_PATTERN, holidays: new Set(['2027-01-01']) };
    const index = workingDayIndex(calendar, '2026-12-01', '2027-02-28');
    expect(index.count('2027-01-01', '2027-01-31')).toBe(20);
    expect(index.count('2027-01-02', '2027-01-03')).toBe(0);
    expect(index.count('2027-01-05', '2027-01-04')).toBe(0);
    // Clamped to the index's range: nothing is counted before 1 Dec.
    expect(index.count('2026-11-01', '2026-12-04')).toBe(4);
  });

  it('follows a pattern history', () => {
    const calendar: PersonCalendar = {
      companyPattern: DEFAULT_WORK_PATTERN,
      patterns: [{ effectiveFrom: '2027-01-11', pattern: mondayToWednesday }],
    };
    // Mon 4 – Fri 8: 5; Mon 11 – Fri 15: 3.
    expect(workingDayIndex(calendar, '2027-01-01', '2027-01-31').count('2027-01-04', '2027-01-15')).toBe(8);
  });

  it('equals a day-by-day count for any span and pattern', () => {
    const pattern = fc
      .tuple(...WEEKDAYS.map(() => fc.constantFrom(0, 4, 8)))
      .map((hours) => Object.fromEntries(WEEKDAYS.map((day, index) => [day, hours[index]])) as WorkPattern);
    fc.assert(
      fc.property(
        pattern,
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 40 }),
        (companyPattern, start, length) => {
          const calendar = { companyPattern, holidays: new Set(['2027-01-01', '2027-02-15']) };
          const from = plusDays('2026-12-20', start);
          const to = plusDays(from, length);
          const expected = eachIsoDay(from, to).filter((day) => isWorkingDayOn(day, calendar)).length;
          expect(workingDayIndex(calendar, '2026-12-01', '2027-04-30').count(from, to)).toBe(expected);
        },
      ),
    );
  });
});

describe(workingDayIndexCache.name, () => {
  it('shares one index between people with the same calendar', () => {
    const indexOf = workingDayIndexCache('2027-01-01', '2027-12-31');
    const holidays = new Set<string>();
    const a = indexOf({ companyPattern: DEFAULT_WORK_PATTERN, holidays });
    const b = indexOf({ companyPattern: DEFAULT_WORK_PATTERN, holidays, patterns: [] });
    const c = indexOf({
      companyPattern: DEFAULT_WORK_PATTERN,
      holidays,
      patterns: [{ effectiveFrom: '2027-03-01', pattern: mondayToWednesday }],
    });
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });
});
