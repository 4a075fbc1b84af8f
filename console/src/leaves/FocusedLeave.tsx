import { useEffect, useRef } from 'react';
import { lighten, type Theme } from '@mui/material';

// Solid rather than translucent, so that the table's sticky actions cell can carry it too.
const tint = (theme: Theme) => lighten(theme.palette.primary.main, 0.9);
const primaryBar = (theme: Theme) => `inset 4px 0 0 ${theme.palette.primary.main}`;

/** How the card an e-mail link points at stands out: a tint and a bar in the primary colour. */
export const focusedCardSx = { bgcolor: tint, boxShadow: primaryBar } as const;

/** The same for a table row: every cell tinted, the bar on the first. */
export const focusedRowSx = {
  '&& > td': { bgcolor: tint },
  '& > td:first-of-type': { boxShadow: primaryBar },
} as const;

/** Placed inside the focused row or card: brings it into view once the list has loaded. */
export function FocusedLeaveAnchor() {
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    anchor.current?.closest('tr, li')?.scrollIntoView({ block: 'center' });
  }, []);
  return <span ref={anchor} hidden />;
}
