import { useState } from 'react';
import { Box, ButtonBase } from '@mui/material';
import type { CalendarEvent } from '@teamfolk/shared/contracts';
import { DetailsPopover } from './DetailsPopover';
import { EventSummary } from './EventSummary';
import { pendingBackground, REQUEST_TYPE_STYLES } from './requestTypeStyles';
import { useEventText } from './useEventText';

interface EventChipProps {
  event: CalendarEvent;
  /** The grid's narrow cells show the name only; the agenda has room for the type as well. */
  showType?: boolean;
}

/** Chips under each other, each as wide as the day: long names end in an ellipsis instead of widening the column. */
export function EventChipList({ events, showType = false }: { events: readonly CalendarEvent[]; showType?: boolean }) {
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5 }}
    >
      {events.map((event) => (
        <li key={event.id}>
          <EventChip event={event} showType={showType} />
        </li>
      ))}
    </Box>
  );
}

/** One person's leave on one day, coloured by request type; a click opens the details. */
export function EventChip({ event, showType = false }: EventChipProps) {
  const { accessibleName, typeLabel } = useEventText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const style = REQUEST_TYPE_STYLES[event.requestType];
  const pending = event.status === 'pending';

  return (
    <>
      <ButtonBase
        aria-label={accessibleName(event)}
        aria-haspopup="dialog"
        title={accessibleName(event)}
        onClick={(click) => setAnchor(click.currentTarget)}
        sx={{
          display: 'flex',
          justifyContent: 'flex-start',
          gap: 0.75,
          width: '100%',
          minHeight: 24,
          px: 0.75,
          borderRadius: 1,
          border: `1px ${pending ? 'dashed' : 'solid'} ${pending ? style.accent : 'transparent'}`,
          borderLeft: `4px solid ${style.accent}`,
          background: pending ? pendingBackground(style) : style.tint,
          color: style.ink,
          fontSize: '0.75rem',
          fontWeight: 600,
          lineHeight: 1.4,
          textAlign: 'left',
          transition: 'filter 120ms',
          '&:hover': { filter: 'brightness(0.96)' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      >
        <Box component="span" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {event.employeeName}
        </Box>
        {showType && (
          <Box component="span" sx={{ ml: 'auto', fontWeight: 400, whiteSpace: 'nowrap' }}>
            {typeLabel(event.requestType)}
          </Box>
        )}
      </ButtonBase>
      <DetailsPopover
        anchor={anchor}
        onClose={() => setAnchor(null)}
        label={accessibleName(event)}
        sx={{ p: 2, maxWidth: 340 }}
      >
        <EventSummary event={event} />
      </DetailsPopover>
    </>
  );
}
