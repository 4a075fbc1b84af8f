import { BarChart } from '@mui/x-charts/BarChart';
import { ABSENCE_RATE_COLUMNS, monthText, reportTexts, type AbsenceRateRow } from '@teamfolk/shared/contracts';
import { ExportButtons } from './ExportButtons';
import { ReportChart } from './ReportChart';
import { absenceRateByTeam, formatShare, type TeamAbsenceRate } from './reportData';
import { reportQuery, type ReportFilters } from './reportFilters';
import { ReportStatus } from './ReportStatus';
import { ReportTable, screenColumn, type TableColumn } from './ReportTable';
import { useReport } from './useReport';

const shareValue = (value: number | null) => formatShare(value);

const TEAM_COLUMNS: ReadonlyArray<TableColumn<TeamAbsenceRate>> = [
  { header: reportTexts.team, cell: (team) => team.label },
  { header: reportTexts.scheduledDays, cell: (team) => team.scheduled_days, numeric: true },
  { header: reportTexts.absentDays, cell: (team) => team.absent_days, numeric: true },
  { header: reportTexts.sickDays, cell: (team) => team.sick_days, numeric: true },
  { header: reportTexts.absenceRate, cell: (team) => formatShare(team.rate), numeric: true },
  { header: reportTexts.sickRate, cell: (team) => formatShare(team.sick_rate), numeric: true },
];

// The export's columns, the team id left to the export, the month named and the rate a percentage.
const MONTH_COLUMNS: ReadonlyArray<TableColumn<AbsenceRateRow>> = ABSENCE_RATE_COLUMNS.slice(1).map((column) => {
  if (column.header === reportTexts.absenceRate)
    return { header: column.header, cell: (row) => formatShare(row.rate), numeric: true };
  if (column.header === reportTexts.groupByMonth) return { header: column.header, cell: (row) => monthText(row.month) };
  return screenColumn(column);
});

/** Absent ÷ scheduled working days per team, sick days apart from planned leave; each month in the second table. */
export function AbsenceRateReport({ filters }: { filters: ReportFilters }) {
  const query = reportQuery('absence-rate', filters);
  const state = useReport('absence-rate', query);

  return (
    <>
      <ExportButtons report="absence-rate" query={query} />
      <ReportStatus state={state} title={reportTexts.absenceRateTitle}>
        {(rows) => {
          const teams = absenceRateByTeam(rows);
          return (
            <>
              <ReportChart caption={reportTexts.absenceRateChart}>
                <BarChart
                  dataset={teams}
                  xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
                  yAxis={[{ label: reportTexts.rateAxis, valueFormatter: shareValue, width: 64 }]}
                  series={[
                    { dataKey: 'sick_rate', label: reportTexts.sick, stack: 'rate', valueFormatter: shareValue },
                    {
                      dataKey: 'planned_rate',
                      label: reportTexts.plannedLeave,
                      stack: 'rate',
                      valueFormatter: shareValue,
                    },
                  ]}
                  height={300}
                />
              </ReportChart>
              <ReportTable
                caption={reportTexts.absenceRateByTeamTable}
                columns={TEAM_COLUMNS}
                rows={teams}
                rowKey={(team) => String(team.team_id)}
              />
              <ReportTable
                caption={reportTexts.absenceRateTable}
                columns={MONTH_COLUMNS}
                rows={rows}
                rowKey={(row) => `${row.team_id}-${row.month}`}
              />
            </>
          );
        }}
      </ReportStatus>
    </>
  );
}
