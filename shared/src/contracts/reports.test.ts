import {
  absenceReportQuerySchema,
  BALANCES_REPORT_COLUMNS,
  bradfordBandOf,
  lowUptakeQuerySchema,
  monthText,
  reportTable,
  type BalanceOnDate,
  type BalancesReportRow,
} from '.';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('absenceReportQuerySchema', () => {
  it('groups by person as JSON unless told otherwise, and leaves the range to the caller', () => {
    expect(absenceReportQuerySchema.parse({})).toEqual({ group_by: 'person', format: 'json' });
    expect(absenceReportQuerySchema.parse({ team_id: '4', group_by: 'month', format: 'csv' })).toEqual({
      team_id: 4,
      group_by: 'month',
      format: 'csv',
    });
  });

  it('refuses a range backwards or longer than three years, and an unknown grouping', () => {
    expect(messageOf(absenceReportQuerySchema.safeParse({ from: '2027-02-01', to: '2027-01-31' }))).toBe(
      'to must not be before from',
    );
    expect(messageOf(absenceReportQuerySchema.safeParse({ from: '2024-01-01', to: '2027-01-05' }))).toBe(
      'A report can cover at most three years',
    );
    expect(absenceReportQuerySchema.safeParse({ from: '2024-01-01', to: '2026-12-31' }).success).toBe(true);
    expect(messageOf(absenceReportQuerySchema.safeParse({ group_by: 'week' }))).toBe(
      'group_by must be one of: person, team, month',
    );
  });
});

describe('lowUptakeQuerySchema', () => {
  it('takes a share between 0 and 1, a quarter by default', () => {
    expect(lowUptakeQuerySchema.parse({ threshold: '0.4' }).threshold).toBe(0.4);
    expect(lowUptakeQuerySchema.parse({}).threshold).toBe(0.25);
    expect(messageOf(lowUptakeQuerySchema.safeParse({ threshold: '40' }))).toBe(
      'threshold must be a share between 0 and 1 (0.25 is a quarter)',
    );
  });
});

describe(bradfordBandOf.name, () => {
  it('places scores in the usual bands, each lower bound included', () => {
    expect([0, 49.9, 50, 124.9, 125, 399, 400, 649, 650, 2744].map(bradfordBandOf)).toEqual([
      'low',
      'low',
      'watch',
      'watch',
      'concern',
      'concern',
      'high',
      'high',
      'very_high',
      'very_high',
    ]);
  });
});

describe(reportTable.name, () => {
  it('writes the balances report flat: a header, then a line per person with every figure of the three balances', () => {
    const balance = (entitlement: number): BalanceOnDate => ({
      entitlement,
      taken: 1,
      booked: 2,
      pending: 0,
      remaining: entitlement - 3,
      carried: 0,
      expiring: 0,
      expiring_on: null,
    });
    const row: BalancesReportRow = {
      employee_id: 5,
      label: 'Ana',
      vacation: balance(25),
      sick: balance(10),
      bank: balance(16),
    };
    const [header, line] = reportTable(BALANCES_REPORT_COLUMNS, [row]);
    expect(header).toHaveLength(2 + 3 * 8);
    expect(header?.slice(0, 4)).toEqual([
      'Employee id',
      'Name',
      'Vacation (days) entitlement',
      'Vacation (days) taken',
    ]);
    expect(line?.slice(0, 8)).toEqual([5, 'Ana', 25, 1, 2, 0, 22, 0]);
    expect(line?.at(-1)).toBeNull();
  });
});

describe(monthText.name, () => {
  it('names a month', () => {
    expect(monthText('2027-01')).toBe('January 2027');
    expect(monthText('2026-12-31')).toBe('December 2026');
  });
});
