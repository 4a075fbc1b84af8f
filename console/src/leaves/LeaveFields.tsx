import { Chip, Typography } from '@mui/material';
import { amber, green, grey, red } from '@mui/material/colors';
import CircleIcon from '@mui/icons-material/Circle';
import type { LeaveRequestRecord, LeaveStatus } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { formatLeaveDate, formatSubmitted, formatSubmittedDay } from './leaveFormat';
import { formatDayCount, formatHourCount } from '../format/amounts';

/** A tinted chip with a coloured dot: the text stays dark, so it reads well whatever the status colour. */
const STATUS_COLOURS: Record<LeaveStatus, { tint: string; accent: string }> = {
  pending: { tint: amber[50], accent: amber[800] },
  approved: { tint: green[50], accent: green[700] },
  rejected: { tint: red[50], accent: red[700] },
  cancelled: { tint: grey[100], accent: grey[500] },
};

export function LeaveStatusChip({ status }: { status: LeaveStatus }) {
  const translate = useTranslate();
  const { tint, accent } = STATUS_COLOURS[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<CircleIcon aria-hidden sx={{ '&&': { color: accent, fontSize: 10 } }} />}
      label={translate(`resources.leaves.statuses.${status}`)}
      sx={{ bgcolor: tint, borderColor: accent, color: 'text.primary', fontWeight: 600 }}
    />
  );
}

export function RequestTypeText({ leave }: { leave: LeaveRequestRecord }) {
  const translate = useTranslate();
  return <>{translate(`resources.leaves.requestTypes.${leave.request_type}`)}</>;
}

/** 'Full Day', or 'Partial (09:00–13:00)'. */
export function LeaveDurationText({ leave }: { leave: LeaveRequestRecord }) {
  const translate = useTranslate();
  if (leave.leave_type === 'partial_day' && leave.start_time && leave.end_time) {
    return <>{translate('resources.leaves.duration.partial', { start: leave.start_time, end: leave.end_time })}</>;
  }
  return <>{translate('resources.leaves.duration.fullDay')}</>;
}

/** Working days; an hours-bank request also shows the hours it takes from the bank. */
export function LeaveDaysText({ leave }: { leave: LeaveRequestRecord }) {
  const translate = useTranslate();
  const days = formatDayCount(leave.days_count);
  if (leave.request_type !== 'hours_bank') return <>{days}</>;
  return (
    <>
      {days}{' '}
      <Typography component="span" variant="inherit" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        ({translate('resources.leaves.list.hours', { value: formatHourCount(leave.hours_count) })})
      </Typography>
    </>
  );
}

export function LeaveReasonText({ leave }: { leave: LeaveRequestRecord }) {
  const translate = useTranslate();
  if (leave.reason) return <>{leave.reason}</>;
  return (
    <Typography component="span" variant="inherit" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      {translate('resources.leaves.messages.noReason')}
    </Typography>
  );
}

export function LeaveDateText({ isoDate }: { isoDate: string }) {
  return (
    <Typography component="time" variant="inherit" dateTime={isoDate} sx={{ whiteSpace: 'nowrap' }}>
      {formatLeaveDate(isoDate)}
    </Typography>
  );
}

/** The day in the list, the moment on hover. */
export function SubmittedText({ leave }: { leave: LeaveRequestRecord }) {
  return (
    <Typography
      component="time"
      variant="inherit"
      dateTime={leave.created_at}
      title={formatSubmitted(leave.created_at)}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {formatSubmittedDay(leave.created_at)}
    </Typography>
  );
}
