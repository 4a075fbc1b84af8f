import type { LeaveRequestParsed } from '../contracts';
import type { RequestPart } from './balance-changes';
import {
  amountDrawn,
  balanceKindOf,
  balanceRefusal,
  countsNoWorkingDay,
  leaveDuration,
  type BalanceKind,
  type LeaveDuration,
} from './leaves';

/** What is left of each balance: days of vacation and sick leave, hours in the bank. */
export type RemainingBalances = Record<BalanceKind, number>;

/** What a request would count and take: the dialog shows it before sending, the API decides by it. */
export interface LeavePreview {
  duration: LeaveDuration;
  /** The balance it draws on; null for 'other' leave. */
  kind: BalanceKind | null;
  /** That balance now (days, or hours for the bank); null when it draws on none or the person has none. */
  remaining: number | null;
  /** What it takes from that balance, in the same unit. */
  requested: number;
  /** The refusal text when vacation or the hours bank would go below zero. */
  refusal: string | null;
  /** Sick days may be overdrawn; the API accepts it with a warning. */
  sickOverdrawn: boolean;
  /** Weekends and public holidays only: there is nothing to take, so the request is refused. */
  noWorkingDay: boolean;
}

/**
 * Counts a request as the API does (weekends and the company's public holidays are not working days)
 * and sets it against the person's balances; `balances` null for someone who has none (an admin's own
 * leave), whose request then draws on nothing.
 */
export function previewLeave(
  input: LeaveRequestParsed,
  balances: RemainingBalances | null,
  holidays: ReadonlySet<string> = new Set(),
): LeavePreview {
  const duration = leaveDuration(
    {
      leaveType: input.leave_type,
      startDate: input.start_date,
      endDate: input.end_date,
      startTime: input.start_time,
      endTime: input.end_time,
    },
    { holidays },
  );
  const kind = balanceKindOf(input.request_type);
  const requested = kind ? amountDrawn(kind, duration) : duration.days;
  const remaining = kind && balances ? balances[kind] : null;
  return {
    duration,
    kind,
    remaining,
    requested,
    refusal: kind && remaining !== null ? balanceRefusal(kind, remaining, requested) : null,
    sickOverdrawn: kind === 'sick' && remaining !== null && requested > remaining,
    noWorkingDay: countsNoWorkingDay(duration),
  };
}

/**
 * The balance a request draws on, after it: what its leave year has available on the request's first
 * day less what it takes; across a leave year's end, the lowest of its years'. One decimal. Null when
 * it takes from no year (no working day, or no balance: 'other' leave, an admin's own).
 */
export function balanceAfterRequest(parts: readonly RequestPart[]): number | null {
  if (parts.length === 0) return null;
  return Math.min(...parts.map((part) => Math.round((part.available - part.requested) * 10) / 10));
}
