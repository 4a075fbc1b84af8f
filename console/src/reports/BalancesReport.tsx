import { Alert } from '@mui/material';
import { BALANCES_REPORT_COLUMNS, reportTexts, type BalancesReportRow } from '@teamfolk/shared/contracts';
import { formatShortDate } from '../format/dates';
import { ExportButtons } from './ExportButtons';
import { expiringBalances, type BalanceName } from './reportData';
import { reportQuery, type ReportFilters } from './reportFilters';
import { ReportStatus } from './ReportStatus';
import { ReportTable, screenColumn, type TableColumn } from './ReportTable';
import { useReport } from './useReport';

/** The figures a screen has room for; the export has every balance's every figure. */
const SHOWN = new Set([
  'Name',
  'Vacation (days) entitlement',
  'Vacation (days) taken',
  'Vacation (days) booked',
  'Vacation (days) pending',
  'Vacation (days) remaining',
  'Vacation (days) carried',
  'Sick (days) taken',
  'Hours bank (hours) remaining',
]);

const BALANCE_NAMES: Record<BalanceName, string> = {
  vacation: reportTexts.vacation,
  sick: reportTexts.sick,
  bank: reportTexts.hoursBank,
};

/** 'Vacation: 3 expire on 31 Mar 2027', one phrase per balance that has carried days to lose. */
const expiringText = (row: BalancesReportRow) =>
  expiringBalances(row)
    .map(
      ({ balance, expiring, expiring_on }) =>
        `${BALANCE_NAMES[balance]}: ${reportTexts.expiresOn
          .replace('%{days}', String(expiring))
          .replace('%{date}', expiring_on ? formatShortDate(expiring_on) : '–')}`,
    )
    .join('; ') || '–';

const COLUMNS: ReadonlyArray<TableColumn<BalancesReportRow>> = [
  ...BALANCES_REPORT_COLUMNS.filter(({ header }) => SHOWN.has(header)).map(screenColumn),
  { header: reportTexts.expiring, cell: expiringText },
];

/** Each person's balances on a date; rows with carried days that expire unless used stand out. */
export function BalancesReport({ filters }: { filters: ReportFilters }) {
  const query = reportQuery('balances', filters);
  const state = useReport('balances', query);

  return (
    <>
      <Alert severity="info" sx={{ my: 1 }}>
        {reportTexts.useItOrLoseIt}
      </Alert>
      <ExportButtons report="balances" query={query} />
      <ReportStatus state={state} title={reportTexts.balancesTitle}>
        {(rows) => (
          <ReportTable
            caption={reportTexts.balancesTable}
            columns={COLUMNS}
            rows={rows}
            rowKey={(row) => row.employee_id}
            highlighted={(row) => expiringBalances(row).length > 0}
          />
        )}
      </ReportStatus>
    </>
  );
}
