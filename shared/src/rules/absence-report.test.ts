import fc from 'fast-check';
import { ABSENCE_GROUPS, DEFAULT_WORK_PATTERN, REQUEST_TYPES, WEEKDAYS, type WorkPattern } from '../contracts';
import {
  absenceRate,
  absenceSummary,
  leaveDaysOf,
  monthsOf,
  type ApprovedRequest,
  type LeaveDay,
  type RatePerson,
  type ReportPerson,
} from './absence-report';
import { plusDays } from './iso-days';
import type { LeavePeriod } from './leaves';
import type { PersonCalendar } from './work-patterns';

const holidays = new Set(['2027-01-01']);
const mondayToWednesday: WorkPattern = { mon: 8, tue: 8, wed: 8, thu: 0, fri: 0, sat: 0, sun: 0 };
const fullTime: PersonCalendar = { companyPattern: DEFAULT_WORK_PATTERN, holidays };
const partTime: PersonCalendar = {
  ...fullTime,
  patterns: [{ effectiveFrom: '2020-01-01', pattern: mondayToWednesday }],
};
const SUPPORT = 7;
const SALES = 8;
const ANA = 1;
const BEN = 2;
const CY = 3;
const people: ReportPerson[] = [
  { employeeId: CY, name: 'Cy', teamId: null },
  { employeeId: ANA, name: 'Ana', teamId: SUPPORT },
  { employeeId: BEN, name: 'Ben', teamId: SUPPORT },
];
const teams = [
  { id: SUPPORT, name: 'Support' },
  { id: SALES, name: 'Sales' },
];
const calendarOf = (employeeId: number) => (employeeId === BEN ? partTime : fullTime);

const fullDays = (startDate: string, endDate: string): LeavePeriod => ({ leaveType: 'full_day', startDate, endDate });
const morning = (date: string): LeavePeriod => ({
  leaveType: 'partial_day',
  startDate: date,
  endDate: date,
  startTime: '09:00',
  endTime: '13:00',
});
const requests: ApprovedRequest[] = [
  // Mon 28 Dec – Tue 5 Jan: 4 days in December, 2 in January (Fri 1 Jan is a holiday).
  { id: 1, employeeId: ANA, requestType: 'vacation', period: fullDays('2026-12-28', '2027-01-05') },
  // Mon 4 – Fri 8 Jan for someone working Monday to Wednesday: 3 days.
  { id: 2, employeeId: BEN, requestType: 'vacation', period: fullDays('2027-01-04', '2027-01-08') },
  { id: 3, employeeId: CY, requestType: 'hours_bank', period: morning('2027-01-12') },
  { id: 4, employeeId: ANA, requestType: 'vacation', period: morning('2027-01-13') },
  { id: 5, employeeId: ANA, requestType: 'sick_day', period: fullDays('2027-02-01', '2027-02-02') },
  { id: 6, employeeId: CY, requestType: 'other', period: fullDays('2027-01-29', '2027-02-01') },
];
const allDays = requests.flatMap((request) => leaveDaysOf(request, calendarOf(request.employeeId)));
const january = { from: '2027-01-01', to: '2027-01-31' };

describe(leaveDaysOf.name, () => {
  it('gives a row per working day with its days and hours, cut at the range', () => {
    const [first] = requests;
    if (!first) throw new Error('no request');
    expect(leaveDaysOf(first, fullTime, january)).toEqual([
      { employeeId: ANA, leaveRequestId: 1, requestType: 'vacation', date: '2027-01-04', days: 1, hours: 8 },
      { employeeId: ANA, leaveRequestId: 1, requestType: 'vacation', date: '2027-01-05', days: 1, hours: 8 },
    ]);
    expect(leaveDaysOf(first, fullTime)).toHaveLength(6);
  });
});

describe(absenceSummary.name, () => {
  it('sums each person’s approved days in the range: a request across its edge counts its days inside', () => {
    expect(absenceSummary({ range: january, groupBy: 'person', days: allDays, people, teams })).toEqual([
      { key: ANA, label: 'Ana', vacation_days: 2.5, sick_days: 0, hours_bank_hours: 0, other_days: 0 },
      { key: BEN, label: 'Ben', vacation_days: 3, sick_days: 0, hours_bank_hours: 0, other_days: 0 },
      { key: CY, label: 'Cy', vacation_days: 0, sick_days: 0, hours_bank_hours: 4, other_days: 1 },
    ]);
  });

  it('sums per team, every team with a row and people in no team last', () => {
    expect(absenceSummary({ range: january, groupBy: 'team', days: allDays, people, teams })).toEqual([
      { key: SALES, label: 'Sales', vacation_days: 0, sick_days: 0, hours_bank_hours: 0, other_days: 0 },
      { key: SUPPORT, label: 'Support', vacation_days: 5.5, sick_days: 0, hours_bank_hours: 0, other_days: 0 },
      { key: null, label: 'No team', vacation_days: 0, sick_days: 0, hours_bank_hours: 4, other_days: 1 },
    ]);
  });

  it('sums per month of the range, by the month of each day', () => {
    const range = { from: '2026-12-01', to: '2027-02-28' };
    expect(absenceSummary({ range, groupBy: 'month', days: allDays, people, teams })).toEqual([
      { key: '2026-12', label: 'December 2026', vacation_days: 4, sick_days: 0, hours_bank_hours: 0, other_days: 0 },
      { key: '2027-01', label: 'January 2027', vacation_days: 5.5, sick_days: 0, hours_bank_hours: 4, other_days: 1 },
      { key: '2027-02', label: 'February 2027', vacation_days: 0, sick_days: 2, hours_bank_hours: 0, other_days: 1 },
    ]);
  });

  it('leaves out the days of people out of scope (the team filter)', () => {
    const support = people.filter((person) => person.teamId === SUPPORT);
    const rows = absenceSummary({ range: january, groupBy: 'month', days: allDays, people: support, teams });
    expect(rows).toEqual([
      { key: '2027-01', label: 'January 2027', vacation_days: 5.5, sick_days: 0, hours_bank_hours: 0, other_days: 0 },
    ]);
  });
});

describe(monthsOf.name, () => {
  it('lists the first day of each month a range touches', () => {
    expect(monthsOf({ from: '2026-12-31', to: '2027-02-01' })).toEqual(['2026-12-01', '2027-01-01', '2027-02-01']);
  });

  it('ends at the last month of the calendar, 9999-12', () => {
    expect(monthsOf({ from: '9999-11-15', to: '9999-12-31' })).toEqual(['9999-11-01', '9999-12-01']);
  });
});

describe('absence summary over split ranges', () => {
  const anyPattern: fc.Arbitrary<WorkPattern> = fc
    .tuple(...WEEKDAYS.map(() => fc.constantFrom(0, 4, 7.5, 8)))
    .map((hours) => Object.fromEntries(WEEKDAYS.map((day, index) => [day, hours[index]])) as WorkPattern);
  const anyRequest = fc.record({
    employeeId: fc.constantFrom(ANA, BEN, CY),
    requestType: fc.constantFrom(...REQUEST_TYPES),
    start: fc.integer({ min: 0, max: 120 }),
    length: fc.integer({ min: 0, max: 20 }),
    partial: fc.boolean(),
  });

  it('equals the sum of the summaries of its two halves, for every grouping', () => {
    fc.assert(
      fc.property(
        fc.array(anyRequest, { maxLength: 12 }),
        fc.array(anyPattern, { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 130 }),
        fc.integer({ min: 0, max: 130 }),
        fc.constantFrom(...ABSENCE_GROUPS),
        (drawn, patterns, cutA, cutB, groupBy) => {
          const calendars = new Map(
            [ANA, BEN, CY].map((id, index) => [
              id,
              { companyPattern: patterns[index] ?? DEFAULT_WORK_PATTERN, holidays },
            ]),
          );
          const days: LeaveDay[] = drawn.flatMap((request, id) => {
            const startDate = plusDays('2026-11-20', request.start);
            const period: LeavePeriod = request.partial
              ? { leaveType: 'partial_day', startDate, endDate: startDate, startTime: '10:00', endTime: '13:30' }
              : fullDays(startDate, plusDays(startDate, request.length));
            const calendar = calendars.get(request.employeeId) ?? fullTime;
            return leaveDaysOf(
              { id, employeeId: request.employeeId, requestType: request.requestType, period },
              calendar,
            );
          });
          const from = '2026-11-25';
          const to = plusDays(from, Math.max(cutA, cutB));
          const middle = plusDays(from, Math.min(cutA, cutB));
          const FIELDS = ['vacation_days', 'sick_days', 'hours_bank_hours', 'other_days'] as const;
          /** Tenths per row key and field: the months of the halves differ, so rows are matched by key. */
          const tenthsByKey = (...ranges: Array<{ from: string; to: string }>) => {
            const sums = new Map<string, number>();
            for (const range of ranges)
              for (const row of absenceSummary({ range, groupBy, days, people, teams }))
                for (const field of FIELDS) {
                  const key = `${String(row.key)}|${field}`;
                  sums.set(key, (sums.get(key) ?? 0) + Math.round(row[field] * 10));
                }
            return sums;
          };
          const whole = tenthsByKey({ from, to });
          const halves = tenthsByKey({ from, to: middle }, { from: plusDays(middle, 1), to });
          for (const [key, tenths] of whole) expect(halves.get(key) ?? 0).toBe(tenths);
          for (const [key, tenths] of halves) expect(whole.get(key) ?? 0).toBe(tenths);
        },
      ),
    );
  });
});

describe(absenceRate.name, () => {
  const ratePeople: RatePerson[] = [
    { employeeId: ANA, name: 'Ana', teamId: SUPPORT, calendar: fullTime, hireDate: '2020-01-01', endDate: null },
    // Joins on Mon 11 Jan, working Monday to Wednesday.
    { employeeId: BEN, name: 'Ben', teamId: SUPPORT, calendar: partTime, hireDate: '2027-01-11', endDate: null },
    // Leaves on Fri 15 Jan.
    { employeeId: CY, name: 'Cy', teamId: null, calendar: fullTime, hireDate: '2020-01-01', endDate: '2027-01-15' },
  ];
  const rateDays = [
    { id: 1, employeeId: ANA, requestType: 'sick_day' as const, period: fullDays('2027-01-04', '2027-01-05') },
    { id: 2, employeeId: BEN, requestType: 'vacation' as const, period: morning('2027-01-13') },
    { id: 3, employeeId: CY, requestType: 'vacation' as const, period: fullDays('2027-01-14', '2027-01-14') },
  ].flatMap((request) => leaveDaysOf(request, request.employeeId === BEN ? partTime : fullTime));

  it("divides absent days by the members' working days while employed, sick days apart", () => {
    // Support: Ana 20 working days (21 weekdays, New Year off), Ben 9 (Mon–Wed from the 11th) = 29;
    // absent 2 sick days + half a day = 2.5; 2.5 ÷ 29 = 0.0862. No team: Cy 10 days to the 15th, 1 absent.
    expect(absenceRate({ range: january, days: rateDays, people: ratePeople, teams })).toEqual([
      { team_id: SALES, label: 'Sales', month: '2027-01', scheduled_days: 0, absent_days: 0, sick_days: 0, rate: null },
      {
        team_id: SUPPORT,
        label: 'Support',
        month: '2027-01',
        scheduled_days: 29,
        absent_days: 2.5,
        sick_days: 2,
        rate: 0.0862,
      },
      {
        team_id: null,
        label: 'No team',
        month: '2027-01',
        scheduled_days: 10,
        absent_days: 1,
        sick_days: 0,
        rate: 0.1,
      },
    ]);
  });

  it('cuts the first and last months at the range', () => {
    const range = { from: '2027-01-11', to: '2027-02-05' };
    const support = ratePeople.filter((person) => person.teamId === SUPPORT);
    const rows = absenceRate({ range, days: rateDays, people: support, teams: [{ id: SUPPORT, name: 'Support' }] });
    // January 11–31: Ana 15, Ben 9; February 1–5: Ana 5, Ben 3. Ana's sick days (4–5 Jan) lie before the range.
    expect(rows.map(({ month, scheduled_days, absent_days }) => ({ month, scheduled_days, absent_days }))).toEqual([
      { month: '2027-01', scheduled_days: 24, absent_days: 0.5 },
      { month: '2027-02', scheduled_days: 8, absent_days: 0 },
    ]);
  });
});
