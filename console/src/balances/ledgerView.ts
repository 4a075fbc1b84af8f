import type { BalanceLedgerReply, LedgerBalance, LedgerLine } from '@teamfolk/shared/contracts';
import { leaveYearBounds, type LeaveYearBounds } from '@teamfolk/shared/rules';
import { formatDayCount, formatHourCount } from '../format/amounts';

/** Years back the ledger view offers besides the current one; the next year is offered too (its forecast). */
const PAST_YEARS_OFFERED = 3;

/** The month a reply's leave years start in (1–12), read from its year's first day. */
export function startMonthOf(reply: BalanceLedgerReply): number {
  return Number(reply.year.start.slice(5, 7));
}

/** The leave years the year picker offers, oldest first: a few closed ones, the current one and the next. */
export function ledgerYearOptions(currentYear: number, startMonth: number): LeaveYearBounds[] {
  return Array.from({ length: PAST_YEARS_OFFERED + 2 }, (_, index) =>
    leaveYearBounds(currentYear - PAST_YEARS_OFFERED + index, startMonth),
  );
}

/** One balance's lines, in the ledger's order (their running totals are that balance's own). */
export function linesOfBalance(reply: BalanceLedgerReply, balance: LedgerBalance): LedgerLine[] {
  return reply.entries.filter((line) => line.balance === balance);
}

/** Days for vacation and sick days, hours for the bank. */
export const unitOfBalance = (balance: LedgerBalance): 'days' | 'hours' => (balance === 'bank' ? 'hours' : 'days');

/** A figure as the screens show it: days to at most one decimal, hours always to one. */
export function formatAmount(amount: number, balance: LedgerBalance): string {
  return balance === 'bank' ? formatHourCount(amount) : formatDayCount(amount);
}

/** A change to a balance, with its sign: +2.5, −1 (a true minus sign), 0. */
export function formatChange(amount: number, balance: LedgerBalance): string {
  const magnitude = formatAmount(Math.abs(amount), balance);
  if (amount > 0) return `+${magnitude}`;
  if (amount < 0) return `\u2212${magnitude}`;
  return magnitude;
}
