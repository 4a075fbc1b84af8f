import { useMemo, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Typography, useMediaQuery, type Theme } from '@mui/material';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { canAccess } from '@teamfolk/shared/rules';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../providers/apiError';
import { useSession } from '../auth/SessionProvider';
import { Page } from '../layout/Page';
import { CalendarExportButtons } from './CalendarExportButtons';
import { CalendarLegend } from './CalendarLegend';
import { holidaysByDate, monthKey, monthOfIsoDate, monthRange, parseMonthKey, shiftMonth } from './calendarMonth';
import { todayAsIsoDate } from '../format/dates';
import { CalendarSettingsDialog, countryName } from './CalendarSettingsDialog';
import { CompactMonthGrid } from './CompactMonthGrid';
import { MonthAgenda } from './MonthAgenda';
import { MonthEventList } from './MonthEventList';
import { MonthGrid } from './MonthGrid';
import { MonthNavigation } from './MonthNavigation';
import { SubscribePanel } from './SubscribePanel';
import { useCalendarMonth } from './useCalendarMonth';
import { useCompanySettings } from './useCompanySettings';

/** The address keeps the shown month (?month=2026-03), so a reload or a shared link opens the same month. */
const MONTH_PARAM = 'month';

/** /dashboard/calendar: who is out this month, public holidays, and the ways to take the calendar elsewhere. */
export function CalendarPage() {
  const translate = useTranslate();
  const { user } = useSession();
  const canEditSettings = canAccess(user, { resource: 'calendar', action: 'editSettings' });
  // Seven columns of names need room: below the md breakpoint the month is a grid of marked days above the agenda.
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settings, setSettings] = useCompanySettings(canEditSettings);

  const today = todayAsIsoDate();
  const currentMonth = monthOfIsoDate(today);
  const month = parseMonthKey(searchParams.get(MONTH_PARAM)) ?? currentMonth;
  const shownKey = monthKey(month);
  const monthState = useCalendarMonth(monthRange(month));
  const data = monthState.status === 'failed' ? undefined : monthState.data;
  const holidays = useMemo(() => holidaysByDate(data?.holidays ?? []), [data]);
  const events = data?.events ?? [];

  const showMonth = (key: string | undefined) => setSearchParams(key ? { [MONTH_PARAM]: key } : {}, { replace: true });

  return (
    <Page title={translate('resources.calendar.name', { smart_count: 2 })}>
      <Paper variant="outlined" sx={{ overflow: 'hidden', mb: 3 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1.5,
            px: { xs: 1, sm: 2 },
            py: 1.5,
          }}
        >
          <MonthNavigation
            month={month}
            showsCurrentMonth={shownKey === monthKey(currentMonth)}
            onMove={(months) => showMonth(monthKey(shiftMonth(month, months)))}
            onToday={() => showMonth(undefined)}
          />
          <Box sx={{ display: 'flex', gap: 1, width: { xs: '100%', sm: 'auto' } }}>
            <CalendarExportButtons />
          </Box>
        </Box>
        <Box sx={{ px: 2, pb: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <CalendarLegend
            showOut={!canAccess(user, { resource: 'leaves', action: 'showDetails', record: { own: false } })}
          />
          {canEditSettings && settings && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, ml: { md: 'auto' } }}>
              <Typography variant="caption" color="text.secondary">
                {settings.country
                  ? translate('resources.calendar.settings.summary', {
                      country: countryName(settings.country),
                      timeZone: settings.timeZone,
                    })
                  : translate('resources.calendar.settings.summaryWithoutCountry', { timeZone: settings.timeZone })}
              </Typography>
              {/* Until a country is chosen the button says what the settings are for: public holidays. */}
              <Button size="small" startIcon={<SettingsOutlinedIcon />} onClick={() => setSettingsOpen(true)}>
                {translate(
                  settings.country ? 'resources.calendar.settings.title' : 'resources.calendar.settings.holidayHint',
                )}
              </Button>
            </Box>
          )}
        </Box>
        <Box sx={{ height: 4 }}>
          {monthState.status === 'loading' && (
            <LinearProgress aria-label={translate('resources.calendar.loading')} sx={{ height: 4 }} />
          )}
        </Box>
        {monthState.status === 'failed' && (
          <Alert
            severity="error"
            sx={{ borderRadius: 0 }}
            action={
              <Button color="inherit" size="small" onClick={monthState.reload}>
                {translate('resources.calendar.retry')}
              </Button>
            }
          >
            {errorMessage(monthState.error, translate('resources.calendar.messages.fetchFailed'))}
          </Alert>
        )}
        <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
          {compact ? (
            <>
              <CompactMonthGrid key={shownKey} month={month} today={today} events={events} holidays={holidays} />
              <MonthAgenda month={month} today={today} events={events} holidays={holidays} />
            </>
          ) : (
            <MonthGrid month={month} today={today} events={events} holidays={holidays} />
          )}
        </Box>
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(280px, 1fr)' },
        }}
      >
        {monthState.status !== 'failed' && <MonthEventList month={month} events={data?.events} />}
        <SubscribePanel />
      </Box>
      {canEditSettings && settings && (
        <CalendarSettingsDialog
          open={settingsOpen}
          settings={settings}
          onClose={() => setSettingsOpen(false)}
          onSaved={(saved) => {
            setSettings(saved);
            setSettingsOpen(false);
            monthState.reload();
          }}
        />
      )}
    </Page>
  );
}
