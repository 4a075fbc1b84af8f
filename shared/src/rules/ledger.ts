import {
  FIGURE_OF_KIND,
  ledgerNotes,
  RECORDED_ENTRY_KINDS,
  type BalanceEntry,
  type BalanceFigures,
  type BalanceLedgerReply,
  type BalancesOnReply,
  type LeavePolicy,
  type LedgerEntryKind,
  type LedgerFigure,
  type LedgerLine,
  type RecordedEntryKind,
} from '../contracts';
import { carriedDaysExpiry, carryOverOf, grantsOf, yearEntitlement, type EmploymentTerms } from './entitlement';
import { runHoursBank, type BankDay, type BankLot } from './hours-bank';
import { earlierOf, laterOf, plusDays } from './iso-days';
import { leaveYearBounds, type LeaveYearBounds } from './leave-years';
import type { BalanceKind } from './leaves';

/**
 * A person's balance ledger for one leave year, and every figure derived from it.
 *
 * Inputs are bounded: the policy as it applies to the year, the person's terms, the year's recorded
 * entries (adjustments, leave taken and returned per day, time credits) and the kept closing of the
 * year before (`YearClosing`, from `closeYear`). Nothing older is ever read.
 *
 * Derived entries (computed on every read, never left to a job):
 * - `carry_over` on the year's first day: vacation min(cap, remaining at the end of the year before),
 *   never below 0; the hours bank everything (its open credits keep their expiry dates, hours owed
 *   carry as a negative amount). Sick days never carry.
 * - `allowance` (upfront; sick days always) or `accrual` (monthly) for vacation: see entitlement.ts.
 * - `expiry` of carried vacation days, on the first day after the policy's expiry month: the carried
 *   days less the vacation used before that day (leave counts by the dates of its days, and leave uses
 *   carried days first), never below 0. `expiry` of bank credits: see hours-bank.ts.
 *
 * Figures, per balance (days, or hours for the bank; one decimal, exact):
 * - total: the `total` entries dated up to the figures' date (today, within the year: its first day
 *   for a future year, its last for a past one);
 * - used: the `used` entries of the whole year (approved leave counts once approved, as before);
 * - remaining = total − used; pending as given; projected_year_end = the sum of every entry of the
 *   year = what the year ends with if nothing more is taken = the last line's running total;
 * - available on D (in the year) = the `total` entries dated up to D − used; on the year's last day
 *   it is projected_year_end.
 *
 * With the default policy (January year, upfront, no carry-over, no pro rata) a year's figures are
 * exactly what total/used/remaining were before leave years: the allowance plus admins' adjustments,
 * and approved leave; the next year starts afresh (the hours bank carries, as it never renewed).
 */

export interface PersonTerms extends EmploymentTerms {
  /** The person's annual vacation days (the spec's vacation_days_total on POST/PUT employees); null: the policy's. */
  vacationDays: number | null;
  /** The person's annual sick days; null: the policy's. */
  sickDays: number | null;
}

export interface ClosingFigures {
  total: number;
  used: number;
  remaining: number;
}

/**
 * What is kept of a year once it is over, and all the next year needs: its figures at the end, and
 * the bank credits still open (adding up to the bank's remaining when that is positive; none when
 * hours are owed). JSON-safe: store it as it is.
 */
export interface YearClosing {
  year: number;
  balances: Record<BalanceKind, ClosingFigures>;
  bankLots: BankLot[];
}

export interface YearLedgerInput {
  /** The policy as it applies to this year (a change applies from the year it is made in on). */
  policy: LeavePolicy;
  person: PersonTerms;
  year: number;
  /** The closing of the year before; null for the person's first year in Teamfolk. */
  previous: YearClosing | null;
  /** The year's recorded entries (adjustment, leave, leave_returned, time_credit), dated within the year. */
  entries: readonly BalanceEntry[];
  /** Pending requests' days (hours for the bank) in this year. */
  pending?: Partial<Record<BalanceKind, number>>;
  /** The company's today. */
  today: string;
}

export interface CarryOverFigures {
  /** Vacation days carried into the year. */
  carriedIn: number;
  /** Carried days removed by an expiry on or before today. */
  expired: number;
  /** Carried days still to expire unless used (with nothing more taken); 0 when none. */
  expiring: number;
  /** Their last day; null when nothing is to expire. */
  expiringOn: string | null;
  /** What the year's end would carry into the next under this policy, with nothing more taken. */
  carriedOut: number;
}

export interface YearLedger {
  bounds: LeaveYearBounds;
  /** The day `total` is worked out on: today, clamped to the year. */
  figuresOn: string;
  /** The company's today the ledger was built for (what is projected is dated after it). */
  today: string;
  /** Every entry, recorded and derived, in ledger order (date, then kind, then balance); `ledgerLines` shows them. */
  entries: BalanceEntry[];
  balances: Record<BalanceKind, BalanceFigures>;
  vacationCarryOver: CarryOverFigures;
  /** The year's closing as it stands today (final once the year is over): what `closeYear` keeps. */
  closing: YearClosing;
}

/** Entries of one day: carried in first, then granted, then expired (before the day's use), then the rest. */
const KIND_ORDER: Record<LedgerEntryKind, number> = {
  carry_over: 0,
  allowance: 1,
  accrual: 2,
  expiry: 3,
  time_credit: 4,
  adjustment: 5,
  leave: 6,
  leave_returned: 7,
};
const BALANCE_ORDER: Record<BalanceKind, number> = { vacation: 0, sick: 1, bank: 2 };

const toTenths = (value: number) => Math.round(value * 10);
const fromTenths = (tenths: number) => tenths / 10;

export const isRecordedKind = (kind: LedgerEntryKind): kind is RecordedEntryKind =>
  (RECORDED_ENTRY_KINDS as readonly LedgerEntryKind[]).includes(kind);

/** The figure an entry moves: its kind's, or the one an adjustment names. */
export function figureOf(entry: Pick<BalanceEntry, 'kind' | 'figure'>): LedgerFigure {
  return entry.kind === 'adjustment' ? entry.figure : FIGURE_OF_KIND[entry.kind];
}

function derivedEntry(
  date: string,
  balance: BalanceKind,
  kind: Exclude<LedgerEntryKind, 'adjustment'>,
  amount: number,
  note: string | null,
): BalanceEntry {
  return {
    date,
    balance,
    kind,
    figure: FIGURE_OF_KIND[kind],
    amount,
    note,
    leave_request_id: null,
    time_credit_id: null,
  };
}

function vacationGrants({ policy, person, year }: YearLedgerInput): BalanceEntry[] {
  const allowance = person.vacationDays ?? policy.vacation.annual_days;
  const startMonth = policy.leave_year_start_month;
  const entitlement = yearEntitlement(allowance, year, startMonth, person, policy.vacation.pro_rata);
  const proRataNote = entitlement.proRated
    ? ledgerNotes.proRata(allowance, entitlement.employedDays, entitlement.yearDays)
    : null;
  return grantsOf(entitlement.days, year, startMonth, person, policy.vacation.accrual).map((grant) =>
    policy.vacation.accrual === 'upfront'
      ? derivedEntry(grant.date, 'vacation', 'allowance', grant.amount, proRataNote)
      : derivedEntry(
          grant.date,
          'vacation',
          'accrual',
          grant.amount,
          [ledgerNotes.accrual(grant.share, grant.shares), proRataNote].filter(Boolean).join('; '),
        ),
  );
}

function sickGrant({ policy, person, year }: YearLedgerInput): BalanceEntry[] {
  const allowance = person.sickDays ?? policy.sick.annual_days;
  const startMonth = policy.leave_year_start_month;
  const entitlement = yearEntitlement(allowance, year, startMonth, person, false);
  return grantsOf(entitlement.days, year, startMonth, person, 'upfront').map((grant) =>
    derivedEntry(grant.date, 'sick', 'allowance', grant.amount, null),
  );
}

/** Vacation used (in tenths) on days before `day`: leave net of returns, and admins' adjustments of used. */
function vacationUsedBefore(entries: readonly BalanceEntry[], day: string): number {
  return entries
    .filter((entry) => entry.balance === 'vacation' && figureOf(entry) === 'used' && entry.date < day)
    .reduce((sum, entry) => sum - toTenths(entry.amount), 0);
}

/** The bank's days: credits (positive total entries, or leave given back beyond what was taken) and uses. */
function bankDays(entries: readonly BalanceEntry[]): BankDay[] {
  const byDate = new Map<string, { credited: number; used: number; usedNet: number }>();
  for (const entry of entries) {
    if (entry.balance !== 'bank') continue;
    const day = byDate.get(entry.date) ?? { credited: 0, used: 0, usedNet: 0 };
    const tenths = toTenths(entry.amount);
    if (figureOf(entry) === 'used') day.usedNet -= tenths;
    else if (tenths > 0) day.credited += tenths;
    else day.used -= tenths;
    byDate.set(entry.date, day);
  }
  return [...byDate].map(([date, day]) => ({
    date,
    credited: fromTenths(day.credited + Math.max(0, -day.usedNet)),
    used: fromTenths(day.used + Math.max(0, day.usedNet)),
  }));
}

function compareEntries(a: BalanceEntry, b: BalanceEntry): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || BALANCE_ORDER[a.balance] - BALANCE_ORDER[b.balance];
}

const perBalance = <T>(make: (balance: BalanceKind) => T): Record<BalanceKind, T> => ({
  vacation: make('vacation'),
  sick: make('sick'),
  bank: make('bank'),
});

/**
 * The entries as the ledger view shows them: consecutive days of one request taken (or given back)
 * gathered into one line, each line with its balance's running total; the last line of a balance
 * ends at its projected_year_end. Worked out on demand: the figures do not need it.
 */
export function ledgerLines({ entries, today }: YearLedger): LedgerLine[] {
  const lines: LedgerLine[] = [];
  const last: Partial<Record<BalanceKind, LedgerLine>> = {};
  const running = perBalance(() => 0);
  for (const entry of entries) {
    running[entry.balance] += toTenths(entry.amount);
    const previous = last[entry.balance];
    const continuesRequest =
      previous !== undefined &&
      (entry.kind === 'leave' || entry.kind === 'leave_returned') &&
      previous.kind === entry.kind &&
      entry.leave_request_id !== null &&
      previous.leave_request_id === entry.leave_request_id;
    if (previous && continuesRequest) {
      previous.amount = fromTenths(toTenths(previous.amount) + toTenths(entry.amount));
      previous.end_date = entry.date;
      previous.running_total = fromTenths(running[entry.balance]);
      continue;
    }
    const line: LedgerLine = {
      ...entry,
      end_date: null,
      running_total: fromTenths(running[entry.balance]),
      projected: !isRecordedKind(entry.kind) && entry.date > today,
    };
    lines.push(line);
    last[entry.balance] = line;
  }
  return lines;
}

/** The year's ledger: its entries (recorded and derived) in order, its figures, carry-over and closing. */
export function buildYearLedger(input: YearLedgerInput): YearLedger {
  const { policy, year, previous, today } = input;
  const startMonth = policy.leave_year_start_month;
  const bounds = leaveYearBounds(year, startMonth);
  if (previous && previous.year !== year - 1)
    throw new RangeError(`Leave year ${year} opens from the closing of ${year - 1}, not of ${previous.year}`);
  for (const entry of input.entries) {
    if (entry.date < bounds.start || entry.date > bounds.end)
      throw new RangeError(`A ${entry.kind} entry of ${entry.date} lies outside leave year ${year}`);
    if (!isRecordedKind(entry.kind)) throw new RangeError(`A ${entry.kind} entry is derived, never recorded`);
  }
  const figuresOn = earlierOf(laterOf(today, bounds.start), bounds.end);

  const carriedIn = previous
    ? carryOverOf(previous.balances.vacation.remaining, policy.vacation.carry_over_max_days)
    : 0;
  const bankCarried = previous?.balances.bank.remaining ?? 0;
  const derived: BalanceEntry[] = [];
  if (carriedIn > 0)
    derived.push(
      derivedEntry(
        bounds.start,
        'vacation',
        'carry_over',
        carriedIn,
        ledgerNotes.carriedFrom(
          year - 1,
          previous?.balances.vacation.remaining ?? 0,
          policy.vacation.carry_over_max_days,
        ),
      ),
    );
  if (bankCarried !== 0)
    derived.push(
      derivedEntry(
        bounds.start,
        'bank',
        'carry_over',
        bankCarried,
        ledgerNotes.carriedFrom(year - 1, bankCarried, null),
      ),
    );
  derived.push(...vacationGrants(input), ...sickGrant(input));

  const expiry = carriedIn > 0 ? carriedDaysExpiry(year, startMonth, policy.vacation.carry_over_expiry_months) : null;
  let carriedExpiryTenths = 0;
  if (expiry) {
    carriedExpiryTenths = Math.max(
      0,
      toTenths(carriedIn) - Math.max(0, vacationUsedBefore(input.entries, expiry.effectiveOn)),
    );
    if (carriedExpiryTenths > 0)
      derived.push(
        derivedEntry(
          expiry.effectiveOn,
          'vacation',
          'expiry',
          -fromTenths(carriedExpiryTenths),
          ledgerNotes.carriedExpired(expiry.lastDay),
        ),
      );
  }

  const bank = runHoursBank(
    {
      lots: bankCarried > 0 ? (previous?.bankLots ?? []) : [],
      owed: Math.max(0, -bankCarried),
    },
    bankDays(input.entries),
    policy.hours_bank.credit_expiry_months,
    bounds.end,
  );
  for (const lapse of bank.expiries)
    derived.push(
      derivedEntry(
        lapse.date,
        'bank',
        'expiry',
        -lapse.hours,
        ledgerNotes.creditExpired(lapse.grantedOn, lapse.lastDay),
      ),
    );

  const entries = [...derived, ...input.entries].sort(compareEntries);

  const sums = perBalance(() => ({ totalToDate: 0, totalAll: 0, used: 0 }));
  for (const entry of entries) {
    const sum = sums[entry.balance];
    const tenths = toTenths(entry.amount);
    if (figureOf(entry) === 'used') sum.used -= tenths;
    else {
      sum.totalAll += tenths;
      if (entry.date <= figuresOn) sum.totalToDate += tenths;
    }
  }
  const balances = perBalance((balance): BalanceFigures => {
    const { totalToDate, totalAll, used } = sums[balance];
    return {
      total: fromTenths(totalToDate),
      used: fromTenths(used),
      pending: fromTenths(toTenths(input.pending?.[balance] ?? 0)),
      remaining: fromTenths(totalToDate - used),
      projected_year_end: fromTenths(totalAll - used),
    };
  });
  const expiringLater = expiry !== null && expiry.effectiveOn > today && carriedExpiryTenths > 0;
  return {
    bounds,
    figuresOn,
    today,
    entries,
    balances,
    vacationCarryOver: {
      carriedIn,
      expired: expiry !== null && !expiringLater ? fromTenths(carriedExpiryTenths) : 0,
      expiring: expiringLater ? fromTenths(carriedExpiryTenths) : 0,
      expiringOn: expiringLater ? expiry.lastDay : null,
      carriedOut: carryOverOf(balances.vacation.projected_year_end, policy.vacation.carry_over_max_days),
    },
    closing: {
      year,
      balances: perBalance((balance) => {
        const { totalAll, used } = sums[balance];
        return { total: fromTenths(totalAll), used: fromTenths(used), remaining: fromTenths(totalAll - used) };
      }),
      bankLots: bank.lots,
    },
  };
}

/** The kept figures of a year, from its ledger: store them once the year is over (idempotent: same inputs, same closing). */
export function closeYear(ledger: YearLedger): YearClosing {
  return ledger.closing;
}

/**
 * What can be taken on a day of the ledger's year: what the person is entitled to by that day
 * (granted, carried less expired, adjustments and credits) less the year's approved leave.
 */
export function availableOn(ledger: YearLedger, isoDate: string): Record<BalanceKind, number> {
  if (isoDate < ledger.bounds.start || isoDate > ledger.bounds.end)
    throw new RangeError(`${isoDate} lies outside leave year ${ledger.bounds.year}`);
  const tenths = perBalance(() => 0);
  for (const entry of ledger.entries) {
    if (figureOf(entry) === 'used' || entry.date <= isoDate) tenths[entry.balance] += toTenths(entry.amount);
  }
  return perBalance((balance) => fromTenths(tenths[balance]));
}

/**
 * What a request's part in the ledger's year is checked against: what is available on its first day,
 * or today when that day has passed (a request that started already, such as a sick day logged after
 * the fact, is checked against the figures of today, as before leave years).
 */
export function availableForRequest(ledger: YearLedger, firstDay: string, today: string): Record<BalanceKind, number> {
  const { start, end } = ledger.bounds;
  return availableOn(ledger, earlierOf(laterOf(laterOf(firstDay, today), start), end));
}

/** The ledger route's reply. */
export function ledgerReply(ledger: YearLedger): BalanceLedgerReply {
  const { year, start, end } = ledger.bounds;
  return { year: { year, start, end }, balances: ledger.balances, entries: ledgerLines(ledger) };
}

/** The balances route's reply for a day of the ledger's year (the current year's ledger, or the next one's). */
export function balancesOnReply(ledger: YearLedger, on: string): BalancesOnReply {
  const available = availableOn(ledger, on);
  return {
    on,
    vacation: { available: available.vacation },
    sick: { available: available.sick },
    bank: { available: available.bank },
  };
}

/** The spec's nine balance fields of an employee record, for the ledger's year. */
export function balanceFieldsOf({ balances }: YearLedger) {
  return {
    vacation_days_total: balances.vacation.total,
    vacation_days_used: balances.vacation.used,
    vacation_days_remaining: balances.vacation.remaining,
    sick_days_total: balances.sick.total,
    sick_days_used: balances.sick.used,
    sick_days_remaining: balances.sick.remaining,
    bank_hours_total: balances.bank.total,
    bank_hours_used: balances.bank.used,
    bank_hours_remaining: balances.bank.remaining,
  };
}

/** The carry-over fields issue 29 adds to an employee record (with work_pattern and end_date from the row). */
export function carryOverFieldsOf({ vacationCarryOver }: YearLedger) {
  return {
    vacation_days_carried: vacationCarryOver.carriedIn,
    vacation_days_expiring: vacationCarryOver.expiring,
    vacation_days_expiring_on: vacationCarryOver.expiringOn,
  };
}

/** A derived entry as kept beside a person's stored figures, for SQL to sum with the recorded ones. */
export type KeptDerivedEntry = Pick<BalanceEntry, 'date' | 'balance' | 'kind' | 'figure' | 'amount'>;

/**
 * The ledger's derived entries (carry-over, allowance, accrual, expiry). They follow from the year's
 * inputs alone (policy, terms, the closing before, the recorded entries), never from its today: kept
 * with the figures a write stores, they hold until the next write or the next leave year.
 */
export function derivedEntriesOf({ entries }: YearLedger): KeptDerivedEntry[] {
  return entries
    .filter((entry) => !isRecordedKind(entry.kind))
    .map(({ date, balance, kind, figure, amount }) => ({ date, balance, kind, figure, amount }));
}

/**
 * The last day the ledger's figures (total, used, carried, expiring) hold without a write: the day
 * before the next entry dated after today that moves a total (an accrual, an expiry), else the year's
 * end. Stored figures are worked out again once this day has passed.
 */
export function figuresValidUntil({ entries, today, bounds }: YearLedger): string {
  const next = entries.find((entry) => entry.date > today && figureOf(entry) === 'total');
  return next ? earlierOf(plusDays(next.date, -1), bounds.end) : bounds.end;
}
