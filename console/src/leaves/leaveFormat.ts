import { calendarDayFormat, formatShortDate, utcTimeOf } from '../format/dates';

const leaveDateWithYearFormat = calendarDayFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const submittedDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const submittedDayWithYearFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const submittedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 2026-03-02 → Mon, Mar 2 in 2026, Mon, Mar 2, 2026 in any other year. */
export function formatLeaveDate(isoDate: string, now: Date = new Date()): string {
  const time = utcTimeOf(isoDate);
  if (time === undefined) return isoDate;
  const sameYear = new Date(time).getUTCFullYear() === now.getFullYear();
  return sameYear ? formatShortDate(isoDate) : leaveDateWithYearFormat.format(time);
}

/** The day a request was sent, in the reader's own time zone: Mar 2, or Mar 2, 2025 in another year. */
export function formatSubmittedDay(timestamp: string, now: Date = new Date()): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return (date.getFullYear() === now.getFullYear() ? submittedDayFormat : submittedDayWithYearFormat).format(date);
}

/** The moment a request was sent: Mar 2, 2026, 9:14 AM. */
export function formatSubmitted(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : submittedFormat.format(date);
}

/** The dates a request covers: 'Mon, Mar 2, 2026 – Wed, Mar 4, 2026', or one day with its hours. */
export function formatLeavePeriod(
  leave: { start_date: string; end_date: string; start_time: string | null; end_time: string | null },
  now: Date = new Date(),
): string {
  const start = formatLeaveDate(leave.start_date, now);
  if (leave.start_time && leave.end_time) return `${start}, ${leave.start_time}–${leave.end_time}`;
  return leave.start_date === leave.end_date ? start : `${start} – ${formatLeaveDate(leave.end_date, now)}`;
}
