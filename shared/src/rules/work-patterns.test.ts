import fc from 'fast-check';
import { DEFAULT_WORK_PATTERN, WEEKDAYS, type WorkPattern } from '../contracts';
import { plusDays } from './iso-days';
import { leaveDuration, type LeavePeriod } from './leaves';
import { countLeave, isWorkingDayOn, patternOn, workingHoursOn, type PersonCalendar } from './work-patterns';

const company: PersonCalendar = { companyPattern: DEFAULT_WORK_PATTERN };
const mondayToWednesday: WorkPattern = { mon: 8, tue: 8, wed: 8, thu: 0, fri: 0, sat: 0, sun: 0 };
const fullDays = (startDate: string, endDate: string): LeavePeriod => ({ leaveType: 'full_day', startDate, endDate });

describe(countLeave.name, () => {
  it('counts 28 Dec 2026 – 5 Jan 2027 as 4 days of 2026 and 3 of 2027 (Monday–Friday 8 h, January year)', () => {
    const count = countLeave(fullDays('2026-12-28', '2027-01-05'), company, 1);
    expect(count.perYear).toEqual([
      { leaveYear: 2026, firstDay: '2026-12-28', lastDay: '2026-12-31', days: 4, hours: 32 },
      { leaveYear: 2027, firstDay: '2027-01-01', lastDay: '2027-01-05', days: 3, hours: 24 },
    ]);
    expect(count).toMatchObject({ days: 7, hours: 56 });
  });

  it("counts a Monday-to-Wednesday person's Monday–Friday week as 3 days", () => {
    const calendar = { ...company, patterns: [{ effectiveFrom: '2026-01-01', pattern: mondayToWednesday }] };
    expect(countLeave(fullDays('2027-01-04', '2027-01-08'), calendar)).toMatchObject({ days: 3, hours: 24 });
  });

  it('counts a full day as 1 day and that day’s pattern hours', () => {
    const shortFridays = { ...DEFAULT_WORK_PATTERN, fri: 5.5 };
    const calendar = { ...company, patterns: [{ effectiveFrom: '2020-01-01', pattern: shortFridays }] };
    const count = countLeave(fullDays('2027-01-07', '2027-01-08'), calendar); // Thu, Fri
    expect(count.perDay.map(({ days, hours }) => ({ days, hours }))).toEqual([
      { days: 1, hours: 8 },
      { days: 1, hours: 5.5 },
    ]);
  });

  it("counts a partial day as its hours over that day's pattern hours, at most the whole day", () => {
    const sixHourDays = { ...DEFAULT_WORK_PATTERN, tue: 6 };
    const calendar = { ...company, patterns: [{ effectiveFrom: '2020-01-01', pattern: sixHourDays }] };
    const tuesday = { leaveType: 'partial_day', startDate: '2027-01-05', endDate: '2027-01-05' } as const;
    expect(countLeave({ ...tuesday, startTime: '09:00', endTime: '13:00' }, calendar)).toMatchObject({
      days: 0.7,
      hours: 4,
    });
    expect(countLeave({ ...tuesday, startTime: '08:00', endTime: '17:00' }, calendar)).toMatchObject({
      days: 1,
      hours: 6,
    });
  });

  it('follows the pattern in force on each day, and null returns to the company’s', () => {
    const calendar: PersonCalendar = {
      ...company,
      patterns: [
        { effectiveFrom: '2027-01-13', pattern: null },
        { effectiveFrom: '2027-01-06', pattern: mondayToWednesday },
      ],
    };
    // Mon 4 – Fri 15 Jan: 4, 5 (company), 6 (Wed, own), 7–8 off, 11–12 own, 13–15 company again.
    const count = countLeave(fullDays('2027-01-04', '2027-01-15'), calendar);
    expect(count.perDay.map((day) => day.date)).toEqual([
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-11',
      '2027-01-12',
      '2027-01-13',
      '2027-01-14',
      '2027-01-15',
    ]);
  });

  it('counts nothing on public holidays and days with no hours', () => {
    const calendar = { ...company, holidays: new Set(['2027-01-01']) };
    expect(countLeave(fullDays('2027-01-01', '2027-01-03'), calendar)).toEqual({
      days: 0,
      hours: 0,
      perDay: [],
      perYear: [],
    });
  });

  it('splits at the company’s leave year start', () => {
    const count = countLeave(fullDays('2027-03-29', '2027-04-02'), company, 4);
    expect(count.perYear.map(({ leaveYear, days }) => [leaveYear, days])).toEqual([
      [2026, 3],
      [2027, 2],
    ]);
  });
});

describe('work pattern lookups', () => {
  const calendar: PersonCalendar = {
    companyPattern: DEFAULT_WORK_PATTERN,
    patterns: [{ effectiveFrom: '2027-02-01', pattern: mondayToWednesday }],
    holidays: new Set(['2027-02-01']),
  };

  it("uses the company's pattern before the person's first change", () => {
    expect(patternOn('2027-01-29', calendar)).toEqual(DEFAULT_WORK_PATTERN);
    expect(patternOn('2027-02-04', calendar)).toEqual(mondayToWednesday);
  });

  it('gives 0 hours on a holiday, and no working day on a day off', () => {
    expect(workingHoursOn('2027-02-01', calendar)).toBe(0);
    expect(isWorkingDayOn('2027-02-02', calendar)).toBe(true);
    expect(isWorkingDayOn('2027-02-04', calendar)).toBe(false); // Thursday
  });
});

const anyDay = fc
  .date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2100, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const anyClock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hours, minutes]) => `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`);
const anyPeriod: fc.Arbitrary<LeavePeriod> = fc.oneof(
  fc.tuple(anyDay, fc.integer({ min: 0, max: 400 })).map(([start, length]) => fullDays(start, plusDays(start, length))),
  fc
    .tuple(anyDay, anyClock, anyClock)
    .filter(([, from, to]) => from < to)
    .map(([day, from, to]) => ({
      leaveType: 'partial_day' as const,
      startDate: day,
      endDate: day,
      startTime: from,
      endTime: to,
    })),
);
const hoursOfDay = fc.integer({ min: 0, max: 240 }).map((tenths) => tenths / 10);
const anyPattern: fc.Arbitrary<WorkPattern> = fc
  .tuple(...WEEKDAYS.map(() => hoursOfDay))
  .map((hours) => Object.fromEntries(WEEKDAYS.map((day, index) => [day, hours[index]])) as WorkPattern);

describe('countLeave properties', () => {
  it('equals leaveDuration with the default pattern, whatever the dates, times and holidays', () => {
    fc.assert(
      fc.property(anyPeriod, fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 8 }), (period, offsets) => {
        const holidays = new Set(offsets.map((offset) => plusDays(period.startDate, offset)));
        const count = countLeave(period, { ...company, holidays });
        expect({ days: count.days, hours: count.hours }).toEqual(leaveDuration(period, { holidays }));
      }),
    );
  });

  it("adds up: the days make each year's part, the parts make the whole, exactly", () => {
    fc.assert(
      fc.property(
        anyPeriod,
        anyPattern,
        fc.array(fc.tuple(fc.integer({ min: -30, max: 400 }), fc.option(anyPattern)), { maxLength: 4 }),
        fc.integer({ min: 1, max: 12 }),
        (period, companyPattern, changes, startMonth) => {
          const patterns = changes.map(([offset, pattern]) => ({
            effectiveFrom: plusDays(period.startDate, offset),
            pattern,
          }));
          const count = countLeave(period, { companyPattern, patterns }, startMonth);
          const tenths = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 10), 0);
          expect(tenths(count.perYear.map((part) => part.days))).toBe(Math.round(count.days * 10));
          expect(tenths(count.perYear.map((part) => part.hours))).toBe(Math.round(count.hours * 10));
          for (const part of count.perYear) {
            const days = count.perDay.filter((day) => day.leaveYear === part.leaveYear);
            expect(tenths(days.map((day) => day.days))).toBe(Math.round(part.days * 10));
            expect(days[0]?.date).toBe(part.firstDay);
            expect(days.at(-1)?.date).toBe(part.lastDay);
          }
          for (const day of count.perDay) expect(day.days + day.hours).toBeGreaterThan(0);
        },
      ),
    );
  });
});
