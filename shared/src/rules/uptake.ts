import type { BalanceOnDate, LedgerBalance, LowUptakeRow } from '../contracts';
import { plusDays } from './iso-days';
import { figureOf, type YearLedger } from './ledger';

/**
 * Balances on a date and low uptake (issue 31), read from a person's year ledger (ledger.ts) for the
 * leave year holding the date. The ledger's entries do not depend on its `today`: any ledger of the
 * year answers for any of its days.
 *
 * Balances on D, per balance:
 * - entitlement: the `total` entries dated up to D (granted or accrued, carried, expired, adjusted);
 * - taken / booked: the `used` entries (approved leave, returns, adjustments of used) dated up to D /
 *   after D; remaining = entitlement − taken − booked (what can still be requested on D);
 * - pending: the ledger's (pending requests of the year, not split by date);
 * - carried: carried into the year; expiring / expiring_on: the first expiry dated after D, as it
 *   stands with the leave approved so far (carried vacation days, or bank credits), and its last day.
 *
 * Low uptake: the share of the year's vacation allowance taken by D, where the allowance is the
 * whole year's (allowance or every accrual of the year, carried in, adjustments of the total; before
 * any expiry: days someone let expire were theirs to take) and taken is vacation used up to D.
 * People with no allowance have no share and are never listed.
 */

const toTenths = (value: number) => Math.round(value * 10);
const fromTenths = (tenths: number) => tenths / 10;

function checkInYear(ledger: YearLedger, on: string) {
  if (on < ledger.bounds.start || on > ledger.bounds.end)
    throw new RangeError(`${on} lies outside leave year ${ledger.bounds.year}`);
}

/**
 * One balance's sums on a day, in tenths: what balanceOnDate adds up from a ledger's entries, and the
 * reports from kept entries in SQL. `expiryOn` is the date of the first expiry after the day.
 */
export interface BalanceSumsOnDate {
  entitlement: number;
  taken: number;
  booked: number;
  carried: number;
  expiring: number;
  expiryOn: string | null;
}

/** A balance on a day from its sums (tenths) and the year's pending days or hours. */
export function balanceOfSums(sums: BalanceSumsOnDate, pending: number): BalanceOnDate {
  const { entitlement, taken, booked, carried, expiring, expiryOn } = sums;
  return {
    entitlement: fromTenths(entitlement),
    taken: fromTenths(taken),
    booked: fromTenths(booked),
    pending,
    remaining: fromTenths(entitlement - taken - booked),
    carried: fromTenths(carried),
    expiring: fromTenths(expiring),
    // An expiry takes effect on its date: the day before is the last one the days can be used.
    expiring_on: expiryOn === null ? null : plusDays(expiryOn, -1),
  };
}

/** One balance of the ledger's person on a day of its year. */
export function balanceOnDate(ledger: YearLedger, balance: LedgerBalance, on: string): BalanceOnDate {
  checkInYear(ledger, on);
  const sums: BalanceSumsOnDate = { entitlement: 0, taken: 0, booked: 0, carried: 0, expiring: 0, expiryOn: null };
  for (const entry of ledger.entries) {
    if (entry.balance !== balance) continue;
    const tenths = toTenths(entry.amount);
    if (figureOf(entry) === 'used') {
      if (entry.date <= on) sums.taken -= tenths;
      else sums.booked -= tenths;
    } else if (entry.date <= on) sums.entitlement += tenths;
    if (entry.kind === 'carry_over') sums.carried += tenths;
    if (entry.kind === 'expiry' && entry.date > on && (sums.expiryOn === null || entry.date <= sums.expiryOn)) {
      sums.expiring = entry.date === sums.expiryOn ? sums.expiring - tenths : -tenths;
      sums.expiryOn = entry.date;
    }
  }
  return balanceOfSums(sums, ledger.balances[balance].pending);
}

/** All three balances on a day of the ledger's year: a balances report row but its id and label. */
export function balancesOnDate(ledger: YearLedger, on: string): Record<LedgerBalance, BalanceOnDate> {
  return {
    vacation: balanceOnDate(ledger, 'vacation', on),
    sick: balanceOnDate(ledger, 'sick', on),
    bank: balanceOnDate(ledger, 'bank', on),
  };
}

export interface VacationUptake {
  allowance: number;
  taken: number;
  /** taken ÷ allowance to four decimals; null when the allowance is 0 or less. */
  share: number | null;
}

/** Uptake from the year's vacation allowance and what was taken by the day, in tenths. */
export function uptakeOfSums(allowance: number, taken: number): VacationUptake {
  return {
    allowance: fromTenths(allowance),
    taken: fromTenths(taken),
    share: allowance > 0 ? Math.round((taken / allowance) * 10_000) / 10_000 : null,
  };
}

/** The share of the year's vacation allowance taken by a day of the ledger's year. */
export function vacationUptake(ledger: YearLedger, on: string): VacationUptake {
  checkInYear(ledger, on);
  let allowance = 0;
  let taken = 0;
  for (const entry of ledger.entries) {
    if (entry.balance !== 'vacation') continue;
    const tenths = toTenths(entry.amount);
    if (figureOf(entry) === 'used') {
      if (entry.date <= on) taken -= tenths;
    } else if (entry.kind !== 'expiry') allowance += tenths;
  }
  return uptakeOfSums(allowance, taken);
}

/** The low uptake report's rows: shares under the threshold, lowest first, then by name. */
export function lowUptake(
  people: ReadonlyArray<{ employeeId: number; name: string; uptake: VacationUptake }>,
  threshold: number,
): LowUptakeRow[] {
  return people
    .flatMap(({ employeeId, name, uptake: { allowance, taken, share } }) =>
      share !== null && share < threshold ? [{ employee_id: employeeId, label: name, allowance, taken, share }] : [],
    )
    .sort((a, b) => a.share - b.share || a.label.localeCompare(b.label) || a.employee_id - b.employee_id);
}
