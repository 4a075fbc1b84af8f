import type { LeaveAcrossYearsPreview, LeaveYearPartPreview } from '@teamfolk/shared/rules';

/**
 * The balance line of the leave dialog: a request wholly in the current leave year shows that year's
 * balance as before leave years ('Vacation balance: 25 days remaining'); one in next year, or across
 * two, shows each year's part and what it leaves ('2026: 4 days, 6 left after; 2027: 3 days, 22 left
 * after'). Nothing while the current year's figure loads, or for a request that draws on no balance.
 */
export type BalanceLine =
  { show: 'remaining'; available: number } | { show: 'byYear'; parts: LeaveYearPartPreview[] } | null;

export function balanceLineOf({ kind, parts, currentYear }: LeaveAcrossYearsPreview): BalanceLine {
  if (!kind || parts.length === 0) return null;
  const [only] = parts;
  if (only && parts.length === 1 && only.leaveYear === currentYear)
    return only.available === null ? null : { show: 'remaining', available: only.available };
  return { show: 'byYear', parts };
}
