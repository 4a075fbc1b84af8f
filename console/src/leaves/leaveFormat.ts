const pad = (value: number) => String(value).padStart(2, '0');

// Leave dates are calendar days; read in UTC they cannot slip to the previous day in western time zones.
const leaveDateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const leaveDateWithYearFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const submittedDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const submittedDayWithYearFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const submittedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dayCountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const hourCountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function utcTimeOf(isoDate: string): number | undefined {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return undefined;
  return Date.UTC(year, month - 1, day);
}

/** 2026-03-02 → Mon, Mar 2 in 2026, Mon, Mar 2, 2026 in any other year. */
export function formatLeaveDate(isoDate: string, now: Date = new Date()): string {
  const time = utcTimeOf(isoDate);
  if (time === undefined) return isoDate;
  const sameYear = new Date(time).getUTCFullYear() === now.getFullYear();
  return (sameYear ? leaveDateFormat : leaveDateWithYearFormat).format(time);
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

/** Working days to at most one decimal: 3, 0.5. */
export function formatDayCount(days: number): string {
  return dayCountFormat.format(days);
}

/** Hours always to one decimal (spec section 9): 8.0, 7.5. */
export function formatHourCount(hours: number): string {
  return hourCountFormat.format(hours);
}

/** The user's own calendar day as YYYY-MM-DD. */
export function todayAsIsoDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar day moved by whole days, YYYY-MM-DD in and out. */
export function addDaysToIsoDate(isoDate: string, days: number): string {
  const time = utcTimeOf(isoDate);
  if (time === undefined) return isoDate;
  const moved = new Date(time + days * 86_400_000);
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
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
