import { useMemo, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Typography, useMediaQuery, type Theme } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
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
import { blackoutsByDate } from '../teams/blackoutDays';
import { BlackoutsDialog } from '../teams/BlackoutsDialog';
import { CalendarTeamFilter, useCalendarTeams } from '../teams/CalendarTeamFilter';
import { useBlackouts } from '../teams/useBlackouts';

/** The address keeps the shown month (?month=2026-03), so a reload or a shared link opens the same month. */
const MONTH_PARAM = 'month';
/** The chosen team (?team=4) stays in the address too. */
const TEAM_PARAM = 'team';

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
  const managesBlackouts = canAccess(user, { resource: 'blackouts', action: 'create' });
  const [blackoutsOpen, setBlackoutsOpen] = useState(false);
  const teams = useCalendarTeams();
  const { blackouts, reload: reloadBlackouts } = useBlackouts();

  const today = todayAsIsoDate();
  const currentMonth = monthOfIsoDate(today);
  const month = parseMonthKey(searchParams.get(MONTH_PARAM)) ?? currentMonth;
  const shownKey = monthKey(month);
  const teamParam = Number(searchParams.get(TEAM_PARAM));
  const teamId = Number.isInteger(teamParam) && teamParam > 0 ? teamParam : undefined;
  const { start: rangeStart, end: rangeEnd } = monthRange(month);
  const monthState = useCalendarMonth({ start: rangeStart, end: rangeEnd }, teamId);
  const data = monthState.status === 'failed' ? undefined : monthState.data;
  const holidays = useMemo(() => holidaysByDate(data?.holidays ?? []), [data]);
  const blackoutDays = blackoutsByDate(blackouts, { start: rangeStart, end: rangeEnd }, teamId);
  const events = data?.events ?? [];

  const showParams = (shownMonth: string | undefined, team: number | undefined) =>
    setSearchParams(
      {
        ...(shownMonth ? { [MONTH_PARAM]: shownMonth } : {}),
        ...(team !== undefined ? { [TEAM_PARAM]: String(team) } : {}),
      },
      { replace: true },
    );
  const showMonth = (key: string | undefined) => showParams(key, teamId);

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
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, width: { xs: '100%', sm: 'auto' } }}>
            <CalendarTeamFilter
              teams={teams}
              teamId={teamId}
              onChange={(team) => showParams(searchParams.get(MONTH_PARAM) ?? undefined, team)}
            />
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
              {managesBlackouts && (
                <Button size="small" startIcon={<BlockIcon />} onClick={() => setBlackoutsOpen(true)}>
                  {translate('resources.calendar.blackouts.manage')}
                </Button>
              )}
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
              <CompactMonthGrid
                key={shownKey}
                month={month}
                today={today}
                events={events}
                holidays={holidays}
                blackouts={blackoutDays}
              />
              <MonthAgenda month={month} today={today} events={events} holidays={holidays} />
            </>
          ) : (
            <MonthGrid month={month} today={today} events={events} holidays={holidays} blackouts={blackoutDays} />
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
      {managesBlackouts && blackoutsOpen && (
        <BlackoutsDialog
          blackouts={blackouts}
          teams={teams}
          onChanged={reloadBlackouts}
          onClose={() => setBlackoutsOpen(false)}
        />
      )}
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
