import { bradfordBandOf, type AbsenceRateRow, type BalanceOnDate, type BradfordRow } from '@teamfolk/shared/contracts';
import {
  BRADFORD_BAND_COLORS,
  absenceBars,
  absenceRateByTeam,
  expiringBalances,
  formatShare,
  sortBradfordRows,
} from './reportData';

describe(absenceBars.name, () => {
  it('should give each group a bar of vacation, sick and other days, leaving the hours bank to the table', () => {
    expect(
      absenceBars([
        {
          key: '2027-01',
          label: 'January 2027',
          vacation_days: 4.5,
          sick_days: 2,
          hours_bank_hours: 7.5,
          other_days: 1,
        },
        { key: '2027-02', label: 'February 2027', vacation_days: 0, sick_days: 0, hours_bank_hours: 0, other_days: 0 },
      ]),
    ).toEqual([
      { label: 'January 2027', vacation: 4.5, sick: 2, other: 1 },
      { label: 'February 2027', vacation: 0, sick: 0, other: 0 },
    ]);
  });
});

describe(absenceRateByTeam.name, () => {
  const month = (team_id: number | null, label: string, scheduled: number, absent: number, sick: number) =>
    ({
      team_id,
      label,
      month: '2027-01',
      scheduled_days: scheduled,
      absent_days: absent,
      sick_days: sick,
      rate: null,
    }) satisfies AbsenceRateRow;

  it("should add a team's months up before dividing, and split sick days from planned leave", () => {
    // Support: 40 + 60 scheduled days, 3 + 7 absent (2 + 0.5 of them sick): 10 %, 2.5 % sick, 7.5 % planned.
    const rows = [month(1, 'Support', 40, 3, 2), month(2, 'Sales', 20, 1, 0), month(1, 'Support', 60, 7, 0.5)];
    expect(absenceRateByTeam(rows)).toEqual([
      {
        team_id: 1,
        label: 'Support',
        scheduled_days: 100,
        absent_days: 10,
        sick_days: 2.5,
        rate: 0.1,
        sick_rate: 0.025,
        planned_rate: 0.075,
      },
      {
        team_id: 2,
        label: 'Sales',
        scheduled_days: 20,
        absent_days: 1,
        sick_days: 0,
        rate: 0.05,
        sick_rate: 0,
        planned_rate: 0.05,
      },
    ]);
  });

  it('should keep people in no team as their own row, and give no rate where nothing was scheduled', () => {
    const [noTeam] = absenceRateByTeam([month(null, 'No team', 0, 0, 0)]);
    expect(noTeam).toMatchObject({ team_id: null, label: 'No team', rate: null, sick_rate: null, planned_rate: null });
  });
});

describe('BRADFORD_BAND_COLORS', () => {
  it('should colour the bands from calm to strong, a score finding its band', () => {
    expect(BRADFORD_BAND_COLORS[bradfordBandOf(0)]).toBe(BRADFORD_BAND_COLORS.low);
    expect(BRADFORD_BAND_COLORS[bradfordBandOf(128)]).toBe(BRADFORD_BAND_COLORS.concern);
    expect(BRADFORD_BAND_COLORS[bradfordBandOf(650)]).toBe(BRADFORD_BAND_COLORS.very_high);
    expect(new Set(Object.values(BRADFORD_BAND_COLORS).map(({ background }) => background)).size).toBe(5);
  });
});

describe(sortBradfordRows.name, () => {
  const person = (label: string, spells: number, days: number): BradfordRow => {
    const score = spells * spells * days;
    return { employee_id: label.length, label, spells, days, score, band: bradfordBandOf(score) };
  };
  const rows = [person('Cleo', 2, 3), person('Ada', 1, 12), person('Ben', 4, 1)];
  const names = (sorted: BradfordRow[]) => sorted.map(({ label }) => label);

  it('should sort by any column, both ways', () => {
    expect(names(sortBradfordRows(rows, 'score', 'desc'))).toEqual(['Ben', 'Ada', 'Cleo']);
    expect(names(sortBradfordRows(rows, 'days', 'asc'))).toEqual(['Ben', 'Cleo', 'Ada']);
    expect(names(sortBradfordRows(rows, 'label', 'asc'))).toEqual(['Ada', 'Ben', 'Cleo']);
    expect(names(sortBradfordRows(rows, 'label', 'desc'))).toEqual(['Cleo', 'Ben', 'Ada']);
  });

  it('should order equal scores by name and leave the given rows as they were', () => {
    const tied = [person('Zoe', 1, 12), person('Ada', 2, 3)];
    expect(names(sortBradfordRows(tied, 'score', 'desc'))).toEqual(['Ada', 'Zoe']);
    expect(names(tied)).toEqual(['Zoe', 'Ada']);
  });
});

describe(expiringBalances.name, () => {
  const balance = (expiring: number, expiring_on: string | null): BalanceOnDate => ({
    entitlement: 25,
    taken: 5,
    booked: 0,
    pending: 0,
    remaining: 20,
    carried: 5,
    expiring,
    expiring_on,
  });

  it('should name the balances whose carried days expire unless used, and when', () => {
    const row = {
      employee_id: 1,
      label: 'Ada',
      vacation: balance(3, '2027-03-31'),
      sick: balance(0, null),
      bank: balance(7.5, '2027-06-30'),
    };
    expect(expiringBalances(row)).toEqual([
      { balance: 'vacation', expiring: 3, expiring_on: '2027-03-31' },
      { balance: 'bank', expiring: 7.5, expiring_on: '2027-06-30' },
    ]);
    expect(expiringBalances({ ...row, vacation: balance(0, null), bank: balance(0, null) })).toEqual([]);
  });
});

describe(formatShare.name, () => {
  it('should show a share as a percentage with at most one decimal, and a dash for none', () => {
    expect(formatShare(0.125)).toBe('12.5%');
    expect(formatShare(0.1)).toBe('10%');
    expect(formatShare(null)).toBe('–');
  });
});
