import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { dayNumberOf, formatFullDate, formatMonthTitle, WEEKDAYS } from './calendarFormat';
import { daysOfMonth, eventsOnDay, weekdayOf, type MonthViewProps } from './calendarMonth';
import { EventChipList } from './EventChip';
import { HolidayName } from './HolidayName';

/** The month on a phone: only the days on which someone is out or that are public holidays, one under the other. */
export function MonthAgenda({ month, today, events, holidays }: MonthViewProps) {
  const translate = useTranslate();
  const days = daysOfMonth(month)
    .map((day) => ({ day, events: eventsOnDay(events, day), holidays: holidays.get(day) ?? [] }))
    .filter((entry) => entry.events.length > 0 || entry.holidays.length > 0);
  if (days.length === 0) return null;

  return (
    <Box
      component="ol"
      aria-label={translate('resources.calendar.agenda.label', { month: formatMonthTitle(month) })}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {days.map((entry) => {
        const isToday = entry.day === today;
        return (
          <Box
            component="li"
            key={entry.day}
            aria-current={isToday ? 'date' : undefined}
            sx={{
              display: 'flex',
              gap: 1.5,
              px: 1.5,
              py: 1.25,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            <Box
              aria-hidden
              sx={{
                flexShrink: 0,
                width: 44,
                py: 0.5,
                borderRadius: 2,
                textAlign: 'center',
                lineHeight: 1.1,
                ...(isToday
                  ? { bgcolor: 'primary.main', color: 'primary.contrastText' }
                  : { bgcolor: 'action.hover', color: 'text.primary' }),
              }}
            >
              <Box sx={{ fontSize: '0.6875rem', fontWeight: 600, textTransform: 'uppercase', opacity: 0.85 }}>
                {WEEKDAYS[weekdayOf(entry.day)]?.short}
              </Box>
              <Box sx={{ fontSize: '1.125rem', fontWeight: 700 }}>{dayNumberOf(entry.day)}</Box>
            </Box>
            <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Typography component="h4" variant="body2" sx={{ fontWeight: 600, color: 'text.secondary' }}>
                {formatFullDate(entry.day)}
                {isToday && ` · ${translate('resources.calendar.grid.today')}`}
              </Typography>
              {entry.holidays.map((holiday) => (
                <HolidayName key={holiday.name} holiday={holiday} />
              ))}
              {entry.events.length > 0 && <EventChipList events={entry.events} showType />}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
