import type { LedgerEntryKind } from './balance-ledger';

/**
 * The user-visible texts of leave years, the leave policy, the balance ledger and time in lieu, once
 * (texts.ts holds the spec's own; these are issue 29's). The API answers with them and the console
 * shows them.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '31 Mar' of '2027-03-31' (read from the string: no time zone, and cheap enough for every ledger line). */
const shortDay = (isoDate: string) => `${Number(isoDate.slice(8, 10))} ${MONTHS[Number(isoDate.slice(5, 7)) - 1]}`;
/** '1 Apr 2027' */
const longDay = (isoDate: string) => `${shortDay(isoDate)} ${Number(isoDate.slice(0, 4))}`;

export const leavePolicyTexts = {
  fetchFailed: 'Failed to fetch the leave policy',
  saveFailed: 'Failed to save the leave policy',
  saved: 'Leave policy saved successfully',
  noWorkingDay: 'work_pattern must have at least one day with working hours',
  endBeforeHire: 'end_date cannot be before hire_date',
  startMonthFixed: 'leave_year_start_month cannot change once balances are recorded in a leave year',
} as const;

export const balanceLedgerTexts = {
  fetchFailed: 'Failed to fetch the balance ledger',
  invalidYear: 'year must be a leave year (YYYY)',
  yearTooFarAhead: 'year must be no later than next leave year',
  onOutsideForecast: 'on must be a date in this leave year or the next',
  howWorkedOut: 'How this is worked out',
} as const;

export const timeCreditTexts = {
  fetchFailed: 'Failed to fetch time credits',
  submitFailed: 'Failed to log extra hours',
  updateFailed: 'Failed to update time credit',
  submitted: 'Extra hours logged successfully',
  approved: 'Time credit approved successfully',
  rejected: 'Time credit rejected successfully',
  notFound: 'Time credit not found',
  onlyPendingDecided: 'Only pending time credits can be approved or rejected',
  logExtraHours: 'Log extra hours',
  reasonRequired: 'reason is required',
} as const;

/**
 * 'Insufficient vacation balance for 2027: 2 days remaining, 3 requested': the refusal of a request
 * (or of the part of it that falls in one leave year) that the year's balance cannot cover. A leave
 * year is named by the calendar year it starts in.
 */
export function insufficientYearBalanceText(
  balance: 'vacation' | 'hours bank',
  leaveYear: number,
  remaining: number,
  requested: number,
): string {
  const unit = balance === 'vacation' ? 'days' : 'hours';
  return `Insufficient ${balance} balance for ${leaveYear}: ${remaining} ${unit} remaining, ${requested} requested`;
}

/** Labels of the ledger's entry kinds, as the ledger view shows them. */
export const LEDGER_KIND_LABELS = {
  allowance: 'Allowance',
  accrual: 'Accrued',
  carry_over: 'Carried over',
  expiry: 'Expired',
  adjustment: 'Adjustment',
  leave: 'Leave taken',
  leave_returned: 'Leave returned',
  time_credit: 'Time in lieu',
} as const satisfies Record<LedgerEntryKind, string>;

/** The notes the rules write on the entries they derive, saying where each figure comes from. */
export const ledgerNotes = {
  proRata: (allowance: number, employedDays: number, yearDays: number) =>
    `${allowance} days pro rata: employed ${employedDays} of ${yearDays} days`,
  accrual: (share: number, shares: number) => `Month ${share} of ${shares}`,
  carriedFrom: (leaveYear: number, remaining: number, cap: number | null) =>
    cap === null
      ? `Remaining at the end of ${leaveYear}`
      : `${remaining} remaining at the end of ${leaveYear}, at most ${cap} carried`,
  carriedExpired: (lastDay: string) => `Carried days not used by ${longDay(lastDay)}`,
  creditExpired: (grantedOn: string, lastDay: string) =>
    `Hours credited on ${longDay(grantedOn)} not used by ${longDay(lastDay)}`,
  usedNotBelowZero: 'Used cannot go below zero',
  /** The adjustments that open a person's first ledger year at the figures they had before it. */
  opening: 'Balance before leave years',
} as const;

export interface YearOpeningFigures {
  /** The leave year's first day. */
  on: string;
  /** The allowance (upfront) or the first month's accrual on that day. */
  granted: number;
  accrual: 'upfront' | 'monthly';
  carried: number;
  /** Carried days that expire unless used, and their last day. */
  expiring: number;
  expiringOn: string | null;
}

/**
 * The leave policy form's plain-language preview of a year's first day:
 * '27.5 days on 1 Jan 2027: 25 allowance + 2.5 carried, 2.5 expiring 31 Mar'.
 */
export function yearOpeningText({ on, granted, accrual, carried, expiring, expiringOn }: YearOpeningFigures): string {
  const total = Math.round((granted + carried) * 10) / 10;
  const grantedPart = `${granted} ${accrual === 'upfront' ? 'allowance' : 'accrued'}`;
  const carriedPart = carried > 0 ? ` + ${carried} carried` : '';
  const expiringPart = expiring > 0 && expiringOn ? `, ${expiring} expiring ${shortDay(expiringOn)}` : '';
  return `${total} days on ${longDay(on)}: ${grantedPart}${carriedPart}${expiringPart}`;
}
