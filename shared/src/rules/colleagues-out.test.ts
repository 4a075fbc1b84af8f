import { DEFAULT_WORK_PATTERN } from '../contracts';
import { colleaguesOut, mergedRanges } from './colleagues-out';
import { ANA, BEN, CY, DAN, fullDays, leaveOf, partialDay } from '../testing/team-leave';
import type { LeavePeriod } from './leaves';
import { countLeave } from './work-patterns';

const daysOf = (period: LeavePeriod) =>
  countLeave(period, { companyPattern: DEFAULT_WORK_PATTERN }).perDay.map((day) => day.date);

describe(colleaguesOut.name, () => {
  const requestDays = daysOf(fullDays('2026-12-09', '2026-12-10')); // Wed, Thu

  it('lists colleagues out on any requested day with their whole dates, touching requests merged', () => {
    const leave = [
      leaveOf(BEN, fullDays('2026-12-07', '2026-12-09')),
      leaveOf(BEN, fullDays('2026-12-10', '2026-12-11')),
      leaveOf(ANA, partialDay('2026-12-10', '09:00', '12:00')),
      leaveOf(DAN, fullDays('2026-12-14', '2026-12-18')), // after the request: not listed
      leaveOf(CY, fullDays('2026-12-09', '2026-12-09')), // the owner: never listed
    ];
    expect(colleaguesOut(CY, requestDays, leave)).toEqual([
      { employee_id: ANA, name: 'Ana', dates: [{ start: '2026-12-10', end: '2026-12-10' }] },
      { employee_id: BEN, name: 'Ben', dates: [{ start: '2026-12-07', end: '2026-12-11' }] },
    ]);
  });

  it('keeps only the ranges that hold a requested day', () => {
    const leave = [
      leaveOf(ANA, fullDays('2026-12-01', '2026-12-02')),
      leaveOf(ANA, fullDays('2026-12-10', '2026-12-10')),
    ];
    expect(colleaguesOut(CY, requestDays, leave)[0]?.dates).toEqual([{ start: '2026-12-10', end: '2026-12-10' }]);
  });
});

describe(mergedRanges.name, () => {
  it('merges overlapping and touching ranges, not those with a gap', () => {
    expect(
      mergedRanges([
        { start: '2026-12-10', end: '2026-12-11' },
        { start: '2026-12-01', end: '2026-12-05' },
        { start: '2026-12-03', end: '2026-12-04' },
        { start: '2026-12-06', end: '2026-12-07' },
      ]),
    ).toEqual([
      { start: '2026-12-01', end: '2026-12-07' },
      { start: '2026-12-10', end: '2026-12-11' },
    ]);
  });
});
