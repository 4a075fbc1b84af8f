import {
  insufficientYearBalanceText,
  ledgerNotes,
  type BalanceEntry,
  type EmployeeBalancesInput,
  type LeavePolicy,
  type LedgerFigure,
} from '../contracts';
import type { EmploymentTerms } from './entitlement';
import { leaveYearOf } from './leave-years';
import { buildYearLedger, figuresValidUntil, type YearLedger } from './ledger';
import type { BalanceKind } from './leaves';
import type { LeaveCount } from './work-patterns';

/**
 * The entries a change records, for the repository to store in the leave year of their dates, and
 * the checks made before recording them.
 *
 * - Approved leave: one `leave` entry per working day (−days, or −hours for the bank), so that each
 *   day counts in its own leave year and before or after an expiry by its own date.
 * - Withdrawn approved leave: the same days given back (`leave_returned`); used never goes below 0,
 *   as before leave years (an admin who lowered used meanwhile gets an adjustment back to 0).
 * - An approved time credit: one `time_credit` entry on the day worked.
 * - An admin's six figures (PUT /employees/:id/balances): an adjustment per figure that differs,
 *   targeting `total` or `used`, dated today; read back today, the figures are exactly those sent.
 */

export type SixFigures = Record<BalanceKind, { total: number; used: number }>;

const toTenths = (value: number) => Math.round(value * 10);
const fromTenths = (tenths: number) => tenths / 10;

const BALANCES: readonly BalanceKind[] = ['vacation', 'sick', 'bank'];

export function sixFiguresOf({ balances }: YearLedger): SixFigures {
  return {
    vacation: { total: balances.vacation.total, used: balances.vacation.used },
    sick: { total: balances.sick.total, used: balances.sick.used },
    bank: { total: balances.bank.total, used: balances.bank.used },
  };
}

/** The six figures of the spec's balances body, or of a row of stored figures (numerics read as text). */
export function sixFiguresOfInput(input: Record<keyof EmployeeBalancesInput, number | string>): SixFigures {
  return {
    vacation: { total: Number(input.vacation_days_total), used: Number(input.vacation_days_used) },
    sick: { total: Number(input.sick_days_total), used: Number(input.sick_days_used) },
    bank: { total: Number(input.bank_hours_total), used: Number(input.bank_hours_used) },
  };
}

function adjustment(
  date: string,
  balance: BalanceKind,
  figure: LedgerFigure,
  amountTenths: number,
  note: string | null,
): BalanceEntry {
  return {
    date,
    balance,
    kind: 'adjustment',
    figure,
    amount: fromTenths(amountTenths),
    note,
    leave_request_id: null,
    time_credit_id: null,
  };
}

/**
 * The adjustments that take the current figures (the ledger's, on `date`) to the wanted ones: a total
 * raised by 2 is an adjustment of +2 to total; a used raised by 2 is an adjustment of −2 (remaining)
 * to used. Nothing for a figure already at its value.
 */
export function adjustmentsToReach(
  current: SixFigures,
  wanted: SixFigures,
  { date, note }: { date: string; note: string | null },
): BalanceEntry[] {
  return BALANCES.flatMap((balance) => {
    const totalChange = toTenths(wanted[balance].total) - toTenths(current[balance].total);
    const usedChange = toTenths(wanted[balance].used) - toTenths(current[balance].used);
    return [
      ...(totalChange !== 0 ? [adjustment(date, balance, 'total', totalChange, note)] : []),
      ...(usedChange !== 0 ? [adjustment(date, balance, 'used', -usedChange, note)] : []),
    ];
  });
}

/** An approved request's entries: one per working day, days (hours for the bank) taken. */
export function leaveTakenEntries(
  balance: BalanceKind,
  leaveRequestId: number | null,
  count: LeaveCount,
): BalanceEntry[] {
  return count.perDay.map((day) => ({
    date: day.date,
    balance,
    kind: 'leave',
    figure: 'used',
    amount: -(balance === 'bank' ? day.hours : day.days),
    note: null,
    leave_request_id: leaveRequestId,
    time_credit_id: null,
  }));
}

/**
 * A withdrawn request's entries in one leave year: its `leave` entries of that year given back day by
 * day, and, when `usedInYear` (the balance's used before the withdrawal) is less than what is given
 * back, an adjustment on the last such day that keeps used at 0.
 */
export function leaveReturnedEntries(taken: readonly BalanceEntry[], usedInYear: number): BalanceEntry[] {
  const returned = taken
    .filter((entry) => entry.kind === 'leave')
    .map((entry): BalanceEntry => ({ ...entry, kind: 'leave_returned', figure: 'used', amount: -entry.amount }));
  const last = returned.at(-1);
  if (!last) return [];
  const givenBack = returned.reduce((sum, entry) => sum + toTenths(entry.amount), 0);
  const belowZero = givenBack - toTenths(usedInYear);
  if (belowZero <= 0) return returned;
  return [...returned, adjustment(last.date, last.balance, 'used', -belowZero, ledgerNotes.usedNotBelowZero)];
}

/** An approved time credit's entry: its hours into the bank on the day worked. */
export function timeCreditEntry(credit: { id: number; date: string; hours: number; reason: string }): BalanceEntry {
  return {
    date: credit.date,
    balance: 'bank',
    kind: 'time_credit',
    figure: 'total',
    amount: credit.hours,
    note: credit.reason,
    leave_request_id: null,
    time_credit_id: credit.id,
  };
}

export interface RequestPart {
  leaveYear: number;
  /** Days (hours for the bank) the request takes in that year. */
  requested: number;
  /** What the year has available for it (`availableForRequest`). */
  available: number;
}

/**
 * Vacation and the hours bank may not go below zero in any year a request touches; sick days may
 * (the caller warns: `overdrawsSickDays`). The refusal names the first year that cannot cover its
 * part, or null when every part fits.
 */
export function requestRefusal(balance: BalanceKind, parts: readonly RequestPart[]): string | null {
  if (balance === 'sick') return null;
  const short = parts.find((part) => toTenths(part.requested) > toTenths(part.available));
  if (!short) return null;
  return insufficientYearBalanceText(
    balance === 'vacation' ? 'vacation' : 'hours bank',
    short.leaveYear,
    fromTenths(toTenths(short.available)),
    short.requested,
  );
}

export function overdrawsSickDays(parts: readonly RequestPart[]): boolean {
  return parts.some((part) => toTenths(part.requested) > toTenths(part.available));
}

export interface FiguresOpening {
  /** The leave year the ledger starts with (today's). */
  year: number;
  /** The person's own annual allowances: the totals they had. */
  vacationDays: number;
  sickDays: number;
  /** Adjustments on the year's first day that bring the year's figures to the ones they had. */
  entries: BalanceEntry[];
  /** figuresValidUntil of the opened year. */
  validUntil: string;
}

/**
 * How a person whose figures were kept before the ledger (or written without it) starts one: their
 * vacation and sick totals become their own annual allowances, so next year renews them, and
 * adjustments bring today's year to exactly the six figures they had.
 */
export function openingOfFigures(
  policy: LeavePolicy,
  terms: EmploymentTerms,
  figures: SixFigures,
  today: string,
): FiguresOpening {
  const year = leaveYearOf(today, policy.leave_year_start_month);
  const person = { ...terms, vacationDays: figures.vacation.total, sickDays: figures.sick.total };
  const ledgerOf = (entries: BalanceEntry[]) =>
    buildYearLedger({ policy, person, year, previous: null, entries, today });
  const empty = ledgerOf([]);
  const entries = adjustmentsToReach(sixFiguresOf(empty), figures, {
    date: empty.bounds.start,
    note: ledgerNotes.opening,
  });
  return {
    year,
    vacationDays: person.vacationDays,
    sickDays: person.sickDays,
    entries,
    validUntil: figuresValidUntil(ledgerOf(entries)),
  };
}
