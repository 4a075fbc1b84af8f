const dayFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const hourFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
// The API's dates are calendar days; read in UTC they cannot slip to the previous day in western time zones.
const calendarDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Vacation and sick days as remaining/total; sick days may be overdrawn, which reads as -2/10. */
export function formatDayBalance(remaining: number, total: number): string {
  return `${dayFormat.format(remaining)}/${dayFormat.format(total)}`;
}

/** The hours bank as remaining/total, always to one decimal (spec section 9). */
export function formatHourBalance(remaining: number, total: number): string {
  return `${hourFormat.format(remaining)}/${hourFormat.format(total)}`;
}

/** Amounts travel as integer cents and read as dollars with two decimals: 200 → $2.00. */
export function formatCents(cents: number): string {
  return dollarFormat.format(cents / 100);
}

/** 2024-03-05 → Mar 5, 2024. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return calendarDateFormat.format(Date.UTC(year, month - 1, day));
}

/** The user's own calendar day as YYYY-MM-DD, the default hire date and birthday of a new employee. */
export function todayAsIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
