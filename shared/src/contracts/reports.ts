import { z } from 'zod';
import { isoDate } from './employees';
import { REQUEST_TYPES } from './leaves';
import { reportTexts } from './report-texts';
import { queryId } from './teams';

/**
 * Reports (issue 31): each route's query and the rows of its `{rows: [...]}` reply, snake case as
 * the API speaks, and the columns a CSV or XLSX export writes of them (one flat list per report, the
 * same for both formats: the writer adds the formula guard and the encoding).
 *
 * Days are days of leave counted as balances count them (work patterns, public holidays, partial
 * days as fractions), one decimal; hours are the hours bank's, one decimal.
 */

export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const ABSENCE_GROUPS = ['person', 'team', 'month'] as const;
export type AbsenceGroup = (typeof ABSENCE_GROUPS)[number];
/** The longest range a report covers: three years (the scale the reports are measured at). */
export const MAX_REPORT_RANGE_DAYS = 3 * 366;
export const DEFAULT_LOW_UPTAKE_THRESHOLD = 0.25;

const format = z.enum(REPORT_FORMATS, { error: `format must be one of: ${REPORT_FORMATS.join(', ')}` }).default('json');
const teamId = queryId('team_id').optional();

const spanDays = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** `from` and `to`, both included; absent: the current leave year's bounds (the caller's to fill in). */
const range = {
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
};
function checkRange(input: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (input.from === undefined || input.to === undefined) return;
  if (input.to < input.from) ctx.addIssue({ code: 'custom', path: ['to'], message: reportTexts.toBeforeFrom });
  else if (spanDays(input.from, input.to) > MAX_REPORT_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: reportTexts.rangeTooLong });
}

/** GET /api/reports/absence */
export const absenceReportQuerySchema = z
  .object({
    ...range,
    group_by: z
      .enum(ABSENCE_GROUPS, { error: `group_by must be one of: ${ABSENCE_GROUPS.join(', ')}` })
      .default('person'),
    team_id: teamId,
    request_type: z
      .enum(REQUEST_TYPES, { error: `request_type must be one of: ${REQUEST_TYPES.join(', ')}` })
      .optional(),
    format,
  })
  .superRefine(checkRange);
export type AbsenceReportQuery = z.output<typeof absenceReportQuerySchema>;

/** GET /api/reports/absence-rate */
export const absenceRateQuerySchema = z.object({ ...range, team_id: teamId, format }).superRefine(checkRange);
export type AbsenceRateQuery = z.output<typeof absenceRateQuerySchema>;

/** GET /api/reports/bradford and /api/reports/balances: `on` absent is the company's today. */
export const reportOnQuerySchema = z.object({ on: isoDate('on').optional(), team_id: teamId, format });
export type ReportOnQuery = z.output<typeof reportOnQuerySchema>;

/** GET /api/reports/low-uptake */
export const lowUptakeQuerySchema = z.object({
  on: isoDate('on').optional(),
  threshold: z.coerce
    .number({ error: reportTexts.thresholdShare })
    .min(0, reportTexts.thresholdShare)
    .max(1, reportTexts.thresholdShare)
    .default(DEFAULT_LOW_UPTAKE_THRESHOLD),
  team_id: teamId,
  format,
});
export type LowUptakeQuery = z.output<typeof lowUptakeQuerySchema>;

/** What the activity list sorts by (react-admin's `sort`): newest first unless asked. */
export const ACTIVITY_SORT_FIELDS = ['at', 'kind'] as const;
export type ActivitySortField = (typeof ACTIVITY_SORT_FIELDS)[number];

/** GET /api/activity (admins; with react-admin's list dialect besides). */
export const activityQuerySchema = z
  .object({
    ...range,
    employee_id: queryId('employee_id').optional(),
    kind: z
      .string({ error: 'kind must be text' })
      .trim()
      .min(1)
      .max(80, 'kind must be at most 80 characters')
      .optional(),
    format,
  })
  .superRefine(checkRange);
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** A row of the absence summary: approved leave in the range, per person, team or month. */
export interface AbsenceReportRow {
  /** The employee id (person), the team id or null for people in no team (team), or YYYY-MM (month). */
  key: number | string | null;
  /** The person's or team's name, or the month ('January 2027'). */
  label: string;
  vacation_days: number;
  sick_days: number;
  hours_bank_hours: number;
  other_days: number;
}

/** A row of the absence rate: a team (null: people in no team) in a month of the range. */
export interface AbsenceRateRow {
  team_id: number | null;
  label: string;
  /** YYYY-MM */
  month: string;
  /** The members' working days of the month within the range, while employed. */
  scheduled_days: number;
  /** Days of approved leave of every type on those days, sick days included. */
  absent_days: number;
  /** The sick part of absent_days (planned leave = absent_days − sick_days). */
  sick_days: number;
  /** absent_days ÷ scheduled_days, to four decimals; null when nothing was scheduled. */
  rate: number | null;
}

/** The usual Bradford bands, a hint and never a verdict (see BRADFORD_BANDS). */
export const BRADFORD_BAND_NAMES = ['low', 'watch', 'concern', 'high', 'very_high'] as const;
export type BradfordBandName = (typeof BRADFORD_BAND_NAMES)[number];

/**
 * The bands commonly published with the Bradford factor in UK HR practice (0–49, 50–124, 125–399,
 * 400–649, 650 and above, where employers traditionally consider no action, a conversation, a
 * written stage, a final stage, and a review). There is no statutory table: each employer sets its
 * own triggers, and the console shows the band as a hint beside the score.
 */
export const BRADFORD_BANDS: ReadonlyArray<{ name: BradfordBandName; from: number; label: string }> = [
  { name: 'low', from: 0, label: 'Below 50' },
  { name: 'watch', from: 50, label: '50–124' },
  { name: 'concern', from: 125, label: '125–399' },
  { name: 'high', from: 400, label: '400–649' },
  { name: 'very_high', from: 650, label: '650 and above' },
];

/** The band a score falls in. */
export function bradfordBandOf(score: number): BradfordBandName {
  let band: BradfordBandName = 'low';
  for (const { name, from } of BRADFORD_BANDS) if (score >= from) band = name;
  return band;
}

/** A row of the Bradford report: a person's sick spells and days over the 52 weeks to `on`. */
export interface BradfordRow {
  employee_id: number;
  label: string;
  spells: number;
  days: number;
  /** spells² × days, one decimal. */
  score: number;
  band: BradfordBandName;
}

/** One balance of a person on a date (vacation and sick in days, the bank in hours). */
export interface BalanceOnDate {
  /** Entitled by that day: granted or accrued, carried in less expired, adjustments, credits. */
  entitlement: number;
  /** Approved leave of the year dated up to that day. */
  taken: number;
  /** Approved leave of the year dated after that day. */
  booked: number;
  /** Pending requests' days (hours) in the year. */
  pending: number;
  /** entitlement − taken − booked: what can still be requested on that day. */
  remaining: number;
  /** Carried into the year from the year before. */
  carried: number;
  /** Carried days (bank: credited hours) that will expire after that day unless used; 0 when none. */
  expiring: number;
  /** The last day they can be used; null when nothing is to expire. */
  expiring_on: string | null;
}

/** A row of the balances report. */
export interface BalancesReportRow {
  employee_id: number;
  label: string;
  vacation: BalanceOnDate;
  sick: BalanceOnDate;
  bank: BalanceOnDate;
}

/** A row of the low uptake report: people whose share of the year's allowance taken by `on` is under the threshold. */
export interface LowUptakeRow {
  employee_id: number;
  label: string;
  /** The leave year's vacation entitlement: allowance (all of it, also what is still to accrue), carried in, adjustments. */
  allowance: number;
  /** Vacation taken by `on`. */
  taken: number;
  /** taken ÷ allowance, to four decimals. */
  share: number;
}

/** A row of the activity screen: an audit log or security log entry. */
export interface ActivityRow {
  id: string;
  /** ISO instant. */
  at: string;
  /** Who did it: a name, or 'Teamfolk' for what the system did. */
  actor: string;
  kind: string;
  /** What it was done to: a person, a request, the policy. */
  subject: string;
  before: unknown;
  after: unknown;
}

/** A cell of an export: the writer guards text against formulas; numbers stay numbers. */
export type ReportCell = string | number | null;

export interface ReportColumn<Row> {
  header: string;
  value: (row: Row) => ReportCell;
}

export const ABSENCE_REPORT_COLUMNS: ReadonlyArray<ReportColumn<AbsenceReportRow>> = [
  { header: 'Key', value: (row) => row.key },
  { header: 'Name', value: (row) => row.label },
  { header: 'Vacation (days)', value: (row) => row.vacation_days },
  { header: 'Sick (days)', value: (row) => row.sick_days },
  { header: 'Hours bank (hours)', value: (row) => row.hours_bank_hours },
  { header: 'Other leave (days)', value: (row) => row.other_days },
];

export const ABSENCE_RATE_COLUMNS: ReadonlyArray<ReportColumn<AbsenceRateRow>> = [
  { header: 'Team id', value: (row) => row.team_id },
  { header: 'Team', value: (row) => row.label },
  { header: 'Month', value: (row) => row.month },
  { header: 'Scheduled days', value: (row) => row.scheduled_days },
  { header: 'Absent days', value: (row) => row.absent_days },
  { header: 'Sick days', value: (row) => row.sick_days },
  { header: 'Absence rate', value: (row) => row.rate },
];

export const BRADFORD_COLUMNS: ReadonlyArray<ReportColumn<BradfordRow>> = [
  { header: 'Employee id', value: (row) => row.employee_id },
  { header: 'Name', value: (row) => row.label },
  { header: 'Spells', value: (row) => row.spells },
  { header: 'Sick days', value: (row) => row.days },
  { header: 'Bradford factor', value: (row) => row.score },
  { header: 'Band (a hint)', value: (row) => BRADFORD_BANDS.find((band) => band.name === row.band)?.label ?? null },
];

const BALANCE_COLUMN_PARTS: ReadonlyArray<[keyof BalanceOnDate, string]> = [
  ['entitlement', 'entitlement'],
  ['taken', 'taken'],
  ['booked', 'booked'],
  ['pending', 'pending'],
  ['remaining', 'remaining'],
  ['carried', 'carried'],
  ['expiring', 'expiring'],
  ['expiring_on', 'expiring on'],
];
const balanceColumns = (balance: 'vacation' | 'sick' | 'bank', title: string): Array<ReportColumn<BalancesReportRow>> =>
  BALANCE_COLUMN_PARTS.map(([field, words]) => ({ header: `${title} ${words}`, value: (row) => row[balance][field] }));

export const BALANCES_REPORT_COLUMNS: ReadonlyArray<ReportColumn<BalancesReportRow>> = [
  { header: 'Employee id', value: (row) => row.employee_id },
  { header: 'Name', value: (row) => row.label },
  ...balanceColumns('vacation', 'Vacation (days)'),
  ...balanceColumns('sick', 'Sick (days)'),
  ...balanceColumns('bank', 'Hours bank (hours)'),
];

export const LOW_UPTAKE_COLUMNS: ReadonlyArray<ReportColumn<LowUptakeRow>> = [
  { header: 'Employee id', value: (row) => row.employee_id },
  { header: 'Name', value: (row) => row.label },
  { header: 'Allowance (days)', value: (row) => row.allowance },
  { header: 'Taken (days)', value: (row) => row.taken },
  { header: 'Share taken', value: (row) => row.share },
];

export const ACTIVITY_COLUMNS: ReadonlyArray<ReportColumn<ActivityRow>> = [
  { header: 'Id', value: (row) => row.id },
  { header: 'At', value: (row) => row.at },
  { header: 'By', value: (row) => row.actor },
  { header: 'Kind', value: (row) => row.kind },
  { header: 'Subject', value: (row) => row.subject },
  { header: 'Before', value: (row) => (row.before === undefined ? null : JSON.stringify(row.before)) },
  { header: 'After', value: (row) => (row.after === undefined ? null : JSON.stringify(row.after)) },
];

/** A report's rows as a table of cells, header first: what the CSV and XLSX writers write. */
export function reportTable<Row>(columns: ReadonlyArray<ReportColumn<Row>>, rows: Iterable<Row>): ReportCell[][] {
  const table: ReportCell[][] = [columns.map((column) => column.header)];
  for (const row of rows) table.push(columns.map((column) => column.value(row)));
  return table;
}
