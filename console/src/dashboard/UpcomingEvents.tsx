import { Box, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import CakeIcon from '@mui/icons-material/Cake';
import CelebrationIcon from '@mui/icons-material/Celebration';
import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import type { UpcomingEvent } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { CardGrid } from '../layout/CardGrid';
import { EmptyState } from '../layout/EmptyState';
import { formatShortDate } from '../format/dates';
import { IconBadge } from './IconBadge';

const LOADING_CARDS = 2;

/** Birthdays and work anniversaries of the next 30 days, soonest first as the API sorts them. */
export function UpcomingEvents({ events, loading }: { events: UpcomingEvent[]; loading: boolean }) {
  const translate = useTranslate();

  return (
    <Box component="section" aria-labelledby="upcoming-events-heading">
      <Typography id="upcoming-events-heading" component="h3" variant="h6" sx={{ mb: 2 }}>
        {translate('app.overview.upcoming.title')}
      </Typography>
      {loading && (
        <Box role="status" aria-label={translate('app.loading')} sx={{ display: 'grid', gap: 2 }}>
          {Array.from({ length: LOADING_CARDS }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={76} />
          ))}
        </Box>
      )}
      {!loading && events.length === 0 && (
        <EmptyState
          icon={<CelebrationIcon />}
          title={translate('app.overview.upcoming.noUpcomingEventsTitle')}
          message={translate('app.overview.upcoming.noUpcomingEvents')}
        />
      )}
      {!loading && events.length > 0 && (
        <CardGrid label={translate('app.overview.upcoming.listLabel')} minCardWidth={340}>
          {events.map((event) => (
            <UpcomingEventCard key={event.id} event={event} />
          ))}
        </CardGrid>
      )}
    </Box>
  );
}

function UpcomingEventCard({ event }: { event: UpcomingEvent }) {
  const translate = useTranslate();
  const birthday = event.type === 'birthday';
  const soon = event.daysUntil <= 1;

  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, '&:last-child': { pb: 2 } }}>
        <IconBadge background={birthday ? 'secondary.main' : 'primary.main'} color="common.white">
          {birthday ? <CakeIcon /> : <WorkHistoryIcon />}
        </IconBadge>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{event.message}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(birthday ? 'app.overview.upcoming.birthday' : 'app.overview.upcoming.anniversary')} ·{' '}
            <time dateTime={event.date}>{formatShortDate(event.date)}</time>
          </Typography>
        </Box>
        <Chip
          size="small"
          label={whenLabel(event.daysUntil, translate)}
          color={soon ? 'primary' : 'default'}
          variant={soon ? 'filled' : 'outlined'}
          sx={{ flexShrink: 0, fontWeight: 600 }}
        />
      </CardContent>
    </Card>
  );
}

function whenLabel(daysUntil: number, translate: ReturnType<typeof useTranslate>): string {
  if (daysUntil <= 0) return translate('app.overview.upcoming.today');
  if (daysUntil === 1) return translate('app.overview.upcoming.tomorrow');
  return translate('app.overview.upcoming.inDays', { count: daysUntil });
}
