import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import GoogleIcon from '@mui/icons-material/Google';
import { ICAL_FILE_NAME } from '@teamfolk/shared/contracts';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { saveAsFile } from '../layout/saveAsFile';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

/** On a phone the two buttons share the row; only on the narrowest screens do their labels wrap. */
const phoneFriendly = {
  flex: { xs: '1 1 auto', sm: 'none' },
  minWidth: 0,
  px: { xs: 1, sm: 2 },
  fontSize: { xs: '0.8125rem', sm: '0.875rem' },
  '& .MuiButton-startIcon': { mr: { xs: 0.5, sm: 1 } },
} as const;

/** 'Export iCal' saves the approved leave as an .ics file; 'Google Calendar' opens the first event in Google's editor. */
export function CalendarExportButtons() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [exporting, setExporting] = useState<'ical' | 'google'>();

  async function exportIcal() {
    setExporting('ical');
    try {
      const { data } = await dataProvider.exportCalendar();
      saveAsFile(data, ICAL_FILE_NAME);
      notify('resources.calendar.messages.exported', { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, translate('resources.calendar.messages.exportFailed')), { type: 'error' });
    } finally {
      setExporting(undefined);
    }
  }

  async function exportToGoogle() {
    setExporting('google');
    try {
      const { data } = await dataProvider.getGoogleCalendarLinks();
      const [firstUrl] = data.urls;
      if (firstUrl) window.open(firstUrl, '_blank', 'noopener');
      else notify('resources.calendar.messages.noGoogleEvents', { type: 'info' });
    } catch (error) {
      notify(errorMessage(error, translate('resources.calendar.messages.googleFailed')), { type: 'error' });
    } finally {
      setExporting(undefined);
    }
  }

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        sx={phoneFriendly}
        loading={exporting === 'ical'}
        disabled={exporting === 'google'}
        onClick={() => void exportIcal()}
      >
        {translate('resources.calendar.messages.exportIcal')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<GoogleIcon />}
        sx={phoneFriendly}
        loading={exporting === 'google'}
        disabled={exporting === 'ical'}
        onClick={() => void exportToGoogle()}
      >
        {translate('resources.calendar.messages.googleCalendar')}
      </Button>
    </>
  );
}
