import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * A named list of cards that fill the row: as many columns as fit `minCardWidth`, one on a phone.
 * Its children are the list's items (`<Box component="li">` or a card rendered as one).
 */
export function CardGrid({
  label,
  minCardWidth,
  children,
}: {
  label: string;
  minCardWidth: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minCardWidth}px), 1fr))`,
      }}
    >
      {children}
    </Box>
  );
}
