import { DEFAULT_WORK_PATTERN, type WorkPattern } from '../contracts';
import { ANA, BEN, CY, DAN, fullDays, leaveOf, partialDay } from '../testing/team-leave';
import { coverageConflicts, coverageRefusal, coverageWarnings, type CoverageInput } from './coverage';
import type { LeavePeriod } from './leaves';
import { countLeave, type PersonCalendar } from './work-patterns';

// Mon 7 – Fri 11 Dec 2026, Thu 24 Dec, Fri 25 Dec (Christmas), Mon 28 Dec.
const christmas = new Set(['2026-12-25']);
const mondayToWednesday: WorkPattern = { mon: 8, tue: 8, wed: 8, thu: 0, fri: 0, sat: 0, sun: 0 };
const fullTime: PersonCalendar = { companyPattern: DEFAULT_WORK_PATTERN, holidays: christmas };
const partTime: PersonCalendar = {
  ...fullTime,
  patterns: [{ effectiveFrom: '2020-01-01', pattern: mondayToWednesday }],
};

const daysOf = (period: LeavePeriod, calendar = fullTime) => countLeave(period, calendar).perDay.map((day) => day.date);

const check = (input: Partial<CoverageInput> & Pick<CoverageInput, 'teamLeave'>) =>
  coverageConflicts({
    maxAbsent: 1,
    request: { employeeId: CY, requestType: 'vacation', days: daysOf(fullDays('2026-12-08', '2026-12-09')) },
    calendarOf: () => fullTime,
    ...input,
  });

describe(coverageConflicts.name, () => {
  const anaAllWeek = leaveOf(ANA, fullDays('2026-12-07', '2026-12-11'));
  const benTuesdayAfternoon = leaveOf(BEN, partialDay('2026-12-08', '14:00', '16:00'));

  it('names each day over the cap and who is already out, a partial day counting as out', () => {
    const conflicts = check({ teamLeave: [anaAllWeek, benTuesdayAfternoon] });
    expect(conflicts).toEqual([
      {
        date: '2026-12-08',
        out: [
          { employeeId: ANA, name: 'Ana' },
          { employeeId: BEN, name: 'Ben' },
        ],
        maxAbsent: 1,
      },
      { date: '2026-12-09', out: [{ employeeId: ANA, name: 'Ana' }], maxAbsent: 1 },
    ]);
    expect(coverageWarnings(conflicts)).toEqual([
      'Tue 8 Dec: Ana and Ben are already out; the team allows 1',
      'Wed 9 Dec: Ana is already out; the team allows 1',
    ]);
  });

  it('allows as many away as the cap: with a cap of 2 only the day two are already out is over', () => {
    const conflicts = check({ maxAbsent: 2, teamLeave: [anaAllWeek, benTuesdayAfternoon] });
    expect(conflicts.map((conflict) => conflict.date)).toEqual(['2026-12-08']);
  });

  it('checks only working days: a public holiday in the middle of leave counts nobody out', () => {
    const request = {
      employeeId: CY,
      requestType: 'vacation' as const,
      days: daysOf(fullDays('2026-12-24', '2026-12-28')),
    };
    expect(request.days).toEqual(['2026-12-24', '2026-12-28']);
    const anaOnChristmasOnly = leaveOf(ANA, fullDays('2026-12-25', '2026-12-25'));
    const danOnChristmasEve = leaveOf(DAN, fullDays('2026-12-24', '2026-12-24'));
    expect(check({ request, teamLeave: [anaOnChristmasOnly] })).toEqual([]);
    expect(check({ request, teamLeave: [anaOnChristmasOnly, danOnChristmasEve] }).map((c) => c.date)).toEqual([
      '2026-12-24',
    ]);
  });

  it('does not count a part-timer out on a day their pattern has off, though their leave spans it', () => {
    const request = { employeeId: CY, requestType: 'vacation' as const, days: ['2026-12-10'] }; // Thursday
    const calendarOf = (employeeId: number) => (employeeId === ANA ? partTime : fullTime);
    expect(check({ request, calendarOf, teamLeave: [anaAllWeek] })).toEqual([]);
    const tuesday = { ...request, days: ['2026-12-08'] };
    expect(check({ request: tuesday, calendarOf, teamLeave: [anaAllWeek] })).toHaveLength(1);
  });

  it('counts colleagues’ sick days, but never caps a sick request', () => {
    const benSick = leaveOf(BEN, fullDays('2026-12-08', '2026-12-08'));
    expect(check({ teamLeave: [benSick] }).map((conflict) => conflict.date)).toEqual(['2026-12-08']);
    const sickRequest = { employeeId: CY, requestType: 'sick_day' as const, days: ['2026-12-08'] };
    expect(check({ request: sickRequest, teamLeave: [benSick, anaAllWeek] })).toEqual([]);
  });

  it("skips the owner's own leave, and a team with no cap has no conflict", () => {
    expect(check({ teamLeave: [leaveOf(CY, fullDays('2026-12-08', '2026-12-08'))] })).toEqual([]);
    expect(check({ maxAbsent: null, teamLeave: [anaAllWeek, benTuesdayAfternoon] })).toEqual([]);
  });

  it('answers an approval over the cap with a message naming the days and people', () => {
    expect(coverageRefusal(check({ teamLeave: [anaAllWeek] }))).toBe(
      'Approving this request takes the team over its limit. Tue 8 Dec: Ana is already out; the team allows 1. Wed 9 Dec: Ana is already out; the team allows 1. To approve anyway, confirm the override.',
    );
    expect(coverageRefusal([])).toBeNull();
  });
});
