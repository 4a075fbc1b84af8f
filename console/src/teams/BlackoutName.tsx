import { Box } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import type { BlackoutRecord } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { blackoutReasons } from './blackoutDays';

/** 'Blackout: Year-end stock-take' under a calendar day, with its icon. */
export function BlackoutName({ blackouts }: { blackouts: readonly BlackoutRecord[] }) {
  const translate = useTranslate();
  if (blackouts.length === 0) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        color: 'warning.dark',
        fontSize: '0.75rem',
        fontWeight: 600,
        lineHeight: 1.3,
      }}
    >
      <BlockIcon aria-hidden sx={{ fontSize: 14, mt: '1px' }} />
      <span>{translate('resources.calendar.blackouts.shaded', { reason: blackoutReasons(blackouts) })}</span>
    </Box>
  );
}

/** A blackout day's shading: diagonal stripes, so it reads apart from a holiday's tint. */
export const blackoutShading = (color: string) =>
  `repeating-linear-gradient(135deg, ${color} 0 6px, transparent 6px 12px)`;
