import { useState } from 'react';
import { Box, Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { reportTexts } from '@teamfolk/shared/contracts';
import { useDataProvider, useNotify } from 'react-admin';
import { todayAsIsoDate } from '../format/dates';
import { saveAsFile } from '../layout/saveAsFile';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { reportFileName, type ExportFormat, type ReportName } from './reportFilters';

/** Export CSV, Export Excel (the report's rows with the filters on screen, as the API writes them) and Print. */
export function ExportButtons({ report, query }: { report: ReportName | 'activity'; query: Record<string, string> }) {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const notify = useNotify();
  const [exporting, setExporting] = useState<ExportFormat>();

  async function exportAs(format: ExportFormat) {
    setExporting(format);
    try {
      const { data } = await dataProvider.exportReport(report, query, format);
      saveAsFile(data, reportFileName(report, format, todayAsIsoDate()));
      notify(reportTexts.exported, { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, reportTexts.exportFailed), { type: 'error' });
    } finally {
      setExporting(undefined);
    }
  }

  const button = (format: ExportFormat, label: string) => (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      loading={exporting === format}
      disabled={exporting !== undefined && exporting !== format}
      onClick={() => void exportAs(format)}
    >
      {label}
    </Button>
  );

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1, '@media print': { display: 'none' } }}>
      {button('csv', reportTexts.exportCsv)}
      {button('xlsx', reportTexts.exportExcel)}
      <Button size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>
        {reportTexts.print}
      </Button>
    </Box>
  );
}
