import { Avatar, Box, Paper, Skeleton, Typography } from '@mui/material';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import type { CalendarEvent } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { formatMonthTitle } from './calendarFormat';
import type { CalendarMonth } from './calendarMonth';
import { EventSummary } from './EventSummary';
import { REQUEST_TYPE_STYLES } from './requestTypeStyles';

interface MonthEventListProps {
  month: CalendarMonth;
  /** Undefined while the month is loading. */
  events: readonly CalendarEvent[] | undefined;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** 'Leave Events This Month': every approved or pending leave that touches the shown month, once, with its details. */
export function MonthEventList({ month, events }: MonthEventListProps) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="month-events-heading" sx={{ overflow: 'hidden' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 1,
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id="month-events-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('resources.calendar.messages.eventsThisMonth')}
        </Typography>
        {events && events.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {translate('resources.calendar.list.count', { smart_count: events.length })}
          </Typography>
        )}
      </Box>
      {events === undefined ? (
        <LoadingRows />
      ) : events.length === 0 ? (
        <Box sx={{ px: 2, py: 4, textAlign: 'center', color: 'text.secondary' }}>
          <EventAvailableOutlinedIcon aria-hidden sx={{ fontSize: 40, mb: 1 }} />
          <Typography color="text.primary" sx={{ fontWeight: 600 }}>
            {translate('resources.calendar.list.emptyTitle')}
          </Typography>
          <Typography variant="body2">
            {translate('resources.calendar.list.emptyMessage', { month: formatMonthTitle(month) })}
          </Typography>
        </Box>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {events.map((event) => {
            const style = REQUEST_TYPE_STYLES[event.requestType];
            return (
              <Box
                component="li"
                key={event.id}
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  px: 2,
                  py: 1.5,
                  borderTop: 1,
                  borderColor: 'divider',
                  '&:first-of-type': { borderTop: 0 },
                }}
              >
                <Avatar
                  aria-hidden
                  sx={{
                    width: 36,
                    height: 36,
                    bgcolor: style.tint,
                    color: style.ink,
                    fontSize: '0.8125rem',
                    fontWeight: 700,
                  }}
                >
                  {initialsOf(event.employeeName)}
                </Avatar>
                <EventSummary event={event} />
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}

function LoadingRows() {
  return (
    <Box sx={{ px: 2, py: 1.5, display: 'grid', gap: 2 }} aria-hidden>
      {[0, 1, 2].map((row) => (
        <Box key={row} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Skeleton variant="circular" width={36} height={36} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="40%" />
            <Skeleton width="65%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
