import type {
  AbsenceRateRow,
  AbsenceReportRow,
  BalancesReportRow,
  BradfordBandName,
  BradfordRow,
} from '@teamfolk/shared/contracts';

/** A bar of the absence chart: one group (a person, team or month) with its days of each type. */
export type AbsenceBar = {
  label: string;
  vacation: number;
  sick: number;
  other: number;
};

/** The absence rows as the chart's bars, in the API's order; the hours bank counts hours, so it stays in the table. */
export function absenceBars(rows: readonly AbsenceReportRow[]): AbsenceBar[] {
  return rows.map((row) => ({
    label: row.label,
    vacation: row.vacation_days,
    sick: row.sick_days,
    other: row.other_days,
  }));
}

/** A team's absence over the whole range: the months added up before dividing, as one rate. */
export type TeamAbsenceRate = {
  team_id: number | null;
  label: string;
  scheduled_days: number;
  absent_days: number;
  sick_days: number;
  /** absent ÷ scheduled; null when nothing was scheduled. */
  rate: number | null;
  /** The sick part of the rate and the rest (planned leave), for the stacked bars. */
  sick_rate: number | null;
  planned_rate: number | null;
};

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
const sum = (a: number, b: number) => Math.round((a + b) * 10) / 10;

/** The rate rows (team × month) per team, in the order the teams first appear. */
export function absenceRateByTeam(rows: readonly AbsenceRateRow[]): TeamAbsenceRate[] {
  const teams = new Map<number | null, { label: string; scheduled: number; absent: number; sick: number }>();
  for (const row of rows) {
    const team = teams.get(row.team_id) ?? { label: row.label, scheduled: 0, absent: 0, sick: 0 };
    team.scheduled = sum(team.scheduled, row.scheduled_days);
    team.absent = sum(team.absent, row.absent_days);
    team.sick = sum(team.sick, row.sick_days);
    teams.set(row.team_id, team);
  }
  return [...teams].map(([teamId, { label, scheduled, absent, sick }]) => ({
    team_id: teamId,
    label,
    scheduled_days: scheduled,
    absent_days: absent,
    sick_days: sick,
    rate: ratio(absent, scheduled),
    sick_rate: ratio(sick, scheduled),
    planned_rate: ratio(Math.round((absent - sick) * 10) / 10, scheduled),
  }));
}

/**
 * The colours of the Bradford bands, calm to strong, each with a text colour readable on it (WCAG AA):
 * a hint to look closer, so nothing below 'concern' is red.
 */
export const BRADFORD_BAND_COLORS: Record<BradfordBandName, { background: string; text: string }> = {
  low: { background: '#e8f5e9', text: '#1b5e20' },
  watch: { background: '#fff8e1', text: '#6d4c00' },
  concern: { background: '#ffe0b2', text: '#7a3300' },
  high: { background: '#ffcdd2', text: '#8e0000' },
  very_high: { background: '#b71c1c', text: '#ffffff' },
};

export type BradfordSortKey = 'label' | 'spells' | 'days' | 'score';
export type SortDirection = 'asc' | 'desc';

/** The rows sorted by a column; ties by name, so the order never jumps between renders. */
export function sortBradfordRows(
  rows: readonly BradfordRow[],
  key: BradfordSortKey,
  direction: SortDirection,
): BradfordRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byName = (a: BradfordRow, b: BradfordRow) => a.label.localeCompare(b.label);
  return [...rows].sort((a, b) => {
    const order = key === 'label' ? byName(a, b) : a[key] - b[key];
    return order === 0 ? byName(a, b) : sign * order;
  });
}

export type BalanceName = 'vacation' | 'sick' | 'bank';

/** "Use it or lose it": a person's balances with carried days (bank: hours) that expire unless used, and when. */
export function expiringBalances(
  row: BalancesReportRow,
): Array<{ balance: BalanceName; expiring: number; expiring_on: string | null }> {
  return (['vacation', 'sick', 'bank'] as const)
    .filter((balance) => row[balance].expiring > 0)
    .map((balance) => ({ balance, expiring: row[balance].expiring, expiring_on: row[balance].expiring_on }));
}

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/** A share (0–1) as a percentage, '12.5%'; a dash when there is none. */
export function formatShare(share: number | null): string {
  return share === null ? '–' : percent.format(share);
}
