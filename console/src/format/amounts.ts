/** Leave amounts as every screen shows them: days to at most one decimal, hours always to one (spec section 9). */

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
