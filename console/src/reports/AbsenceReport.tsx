import { BarChart } from '@mui/x-charts/BarChart';
import { ABSENCE_REPORT_COLUMNS, reportTexts } from '@teamfolk/shared/contracts';
import { ExportButtons } from './ExportButtons';
import { ReportChart } from './ReportChart';
import { absenceBars } from './reportData';
import { reportQuery, type ReportFilters } from './reportFilters';
import { ReportStatus } from './ReportStatus';
import { ReportTable, screenColumn } from './ReportTable';
import { useReport } from './useReport';

/** Days of approved leave by type, per person, team or month: bars stacked by type, the table under them. */
export function AbsenceReport({ filters }: { filters: ReportFilters }) {
  const query = reportQuery('absence', filters);
  const state = useReport('absence', query);
  // The key (an id or the month) is for the export; the screen names the group.
  const columns = ABSENCE_REPORT_COLUMNS.slice(1).map(screenColumn);

  return (
    <>
      <ExportButtons report="absence" query={query} />
      <ReportStatus state={state} title={reportTexts.absenceTitle}>
        {(rows) => (
          <>
            <ReportChart caption={reportTexts.absenceChart}>
              <BarChart
                dataset={absenceBars(rows)}
                xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
                yAxis={[{ label: reportTexts.days, width: 56 }]}
                series={[
                  { dataKey: 'vacation', label: reportTexts.vacation, stack: 'days' },
                  { dataKey: 'sick', label: reportTexts.sick, stack: 'days' },
                  { dataKey: 'other', label: reportTexts.otherLeave, stack: 'days' },
                ]}
                height={300}
              />
            </ReportChart>
            <ReportTable
              caption={reportTexts.absenceTable}
              columns={columns}
              rows={rows}
              rowKey={(row) => String(row.key)}
            />
          </>
        )}
      </ReportStatus>
    </>
  );
}
