import { Box } from '@mui/material';
import CelebrationOutlinedIcon from '@mui/icons-material/CelebrationOutlined';
import type { PublicHoliday } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { VisuallyHidden } from './VisuallyHidden';

/**
 * 'Holiday: Christmas Day' with its icon, under a day. `dense` in a cell of the month grid: smaller,
 * and 'Holiday:' said to screen readers only.
 */
export function HolidayName({ holiday, dense = false }: { holiday: PublicHoliday; dense?: boolean }) {
  const translate = useTranslate();
  const label = `${translate('resources.calendar.legend.holiday')}: `;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: dense ? 'flex-start' : 'center',
        gap: 0.5,
        color: 'secondary.dark',
        ...(dense ? { fontSize: '0.75rem', fontWeight: 600, lineHeight: 1.3 } : { fontSize: '0.8125rem' }),
      }}
    >
      <CelebrationOutlinedIcon aria-hidden sx={dense ? { fontSize: 14, mt: '1px' } : { fontSize: 16 }} />
      <span>
        {dense ? <VisuallyHidden>{label}</VisuallyHidden> : label}
        {holiday.name}
      </span>
    </Box>
  );
}
