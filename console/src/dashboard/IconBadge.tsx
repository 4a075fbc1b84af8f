import type { ReactNode } from 'react';
import { Box } from '@mui/material';

interface IconBadgeProps {
  /** Theme colours, e.g. 'primary.main'. */
  background: string;
  color: string;
  children: ReactNode;
}

/** The round icon at the start of an overview card; hidden from screen readers, as the card's text says it. */
export function IconBadge({ background, color, children }: IconBadgeProps) {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        placeItems: 'center',
        width: 44,
        height: 44,
        borderRadius: '50%',
        flexShrink: 0,
        bgcolor: background,
        color,
      }}
    >
      {children}
    </Box>
  );
}
