import { amber, blue, blueGrey, deepPurple, red } from '@mui/material/colors';
import type { CalendarEvent } from '@teamfolk/shared/contracts';

export type CalendarRequestType = CalendarEvent['requestType'];

export interface RequestTypeStyle {
  /** Borders, dots and stripes. */
  accent: string;
  /** The chip's background. */
  tint: string;
  /** Text on the tint and on the stripes, well above WCAG AA contrast. */
  ink: string;
}

export const REQUEST_TYPE_STYLES: Record<CalendarRequestType, RequestTypeStyle> = {
  vacation: { accent: blue[600], tint: blue[50], ink: blue[900] },
  sick_day: { accent: red[600], tint: red[50], ink: red[900] },
  hours_bank: { accent: amber[800], tint: amber[50], ink: '#5c3300' },
  other: { accent: deepPurple[400], tint: deepPurple[50], ink: deepPurple[900] },
  out: { accent: blueGrey[500], tint: blueGrey[50], ink: blueGrey[900] },
};

/** The order of the legend; 'out' (a colleague's sick day) only exists for employees. */
export const LEGEND_REQUEST_TYPES: readonly CalendarRequestType[] = [
  'vacation',
  'sick_day',
  'hours_bank',
  'other',
  'out',
];

/** A dark amber for the word 'Pending': MUI's warning colours are too light for small text on white. */
export const PENDING_INK = '#8a4d00';

/** Diagonal stripes: a pending request reads as 'not settled yet' without relying on colour alone. */
export function pendingBackground({ tint }: RequestTypeStyle): string {
  return `repeating-linear-gradient(135deg, ${tint} 0 6px, #ffffff 6px 12px)`;
}
