/**
 * Amounts as every screen shows them: leave in days to at most one decimal and hours always to one
 * (spec section 9), money in dollars.
 */

const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const dayCountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const hourCountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Working days to at most one decimal: 3, 0.5. */
export function formatDayCount(days: number): string {
  return dayCountFormat.format(days);
}

/** Hours always to one decimal: 8.0, 7.5. */
export function formatHourCount(hours: number): string {
  return hourCountFormat.format(hours);
}

/** Amounts travel as integer cents and read as dollars with two decimals: 200 → $2.00. */
export function formatCents(cents: number): string {
  return dollarFormat.format(cents / 100);
}
