import type { ReactElement } from 'react';
import { CircularProgress, IconButton } from '@mui/material';
import { HoverTooltip } from './HoverTooltip';

export interface RowIconButtonProps {
  /** Shown on hover or focus: the action in a word or two. */
  tooltip: string;
  /** The accessible name: the action and whose row it is. */
  label: string;
  icon: ReactElement;
  color?: 'default' | 'error' | 'success' | 'inherit';
  /** The action is under way: a spinner in place of the icon, not clickable. */
  busy?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** A row's icon action in a table: named for screen readers, its tooltip for mouse and keyboard only. */
export function RowIconButton({
  tooltip,
  label,
  icon,
  color = 'default',
  busy = false,
  disabled = false,
  onClick,
}: RowIconButtonProps) {
  return (
    <HoverTooltip title={tooltip}>
      {/* A disabled button fires no pointer events: the span keeps the tooltip working. */}
      <span>
        <IconButton aria-label={label} color={color} onClick={onClick} disabled={busy || disabled} size="small">
          {busy ? <CircularProgress size={20} aria-hidden /> : icon}
        </IconButton>
      </span>
    </HoverTooltip>
  );
}
