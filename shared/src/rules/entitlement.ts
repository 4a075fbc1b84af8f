import { daysInclusive, earlierOf, laterOf, plusDays } from './iso-days';
import { daysInLeaveYear, leaveYearBounds, monthStartsOfLeaveYear, type LeaveYearBounds } from './leave-years';

/**
 * What a person is entitled to in a leave year, and when it is granted.
 *
 * - Employed days: the days of the year from the hire date (or the year's start) to the end date (or
 *   the year's end), both included. A year with no employed day grants nothing.
 * - Pro rata (vacation, when the policy says so): allowance × employed days ÷ days in the year,
 *   rounded to the nearest half day, halves up (24 × 184 ÷ 365 = 12.1 → 12.0), never above the
 *   allowance (which need not be a multiple of a half). Sick days are never pro-rated.
 * - Upfront: the year's entitlement on the year's first day, whatever the hire date (someone hired
 *   next month already sees this year's days, as before leave years existed).
 * - Monthly: the same entitlement, spread over the months of the year in which the person is employed
 *   at least one day: a share on the first day of each such month, or on the hire date in the month
 *   they join. Shares are rounded cumulatively to one decimal (after k of n shares, the entitlement ×
 *   k ÷ n), so they add up exactly to the entitlement. Accrual decides when days arrive, never how
 *   many: pro rata alone decides that, so with pro rata off a mid-year joiner accrues the whole
 *   allowance over their months.
 * - Carry-over into a year: min(cap, remaining at the end of the year before), never below 0 (a
 *   negative balance does not follow anyone into the next year).
 *
 * Amounts are one decimal; the arithmetic is done in integer tenths, so no rounding noise.
 */

export interface EmploymentTerms {
  hireDate: string;
  /** The last day of employment, or null. */
  endDate: string | null;
}

export interface YearEntitlement {
  /** Days, one decimal. */
  days: number;
  employedDays: number;
  yearDays: number;
  /** Whether pro rata reduced the allowance (employed part of the year only). */
  proRated: boolean;
}

export interface Grant {
  date: string;
  /** Days, one decimal. */
  amount: number;
  /** 1-based share number, and how many shares the year has (1 for upfront). */
  share: number;
  shares: number;
}

const toTenths = (value: number) => Math.round(value * 10);

/** The days of a leave year the person is employed. */
export function employedDaysIn(bounds: LeaveYearBounds, { hireDate, endDate }: EmploymentTerms): number {
  const from = laterOf(bounds.start, hireDate);
  const to = endDate === null ? bounds.end : earlierOf(bounds.end, endDate);
  return daysInclusive(from, to);
}

/**
 * allowance × employed ÷ yearDays to the nearest half day, halves up, in exact integer arithmetic; never
 * above the allowance itself (1.8 days for 364 of 365 days is 1.8, not 2.0).
 */
export function proRataDays(allowance: number, employedDays: number, yearDays: number): number {
  const numerator = toTenths(allowance) * employedDays * 2; // in halves, over 10 × yearDays
  const denominator = 10 * yearDays;
  return Math.min(allowance, Math.floor((2 * numerator + denominator) / (2 * denominator)) / 2);
}

/** The year's entitlement of an annual allowance (vacation or sick days). */
export function yearEntitlement(
  allowance: number,
  year: number,
  startMonth: number,
  terms: EmploymentTerms,
  proRata: boolean,
): YearEntitlement {
  const bounds = leaveYearBounds(year, startMonth);
  const yearDays = daysInLeaveYear(year, startMonth);
  const employedDays = employedDaysIn(bounds, terms);
  if (employedDays === 0) return { days: 0, employedDays, yearDays, proRated: false };
  if (!proRata || employedDays === yearDays) return { days: allowance, employedDays, yearDays, proRated: false };
  return { days: proRataDays(allowance, employedDays, yearDays), employedDays, yearDays, proRated: true };
}

/** When the entitlement is granted: upfront on the year's first day, or monthly shares. */
export function grantsOf(
  entitlement: number,
  year: number,
  startMonth: number,
  terms: EmploymentTerms,
  accrual: 'upfront' | 'monthly',
): Grant[] {
  const bounds = leaveYearBounds(year, startMonth);
  if (entitlement === 0 || employedDaysIn(bounds, terms) === 0) return [];
  if (accrual === 'upfront') return [{ date: bounds.start, amount: entitlement, share: 1, shares: 1 }];
  const starts = monthStartsOfLeaveYear(year, startMonth);
  const dates = starts.flatMap((start, index) => {
    const monthEnd = index + 1 < starts.length ? plusDays(starts[index + 1] as string, -1) : bounds.end;
    return employedDaysIn({ year, start, end: monthEnd }, terms) > 0 ? [laterOf(start, terms.hireDate)] : [];
  });
  const total = toTenths(entitlement);
  const cumulative = (share: number) => Math.round((total * share) / dates.length);
  return dates.map((date, index) => ({
    date,
    amount: (cumulative(index + 1) - cumulative(index)) / 10,
    share: index + 1,
    shares: dates.length,
  }));
}

/** What a year's remaining carries into the next under a cap: min(cap, remaining), never below 0. */
export function carryOverOf(remaining: number, cap: number): number {
  return Math.max(0, Math.min(toTenths(cap), toTenths(remaining))) / 10;
}

/**
 * When carried days expire: the last day they can be used (the end of the year's `months`th month)
 * and the day the expiry takes effect (the day after). Null when they never expire (months 0).
 */
export function carriedDaysExpiry(
  year: number,
  startMonth: number,
  months: number,
): { lastDay: string; effectiveOn: string } | null {
  if (months <= 0) return null;
  const starts = monthStartsOfLeaveYear(year, startMonth);
  const effectiveOn = starts[months] ?? leaveYearBounds(year + 1, startMonth).start;
  return { lastDay: plusDays(effectiveOn, -1), effectiveOn };
}
