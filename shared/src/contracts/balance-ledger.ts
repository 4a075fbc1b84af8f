import { z } from 'zod';
import { balanceLedgerTexts } from './balance-texts';
import { isoDate } from './employees';

/**
 * The balance ledger (issue 29): every change to a balance is an entry of a person, a balance and a
 * leave year, and the spec's total/used/remaining are derived from the entries of the current year.
 *
 * Sign convention, for every entry: `amount` is what the entry does to the balance's remaining (an
 * allowance +25, a day of leave −1, a returned day +1, an expiry −2.5). `figure` says which of the
 * spec's figures it moves: `total` (entitlement) or `used` (leave); used moves by −amount.
 */

export const LEDGER_BALANCES = ['vacation', 'sick', 'bank'] as const;
/** The same three balances as the rules' BalanceKind: vacation and sick in days, the hours bank in hours. */
export type LedgerBalance = (typeof LEDGER_BALANCES)[number];

export const LEDGER_ENTRY_KINDS = [
  'allowance',
  'accrual',
  'carry_over',
  'expiry',
  'adjustment',
  'leave',
  'leave_returned',
  'time_credit',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** Kinds that are stored as they happen; the others follow from policy and dates and are computed on read. */
export const RECORDED_ENTRY_KINDS = ['adjustment', 'leave', 'leave_returned', 'time_credit'] as const;
export type RecordedEntryKind = (typeof RECORDED_ENTRY_KINDS)[number];
export type DerivedEntryKind = Exclude<LedgerEntryKind, RecordedEntryKind>;

export const LEDGER_FIGURES = ['total', 'used'] as const;
export type LedgerFigure = (typeof LEDGER_FIGURES)[number];

/** The figure each kind moves; an adjustment names its own (an admin sets a total, or a used amount). */
export const FIGURE_OF_KIND: Record<Exclude<LedgerEntryKind, 'adjustment'>, LedgerFigure> = {
  allowance: 'total',
  accrual: 'total',
  carry_over: 'total',
  expiry: 'total',
  time_credit: 'total',
  leave: 'used',
  leave_returned: 'used',
};

/** One change to one balance, as stored (recorded kinds) or derived. */
export interface BalanceEntry {
  /** The day it counts on: a day of leave, the credit's day, the adjustment's day, the accrual's day. */
  date: string;
  balance: LedgerBalance;
  kind: LedgerEntryKind;
  figure: LedgerFigure;
  /** Days (vacation, sick) or hours (bank), one decimal; signed as it moves the remaining balance. */
  amount: number;
  note: string | null;
  leave_request_id: number | null;
  time_credit_id: number | null;
}

/** A line of the ledger reply: an entry, or consecutive days of one request taken or returned. */
export interface LedgerLine extends BalanceEntry {
  /** The last day of a line that gathers several days of leave; null for a single day. */
  end_date: string | null;
  /** The balance's remaining after this line, in date order; the last line's is projected_year_end. */
  running_total: number;
  /** Derived from today's figures and dated after today (a coming accrual or expiry): may still change. */
  projected: boolean;
}

export interface BalanceFigures {
  /** Entitled so far this year: allowance or accrued to date, carried in less expired, adjustments and credits. */
  total: number;
  /** Approved leave of this year (all its days, also those still to come), with admins' adjustments. */
  used: number;
  /** Pending requests' days (or hours) in this year. */
  pending: number;
  /** total − used. */
  remaining: number;
  /** Remaining at the year's end with nothing more taken: everything still to accrue or expire, pending left out. */
  projected_year_end: number;
}

/** GET /api/employees/:id/balance-ledger?year=YYYY */
export interface BalanceLedgerReply {
  year: { year: number; start: string; end: string };
  balances: Record<LedgerBalance, BalanceFigures>;
  entries: LedgerLine[];
}

/** GET /api/employees/:id/balances?on=YYYY-MM-DD: what can be taken on that day (this leave year or the next). */
export interface BalancesOnReply {
  on: string;
  vacation: { available: number };
  sick: { available: number };
  bank: { available: number };
}

/** ?year=YYYY of the ledger route; absent: the current leave year. */
export const balanceLedgerQuerySchema = z.object({
  year: z.coerce
    .number({ error: balanceLedgerTexts.invalidYear })
    .int(balanceLedgerTexts.invalidYear)
    .min(1, balanceLedgerTexts.invalidYear)
    .max(9998, balanceLedgerTexts.invalidYear)
    .optional(),
});

/** ?on=YYYY-MM-DD of the balances route; whether it lies in this leave year or the next is the caller's check. */
export const balancesOnQuerySchema = z.object({ on: isoDate('on') });
