import { LONG_MONTHS } from './date-names';

/** The user-visible texts of the reports (issue 31), once: the API answers with them and the console shows them. */

export const reportTexts = {
  fetchFailed: 'Failed to load the report',
  exportFailed: 'Failed to export the report',
  toBeforeFrom: 'to must not be before from',
  rangeTooLong: 'A report can cover at most three years',
  thresholdShare: 'threshold must be a share between 0 and 1 (0.25 is a quarter)',
  noTeam: 'No team',
  bradfordHint:
    'The bands are the ones commonly published with the Bradford factor; there is no statutory table. They are a hint to look closer, never a verdict.',
  exportCsv: 'Export CSV',
  exportExcel: 'Export Excel',
  empty: 'Nothing to show for these dates',
} as const;

/** 'January 2027' of '2027-01' (or of any date in that month). */
export function monthText(yearMonth: string): string {
  return `${LONG_MONTHS[Number(yearMonth.slice(5, 7)) - 1]} ${Number(yearMonth.slice(0, 4))}`;
}
