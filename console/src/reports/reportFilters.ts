import {
  ABSENCE_GROUPS,
  DEFAULT_LOW_UPTAKE_THRESHOLD,
  type AbsenceGroup,
  type ReportFormat,
} from '@teamfolk/shared/contracts';

/** The reports with a route of their own under /api/reports, by the name the route and the screen share. */
export const REPORT_NAMES = ['absence', 'absence-rate', 'bradford', 'balances', 'low-uptake'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export type ExportFormat = Exclude<ReportFormat, 'json'>;

export const isReportName = (name: string | undefined): name is ReportName =>
  (REPORT_NAMES as readonly string[]).includes(name ?? '');

/**
 * What the screens' URL says (shareable): the dates, the team and each report's own choice. Without
 * dates the API reports on the current leave year (ranges) or the company's today (`on`).
 */
export interface ReportFilters {
  from?: string;
  to?: string;
  on?: string;
  team_id?: number;
  group_by: AbsenceGroup;
  /** A share, 0–1. */
  threshold: number;
}

/** Months are the grouping the console opens with: the chart then shows absence by month and type. */
export const DEFAULT_ABSENCE_GROUP: AbsenceGroup = 'month';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const dateParam = (value: string | null) => (value !== null && ISO_DATE.test(value) ? value : undefined);

function idParam(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function shareParam(value: string | null): number {
  if (value === null || value.trim() === '') return DEFAULT_LOW_UPTAKE_THRESHOLD;
  const share = Number(value);
  return Number.isFinite(share) && share >= 0 && share <= 1 ? share : DEFAULT_LOW_UPTAKE_THRESHOLD;
}

/** The filters of a URL's query; what is missing or malformed takes its default (a shared link never breaks the screen). */
export function parseReportFilters(search: string | URLSearchParams): ReportFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const groupBy = params.get('group_by');
  const filters: ReportFilters = {
    group_by: (ABSENCE_GROUPS as readonly string[]).includes(groupBy ?? '')
      ? (groupBy as AbsenceGroup)
      : DEFAULT_ABSENCE_GROUP,
    threshold: shareParam(params.get('threshold')),
  };
  const from = dateParam(params.get('from'));
  const to = dateParam(params.get('to'));
  const on = dateParam(params.get('on'));
  const teamId = idParam(params.get('team_id'));
  if (from) filters.from = from;
  if (to) filters.to = to;
  if (on) filters.on = on;
  if (teamId) filters.team_id = teamId;
  return filters;
}

/** The URL query of the filters, defaults left out so that a shared link stays short. */
export function reportFiltersSearch(filters: ReportFilters): string {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.on) params.set('on', filters.on);
  if (filters.team_id) params.set('team_id', String(filters.team_id));
  if (filters.group_by !== DEFAULT_ABSENCE_GROUP) params.set('group_by', filters.group_by);
  if (filters.threshold !== DEFAULT_LOW_UPTAKE_THRESHOLD) params.set('threshold', String(filters.threshold));
  return params.toString();
}

/** The query parameters a report's route reads of the filters (each route refuses none, but reads only its own). */
export function reportQuery(report: ReportName, filters: ReportFilters): Record<string, string> {
  const query: Record<string, string> = {};
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined) query[name] = String(value);
  };
  if (report === 'absence' || report === 'absence-rate') {
    set('from', filters.from);
    set('to', filters.to);
  } else {
    set('on', filters.on);
  }
  if (report === 'absence') set('group_by', filters.group_by);
  if (report === 'low-uptake') set('threshold', filters.threshold);
  set('team_id', filters.team_id);
  return query;
}

/** The name a downloaded export is saved under: the report and the day it was made, e.g. teamfolk-bradford-2027-03-01.csv. */
export function reportFileName(report: ReportName | 'activity', format: ExportFormat, today: string): string {
  return `teamfolk-${report}-${today}.${format}`;
}
