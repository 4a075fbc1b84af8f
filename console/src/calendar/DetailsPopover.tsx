import type { ReactNode } from 'react';
import { Popover, type SxProps, type Theme } from '@mui/material';

interface DetailsPopoverProps {
  /** The button that opened it; null while closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
  /** The dialog's accessible name. */
  label: string;
  sx: SxProps<Theme>;
  children: ReactNode;
}

/** The details a calendar button opens below itself, announced as a dialog (the button says aria-haspopup="dialog"). */
export function DetailsPopover({ anchor, onClose, label, sx, children }: DetailsPopoverProps) {
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': label, sx } }}
    >
      {children}
    </Popover>
  );
}
