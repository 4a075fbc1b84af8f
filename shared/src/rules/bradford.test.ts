import fc from 'fast-check';
import { DEFAULT_WORK_PATTERN, WEEKDAYS, type WorkPattern } from '../contracts';
import { leaveDaysOf, type LeaveDay } from './absence-report';
import { bradfordFigures, bradfordReport, bradfordWindow } from './bradford';
import { plusDays } from './iso-days';
import type { LeavePeriod } from './leaves';
import { workingDayIndex } from './working-day-index';
import type { PersonCalendar } from './work-patterns';

const newYear = new Set(['2027-01-01']);
const fullTime: PersonCalendar = { companyPattern: DEFAULT_WORK_PATTERN, holidays: newYear };
const mondayToWednesday: WorkPattern = { mon: 8, tue: 8, wed: 8, thu: 0, fri: 0, sat: 0, sun: 0 };
const partTime: PersonCalendar = {
  ...fullTime,
  patterns: [{ effectiveFrom: '2020-01-01', pattern: mondayToWednesday }],
};
const ON = '2027-06-30';

const fullDays = (startDate: string, endDate: string): LeavePeriod => ({ leaveType: 'full_day', startDate, endDate });
let nextId = 1;
const sick = (period: LeavePeriod, calendar = fullTime, employeeId = 1): LeaveDay[] =>
  leaveDaysOf({ id: nextId++, employeeId, requestType: 'sick_day', period }, calendar);
const figures = (days: LeaveDay[], calendar = fullTime, on = ON) => {
  const { from, to } = bradfordWindow(on);
  return bradfordFigures(days, workingDayIndex(calendar, from, to), on);
};

describe(bradfordWindow.name, () => {
  it('is the 52 weeks that end on the day', () => {
    expect(bradfordWindow('2027-12-31')).toEqual({ from: '2027-01-02', to: '2027-12-31' });
  });
});

describe(bradfordFigures.name, () => {
  it('counts sick days on either side of a weekend as one spell', () => {
    const days = [...sick(fullDays('2027-01-08', '2027-01-08')), ...sick(fullDays('2027-01-11', '2027-01-11'))];
    expect(figures(days)).toEqual({ spells: 1, days: 2, score: 2 });
  });

  it('counts sick days on either side of a public holiday as one spell, and two without the holiday', () => {
    // Thu 31 Dec and Mon 4 Jan; Fri 1 Jan is New Year's Day.
    const days = [...sick(fullDays('2026-12-31', '2026-12-31')), ...sick(fullDays('2027-01-04', '2027-01-04'))];
    expect(figures(days)).toEqual({ spells: 1, days: 2, score: 2 });
    expect(figures(days, { companyPattern: DEFAULT_WORK_PATTERN })).toEqual({ spells: 2, days: 2, score: 8 });
  });

  it("counts sick days on either side of a part-timer's days off as one spell", () => {
    // Wed 6 Jan and Mon 11 Jan for someone working Monday to Wednesday.
    const days = [
      ...sick(fullDays('2027-01-06', '2027-01-06'), partTime),
      ...sick(fullDays('2027-01-11', '2027-01-11'), partTime),
    ];
    expect(figures(days, partTime)).toEqual({ spells: 1, days: 2, score: 2 });
  });

  it('starts a new spell after a working day without sick leave', () => {
    const days = [...sick(fullDays('2027-01-04', '2027-01-04')), ...sick(fullDays('2027-01-06', '2027-01-06'))];
    expect(figures(days)).toEqual({ spells: 2, days: 2, score: 8 });
  });

  it('counts a partial sick day as part of a spell, by its fraction of the day', () => {
    const morning: LeavePeriod = {
      leaveType: 'partial_day',
      startDate: '2027-01-05',
      endDate: '2027-01-05',
      startTime: '09:00',
      endTime: '13:00',
    };
    const days = [...sick(fullDays('2027-01-04', '2027-01-04')), ...sick(morning)];
    expect(figures(days)).toEqual({ spells: 1, days: 1.5, score: 1.5 });
  });

  it('counts a spell that began before the 52 weeks once, by its days inside them', () => {
    // Thu 31 Dec 2026 – Mon 4 Jan 2027; the 52 weeks to 31 Dec 2027 begin on Sat 2 Jan.
    const days = sick(fullDays('2026-12-31', '2027-01-04'));
    expect(figures(days, fullTime, '2027-12-31')).toEqual({ spells: 1, days: 1, score: 1 });
  });

  it('scores short, frequent absences far above one long one (the factor’s point)', () => {
    const mondays = Array.from({ length: 10 }, (_, week) => plusDays('2027-01-04', week * 7));
    const tenMondays = mondays.flatMap((monday) => sick(fullDays(monday, monday)));
    expect(figures(tenMondays)).toEqual({ spells: 10, days: 10, score: 1000 });
    // Mon 1 – Fri 12 Mar: ten working days in a row.
    expect(figures(sick(fullDays('2027-03-01', '2027-03-12')))).toEqual({ spells: 1, days: 10, score: 10 });
    const sevenTwoDaySpells = Array.from({ length: 7 }, (_, week) => plusDays('2027-01-04', week * 7)).flatMap(
      (monday) => sick(fullDays(monday, plusDays(monday, 1))),
    );
    expect(figures(sevenTwoDaySpells)).toEqual({ spells: 7, days: 14, score: 686 });
  });

  it('never has more spells than sick days, and none exactly when there are no sick days', () => {
    const anyPattern: fc.Arbitrary<WorkPattern> = fc
      .tuple(...WEEKDAYS.map(() => fc.constantFrom(0, 4, 8)))
      .filter((hours) => hours.some((value) => value > 0))
      .map((hours) => Object.fromEntries(WEEKDAYS.map((day, index) => [day, hours[index]])) as WorkPattern);
    const anySick = fc.record({ start: fc.integer({ min: 0, max: 400 }), length: fc.integer({ min: 0, max: 6 }) });
    fc.assert(
      fc.property(anyPattern, fc.array(anySick, { maxLength: 15 }), (companyPattern, drawn) => {
        const calendar = { companyPattern, holidays: newYear };
        const days = drawn.flatMap(({ start, length }) => {
          const startDate = plusDays('2026-06-01', start);
          return sick(fullDays(startDate, plusDays(startDate, length)), calendar);
        });
        const result = figures(days, calendar);
        const { from, to } = bradfordWindow(ON);
        const sickDates = new Set(days.filter((day) => day.date >= from && day.date <= to).map((day) => day.date));
        expect(result.spells).toBeLessThanOrEqual(sickDates.size);
        expect(result.spells === 0).toBe(result.days === 0);
        expect(result.score).toBeCloseTo(result.spells * result.spells * result.days, 6);
      }),
    );
  });
});

describe(bradfordReport.name, () => {
  it('scores everyone in scope from their sick days only, highest first, with the band as a hint', () => {
    const people = [
      { employeeId: 1, name: 'Ana', calendar: fullTime },
      { employeeId: 2, name: 'Ben', calendar: fullTime },
      { employeeId: 3, name: 'Cy', calendar: partTime },
    ];
    const days = [
      ...sick(fullDays('2027-03-01', '2027-03-12'), fullTime, 1),
      ...Array.from({ length: 10 }, (_, week) => plusDays('2027-01-04', week * 7)).flatMap((monday) =>
        sick(fullDays(monday, monday), fullTime, 2),
      ),
      ...leaveDaysOf(
        { id: 99, employeeId: 3, requestType: 'vacation', period: fullDays('2027-02-01', '2027-02-03') },
        partTime,
      ),
    ];
    expect(bradfordReport(people, days, ON)).toEqual([
      { employee_id: 2, label: 'Ben', spells: 10, days: 10, score: 1000, band: 'very_high' },
      { employee_id: 1, label: 'Ana', spells: 1, days: 10, score: 10, band: 'low' },
      { employee_id: 3, label: 'Cy', spells: 0, days: 0, score: 0, band: 'low' },
    ]);
  });
});
