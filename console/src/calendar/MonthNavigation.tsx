import { Box, Button, IconButton, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslate } from 'react-admin';
import { HoverTooltip } from '../layout/HoverTooltip';
import { formatMonthTitle } from './calendarFormat';
import type { CalendarMonth } from './calendarMonth';

interface MonthNavigationProps {
  month: CalendarMonth;
  showsCurrentMonth: boolean;
  onMove: (months: number) => void;
  onToday: () => void;
}

/** Previous and next month around the month's name, and a way back to the current month. */
export function MonthNavigation({ month, showsCurrentMonth, onMove, onToday }: MonthNavigationProps) {
  const translate = useTranslate();
  const previous = translate('resources.calendar.navigation.previousMonth');
  const next = translate('resources.calendar.navigation.nextMonth');
  return (
    <Box
      role="group"
      aria-label={translate('resources.calendar.navigation.label')}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, flex: { xs: '1 1 100%', sm: 'none' } }}
    >
      <HoverTooltip title={previous}>
        <IconButton aria-label={previous} onClick={() => onMove(-1)}>
          <ChevronLeftIcon />
        </IconButton>
      </HoverTooltip>
      <Typography
        component="h3"
        variant="h6"
        aria-live="polite"
        sx={{
          fontWeight: 600,
          fontSize: { xs: '1.0625rem', sm: '1.25rem' },
          textAlign: 'center',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          // On a phone the name takes the room the buttons leave, and never widens the page.
          flex: { xs: '1 1 0', sm: 'none' },
          width: { xs: 0, sm: 'auto' },
          minWidth: { xs: 0, sm: 168 },
        }}
      >
        {formatMonthTitle(month)}
      </Typography>
      <HoverTooltip title={next}>
        <IconButton aria-label={next} onClick={() => onMove(1)}>
          <ChevronRightIcon />
        </IconButton>
      </HoverTooltip>
      <Button
        size="small"
        variant="text"
        disabled={showsCurrentMonth}
        onClick={onToday}
        sx={{ ml: 0.5, minWidth: 0, px: 1 }}
      >
        {translate('resources.calendar.navigation.today')}
      </Button>
    </Box>
  );
}
