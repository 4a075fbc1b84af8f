import { formatDayCount, formatHourCount } from '../format/amounts';
import { calendarDayFormat, formatIsoDate } from '../format/dates';

const calendarDateFormat = calendarDayFormat({ dateStyle: 'medium' });

/** Vacation and sick days as remaining/total; sick days may be overdrawn, which reads as -2/10. */
export function formatDayBalance(remaining: number, total: number): string {
  return `${formatDayCount(remaining)}/${formatDayCount(total)}`;
}

/** The hours bank as remaining/total, always to one decimal (spec section 9). */
export function formatHourBalance(remaining: number, total: number): string {
  return `${formatHourCount(remaining)}/${formatHourCount(total)}`;
}

/** 2024-03-05 → Mar 5, 2024. */
export function formatCalendarDate(isoDate: string): string {
  return formatIsoDate(isoDate, calendarDateFormat);
}
