import { Box, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import type { CalendarEvent } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { PENDING_INK, pendingBackground, REQUEST_TYPE_STYLES, type CalendarRequestType } from './requestTypeStyles';
import { useEventText } from './useEventText';

/** A small pill with the request type's colour: solid for approved leave, striped while pending. */
export function RequestTypeBadge({ type, pending = false }: { type: CalendarRequestType; pending?: boolean }) {
  const { typeLabel } = useEventText();
  const style = REQUEST_TYPE_STYLES[type];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        px: 1,
        py: 0.25,
        borderRadius: 4,
        border: `1px ${pending ? 'dashed' : 'solid'} ${style.accent}`,
        background: pending ? pendingBackground(style) : style.tint,
        color: style.ink,
        fontSize: '0.75rem',
        fontWeight: 600,
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
      }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: style.accent, flexShrink: 0 }}
      />
      {typeLabel(type)}
    </Box>
  );
}

export function EventStatusBadge({ status }: { status: CalendarEvent['status'] }) {
  const translate = useTranslate();
  const Icon = status === 'pending' ? HourglassEmptyIcon : CheckCircleOutlineIcon;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: status === 'pending' ? PENDING_INK : 'success.dark',
        fontSize: '0.75rem',
        fontWeight: 600,
        whiteSpace: 'nowrap',
      }}
    >
      <Icon aria-hidden sx={{ fontSize: 16 }} />
      {translate(`resources.calendar.statuses.${status}`)}
    </Box>
  );
}

/** Who, what, when and why of one leave: the body of a chip's popover and of a row of the month's list. */
export function EventSummary({ event }: { event: CalendarEvent }) {
  const { period, dayCount } = useEventText();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
        <Typography component="span" variant="subtitle2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {event.employeeName}
        </Typography>
        <RequestTypeBadge type={event.requestType} pending={event.status === 'pending'} />
        <EventStatusBadge status={event.status} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {period(event)} · {dayCount(event)}
      </Typography>
      {event.reason && (
        <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          {event.reason}
        </Typography>
      )}
    </Box>
  );
}
