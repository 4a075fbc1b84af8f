import { useState } from 'react';
import { alpha, Box, ButtonBase, Typography } from '@mui/material';
import type { BlackoutRecord, CalendarEvent, PublicHoliday } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { dayNumberOf, formatFullDate, formatMonthTitle, WEEKDAYS } from './calendarFormat';
import { eventsOnDay, isInMonth, monthWeeks, type MonthViewProps } from './calendarMonth';
import { EventChipList } from './EventChip';
import { HolidayName } from './HolidayName';
import { blackoutReasons } from '../teams/blackoutDays';
import { BlackoutName, blackoutShading } from '../teams/BlackoutName';

/**
 * The month on a phone: seven narrow columns, Sunday to Saturday, with a mark on each day someone is
 * out. A tap on a day lists its people below the grid; a second tap on it closes the list.
 */
export function CompactMonthGrid({ month, today, events, holidays, blackouts }: MonthViewProps) {
  const translate = useTranslate();
  const [selected, setSelected] = useState<string>();

  return (
    <Box sx={{ px: 1, pt: 1, pb: 1.5 }}>
      <Box
        component="table"
        aria-label={translate('resources.calendar.compact.caption', { month: formatMonthTitle(month) })}
        sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse', '& th, & td': { p: 0 } }}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <Box
                component="th"
                scope="col"
                key={weekday.long}
                aria-label={weekday.long}
                sx={{ pb: 0.5, color: 'text.secondary', fontSize: '0.75rem', fontWeight: 600 }}
              >
                {weekday.short}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <td key={day}>
                  {isInMonth(day, month) && (
                    <DayButton
                      day={day}
                      isToday={day === today}
                      isSelected={day === selected}
                      events={eventsOnDay(events, day)}
                      holidays={holidays.get(day) ?? []}
                      blackouts={blackouts?.get(day) ?? []}
                      onSelect={() => setSelected((current) => (current === day ? undefined : day))}
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
      {selected && (
        <>
          <BlackoutName blackouts={blackouts?.get(selected) ?? []} />
          <DayPeople day={selected} events={eventsOnDay(events, selected)} holidays={holidays.get(selected) ?? []} />
        </>
      )}
    </Box>
  );
}

interface DayButtonProps {
  day: string;
  isToday: boolean;
  isSelected: boolean;
  events: CalendarEvent[];
  holidays: PublicHoliday[];
  blackouts: BlackoutRecord[];
  onSelect: () => void;
}

function DayButton({ day, isToday, isSelected, events, holidays, blackouts, onSelect }: DayButtonProps) {
  const translate = useTranslate();
  const people =
    events.length === 0
      ? translate('resources.calendar.compact.nobodyOut')
      : translate('resources.calendar.compact.peopleOut', { smart_count: events.length });
  const holidayNames = holidays.map((holiday) => holiday.name).join(', ');
  const blackoutNote = blackouts.length
    ? `, ${translate('resources.calendar.blackouts.shaded', { reason: blackoutReasons(blackouts) })}`
    : '';
  const label = [formatFullDate(day), people].join(': ') + (holidayNames ? `, ${holidayNames}` : '') + blackoutNote;

  return (
    <ButtonBase
      aria-label={label}
      aria-pressed={isSelected}
      onClick={onSelect}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        gap: '3px',
        width: 'calc(100% - 4px)',
        height: 44,
        m: '2px',
        borderRadius: 2,
        fontSize: '0.875rem',
        fontWeight: isToday ? 700 : 500,
        color: holidays.length > 0 ? 'secondary.dark' : 'text.primary',
        bgcolor: holidays.length > 0 ? alpha(theme.palette.secondary.main, 0.08) : 'transparent',
        ...(blackouts.length > 0 && { backgroundImage: blackoutShading(alpha(theme.palette.warning.main, 0.12)) }),
        ...(isToday && { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` }),
        ...(isSelected && { bgcolor: 'primary.main', color: 'primary.contrastText' }),
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
      })}
    >
      <span aria-hidden>{dayNumberOf(day)}</span>
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 6,
          height: 6,
          borderRadius: '50%',
          bgcolor: events.length > 0 ? (isSelected ? 'primary.contrastText' : 'primary.main') : 'transparent',
        }}
      />
    </ButtonBase>
  );
}

/** The people out on the chosen day (and its public holidays), as the agenda shows them. */
function DayPeople({ day, events, holidays }: { day: string; events: CalendarEvent[]; holidays: PublicHoliday[] }) {
  const translate = useTranslate();
  const date = formatFullDate(day);
  return (
    <Box
      role="region"
      aria-label={translate('resources.calendar.compact.dayLabel', { date })}
      aria-live="polite"
      sx={{ mt: 1, p: 1.5, borderRadius: 2, bgcolor: 'action.hover', display: 'grid', gap: 0.75 }}
    >
      <Typography component="h4" variant="body2" sx={{ fontWeight: 600 }}>
        {date}
      </Typography>
      {holidays.map((holiday) => (
        <HolidayName key={holiday.name} holiday={holiday} />
      ))}
      {events.length > 0 ? (
        <EventChipList events={events} showType />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.calendar.compact.nobodyOnDay')}
        </Typography>
      )}
    </Box>
  );
}
