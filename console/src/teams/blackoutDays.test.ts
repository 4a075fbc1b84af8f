import type { BlackoutRecord } from '@teamfolk/shared/contracts';
import { blackoutReasons, blackoutsByDate } from './blackoutDays';

const blackout = (id: number, start: string, end: string, teamId: number | null, reason: string): BlackoutRecord => ({
  id,
  start_date: start,
  end_date: end,
  team_id: teamId,
  reason,
  request_types: ['vacation', 'hours_bank'],
});

const december = { start: '2026-12-01', end: '2026-12-31' };

describe('blackoutsByDate', () => {
  it('marks each day of a period, clipped to the shown range, across the month end', () => {
    const byDate = blackoutsByDate([blackout(1, '2026-12-30', '2027-01-02', null, 'Year-end close')], december);
    expect([...byDate.keys()]).toEqual(['2026-12-30', '2026-12-31']);
  });

  it('keeps company-wide periods and the chosen team’s, and every team’s without a choice', () => {
    const periods = [
      blackout(1, '2026-12-07', '2026-12-07', null, 'Audit'),
      blackout(2, '2026-12-07', '2026-12-08', 4, 'Stock-take'),
      blackout(3, '2026-12-07', '2026-12-07', 5, 'Launch'),
    ];
    expect(
      blackoutsByDate(periods, december, 4)
        .get('2026-12-07')
        ?.map((period) => period.id),
    ).toEqual([1, 2]);
    expect(
      blackoutsByDate(periods, december)
        .get('2026-12-07')
        ?.map((period) => period.id),
    ).toEqual([1, 2, 3]);
    expect(blackoutsByDate(periods, december, 5).has('2026-12-08')).toBe(false);
  });

  it('names each reason once', () => {
    expect(
      blackoutReasons([
        blackout(1, '2026-12-07', '2026-12-07', null, 'Audit'),
        blackout(2, '2026-12-07', '2026-12-07', 4, 'Audit'),
        blackout(3, '2026-12-07', '2026-12-07', 4, 'Launch'),
      ]),
    ).toBe('Audit · Launch');
  });
});
