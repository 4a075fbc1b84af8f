import { useState } from 'react';
import { alpha, Box, ButtonBase, Typography } from '@mui/material';
import type { BlackoutRecord, CalendarEvent, PublicHoliday } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { dayNumberOf, formatFullDate, formatMonthTitle, WEEKDAYS } from './calendarFormat';
import { eventsOnDay, isInMonth, monthWeeks, weekdayOf, type MonthViewProps } from './calendarMonth';
import { DetailsPopover } from './DetailsPopover';
import { EventChipList } from './EventChip';
import { EventSummary } from './EventSummary';
import { HolidayName } from './HolidayName';
import { VisuallyHidden } from './VisuallyHidden';
import { BlackoutName, blackoutShading } from '../teams/BlackoutName';

/** A cell shows this many chips; a busier day shows one fewer and a '+N more' button. */
const CHIPS_PER_DAY = 3;

/** The month as a table, Sunday to Saturday; the days of the neighbouring months are greyed out and left empty. */
export function MonthGrid({ month, today, events, holidays, blackouts }: MonthViewProps) {
  const translate = useTranslate();
  return (
    <Box
      component="table"
      sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse', '& th, & td': { p: 0 } }}
    >
      <caption>
        <VisuallyHidden>
          {translate('resources.calendar.grid.caption', { month: formatMonthTitle(month) })}
        </VisuallyHidden>
      </caption>
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
            <Box
              component="th"
              scope="col"
              key={weekday.long}
              sx={{
                py: 1,
                color: 'text.secondary',
                fontSize: '0.75rem',
                fontWeight: 600,
                letterSpacing: '0.06em',
                textTransform: 'uppercase',
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <span aria-hidden>{weekday.short}</span>
              <VisuallyHidden>{weekday.long}</VisuallyHidden>
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week[0]}>
            {week.map((day) =>
              isInMonth(day, month) ? (
                <DayCell
                  key={day}
                  day={day}
                  isToday={day === today}
                  events={eventsOnDay(events, day)}
                  holidays={holidays.get(day) ?? []}
                  blackouts={blackouts?.get(day) ?? []}
                />
              ) : (
                <OutsideDayCell key={day} day={day} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

const cellSx = {
  height: 128,
  verticalAlign: 'top',
  border: 1,
  borderColor: 'divider',
  '&:first-of-type': { borderLeft: 0 },
  '&:last-of-type': { borderRight: 0 },
  'tr:last-of-type > &': { borderBottom: 0 },
} as const;

function OutsideDayCell({ day }: { day: string }) {
  return (
    <Box component="td" sx={{ ...cellSx, bgcolor: 'grey.50' }}>
      <Box sx={{ p: 1, color: 'text.secondary', fontSize: '0.8125rem' }}>
        <span aria-hidden>{dayNumberOf(day)}</span>
        <VisuallyHidden>{formatFullDate(day)}</VisuallyHidden>
      </Box>
    </Box>
  );
}

interface DayCellProps {
  day: string;
  isToday: boolean;
  events: CalendarEvent[];
  holidays: PublicHoliday[];
  blackouts: BlackoutRecord[];
}

function DayCell({ day, isToday, events, holidays, blackouts }: DayCellProps) {
  const translate = useTranslate();
  const weekend = weekdayOf(day) === 0 || weekdayOf(day) === 6;
  const holiday = holidays.length > 0;
  const overflowing = events.length > CHIPS_PER_DAY;
  const shown = overflowing ? events.slice(0, CHIPS_PER_DAY - 1) : events;

  return (
    <Box
      component="td"
      aria-current={isToday ? 'date' : undefined}
      sx={(theme) => ({
        ...cellSx,
        bgcolor: holiday
          ? alpha(theme.palette.secondary.main, 0.07)
          : weekend
            ? alpha(theme.palette.text.primary, 0.025)
            : 'background.paper',
        ...(blackouts.length > 0 && { backgroundImage: blackoutShading(alpha(theme.palette.warning.main, 0.08)) }),
        ...(isToday && { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` }),
      })}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, p: 0.75, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 26 }}>
          <Box
            component="span"
            aria-hidden
            sx={{
              display: 'inline-grid',
              placeItems: 'center',
              minWidth: 26,
              height: 26,
              px: 0.5,
              borderRadius: 13,
              fontSize: '0.8125rem',
              fontWeight: isToday ? 700 : 500,
              ...(isToday ? { bgcolor: 'primary.main', color: 'primary.contrastText' } : { color: 'text.primary' }),
            }}
          >
            {dayNumberOf(day)}
          </Box>
          <VisuallyHidden>{formatFullDate(day)}</VisuallyHidden>
          {isToday && (
            <Typography component="span" variant="caption" sx={{ color: 'primary.main', fontWeight: 600 }}>
              {translate('resources.calendar.grid.today')}
            </Typography>
          )}
        </Box>
        {holidays.map((publicHoliday) => (
          <HolidayName key={publicHoliday.name} holiday={publicHoliday} dense />
        ))}
        <BlackoutName blackouts={blackouts} />
        {shown.length > 0 && <EventChipList events={shown} />}
        {overflowing && <MoreEventsButton day={day} events={events} hiddenCount={events.length - shown.length} />}
      </Box>
    </Box>
  );
}

function MoreEventsButton({ day, events, hiddenCount }: { day: string; events: CalendarEvent[]; hiddenCount: number }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const heading = formatFullDate(day);
  return (
    <>
      <ButtonBase
        aria-label={translate('resources.calendar.grid.moreLabel', { smart_count: events.length, date: heading })}
        aria-haspopup="dialog"
        onClick={(click) => setAnchor(click.currentTarget)}
        sx={{
          alignSelf: 'flex-start',
          px: 0.75,
          borderRadius: 1,
          color: 'primary.main',
          fontSize: '0.75rem',
          fontWeight: 600,
          '&:hover': { textDecoration: 'underline' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {translate('resources.calendar.grid.more', { smart_count: hiddenCount })}
      </ButtonBase>
      <DetailsPopover
        anchor={anchor}
        onClose={() => setAnchor(null)}
        label={heading}
        sx={{ p: 2, width: 340, maxWidth: '90vw' }}
      >
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
          {heading}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
          {events.map((event) => (
            <li key={event.id}>
              <EventSummary event={event} />
            </li>
          ))}
        </Box>
      </DetailsPopover>
    </>
  );
}
