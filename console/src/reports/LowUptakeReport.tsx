import { Alert } from '@mui/material';
import { reportTexts, type LowUptakeRow } from '@teamfolk/shared/contracts';
import { ExportButtons } from './ExportButtons';
import { formatShare } from './reportData';
import { reportQuery, type ReportFilters } from './reportFilters';
import { ReportStatus } from './ReportStatus';
import { ReportTable, type TableColumn } from './ReportTable';
import { useReport } from './useReport';

const COLUMNS: ReadonlyArray<TableColumn<LowUptakeRow>> = [
  { header: reportTexts.name, cell: (row) => row.label },
  { header: reportTexts.allowance, cell: (row) => row.allowance, numeric: true },
  { header: reportTexts.taken, cell: (row) => row.taken, numeric: true },
  { header: reportTexts.shareTaken, cell: (row) => formatShare(row.share), numeric: true },
];

/** People who have taken less than the chosen share of their allowance by the date. */
export function LowUptakeReport({ filters }: { filters: ReportFilters }) {
  const query = reportQuery('low-uptake', filters);
  const state = useReport('low-uptake', query);

  return (
    <>
      <Alert severity="info" sx={{ my: 1 }}>
        {reportTexts.lowUptakeHint}
      </Alert>
      <ExportButtons report="low-uptake" query={query} />
      <ReportStatus state={state} title={reportTexts.lowUptakeTitle}>
        {(rows) => (
          <ReportTable
            caption={reportTexts.lowUptakeTable}
            columns={COLUMNS}
            rows={rows}
            rowKey={(row) => row.employee_id}
          />
        )}
      </ReportStatus>
    </>
  );
}
