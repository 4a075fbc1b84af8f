import { useState, type ReactElement } from 'react';
import { Tooltip } from '@mui/material';

/** The kind of pointer that last came over the page ('mouse', 'touch', 'pen'), read once a tooltip asks to open. */
let lastPointerType = 'mouse';
if (typeof window !== 'undefined') {
  const remember = (event: PointerEvent) => {
    lastPointerType = event.pointerType;
  };
  window.addEventListener('pointerover', remember, { capture: true, passive: true });
  window.addEventListener('pointerdown', remember, { capture: true, passive: true });
}

interface HoverTooltipProps {
  title: string;
  /** One control that carries its own accessible name (the tooltip repeats it for sighted mouse users). */
  children: ReactElement;
}

/**
 * A tooltip for a mouse resting on its control, or keyboard focus on it; never for a touch. A tap
 * fires emulated mouse events that would open a tooltip no 'mouseleave' ever closes, and a long
 * press would open one too. It lets the pointer through and closes once the pointer leaves its
 * control, so it never covers the controls below it.
 */
export function HoverTooltip({ title, children }: HoverTooltipProps) {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip
      title={title}
      open={open}
      disableInteractive
      disableTouchListener
      onOpen={(event) => setOpen(event.type !== 'mouseover' || lastPointerType === 'mouse')}
      onClose={() => setOpen(false)}
    >
      {children}
    </Tooltip>
  );
}
