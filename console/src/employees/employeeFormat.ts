import { formatDayCount, formatHourCount } from '../format/amounts';
import { calendarDayFormat, formatIsoDate } from '../format/dates';

/** The user's own calendar day as YYYY-MM-DD, the default hire date and birthday of a new employee. */

const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const calendarDateFormat = calendarDayFormat({ dateStyle: 'medium' });

/** Vacation and sick days as remaining/total; sick days may be overdrawn, which reads as -2/10. */
export function formatDayBalance(remaining: number, total: number): string {
  return `${formatDayCount(remaining)}/${formatDayCount(total)}`;
}

/** The hours bank as remaining/total, always to one decimal (spec section 9). */
export function formatHourBalance(remaining: number, total: number): string {
  return `${formatHourCount(remaining)}/${formatHourCount(total)}`;
}

/** Amounts travel as integer cents and read as dollars with two decimals: 200 → $2.00. */
export function formatCents(cents: number): string {
  return dollarFormat.format(cents / 100);
}

/** 2024-03-05 → Mar 5, 2024. */
export function formatCalendarDate(isoDate: string): string {
  return formatIsoDate(isoDate, calendarDateFormat);
}
