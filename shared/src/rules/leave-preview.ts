import type { LeaveRequestParsed } from '../contracts';
import { overdrawsSickDays, requestRefusal, type RequestPart } from './balance-changes';
import { leaveYearBounds, leaveYearOf } from './leave-years';
import {
  amountDrawn,
  balanceKindOf,
  balanceRefusal,
  countsNoWorkingDay,
  leaveDuration,
  type BalanceKind,
  type LeaveDuration,
} from './leaves';
import { countLeave, type PersonCalendar } from './work-patterns';

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

/** Who takes the leave, for counting it as the API does: their week, the company's holidays and leave year. */
export interface LeaveCountSetting {
  calendar: PersonCalendar;
  leaveYearStartMonth: number;
  /** The caller's today (YYYY-MM-DD): a part that has started is checked against today's figures. */
  today: string;
}

/** A request's part in one leave year: what it takes there and what that year has for it. */
export interface LeaveYearPartPreview {
  leaveYear: number;
  /**
   * The day the year's balance is read on, as the API reads it (availableForRequest): the part's
   * first working day, or today once that has passed, within the part's year.
   */
  checkedOn: string;
  /** Days, or hours for the bank. */
  requested: number;
  /** What the year has available on `checkedOn`; null until known (or for a request drawing on nothing). */
  available: number | null;
  /** available − requested, one decimal; null when available is. */
  after: number | null;
}

export interface LeaveAcrossYearsPreview {
  duration: LeaveDuration;
  kind: BalanceKind | null;
  /** The leave year that holds today: a request wholly in it is refused with the spec's own text. */
  currentYear: number;
  /** One per leave year with working days, in order; none for 'other' leave. */
  parts: LeaveYearPartPreview[];
  /** The API's refusal; null while a part's balance is unknown. */
  refusal: string | null;
  sickOverdrawn: boolean;
  noWorkingDay: boolean;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * A request of an employee counted as the API counts it (their week, per leave year) and each year's
 * part set against what that year has available on the day it is checked, with the refusal the API
 * would give: within the current year the spec's text, else the first year that falls short, named
 * ('Insufficient vacation balance for 2027: 2 days remaining, 3 requested'). `availableOn` answers
 * what is available on a day, or undefined while it is not known.
 */
export function previewLeaveAcrossYears(
  input: LeaveRequestParsed,
  { calendar, leaveYearStartMonth, today }: LeaveCountSetting,
  availableOn: (isoDate: string) => RemainingBalances | undefined,
): LeaveAcrossYearsPreview {
  const count = countLeave(
    {
      leaveType: input.leave_type,
      startDate: input.start_date,
      endDate: input.end_date,
      startTime: input.start_time,
      endTime: input.end_time,
    },
    calendar,
    leaveYearStartMonth,
  );
  const duration = { days: count.days, hours: count.hours };
  const kind = balanceKindOf(input.request_type);
  const currentYear = leaveYearOf(today, leaveYearStartMonth);
  const parts = kind
    ? count.perYear.map((part): LeaveYearPartPreview => {
        const { start, end } = leaveYearBounds(part.leaveYear, leaveYearStartMonth);
        const checkedOn = clampDate(part.firstDay > today ? part.firstDay : today, start, end);
        const requested = kind === 'bank' ? part.hours : part.days;
        const available = availableOn(checkedOn)?.[kind] ?? null;
        return {
          leaveYear: part.leaveYear,
          checkedOn,
          requested,
          available,
          after: available === null ? null : oneDecimal(available - requested),
        };
      })
    : [];
  const known = parts.every((part) => part.available !== null);
  const checked = parts.map((part) => ({ ...part, available: part.available ?? 0 }));
  return {
    duration,
    kind,
    currentYear,
    parts,
    refusal: kind && known && checked.length > 0 ? yearPartsRefusal(kind, checked, currentYear) : null,
    sickOverdrawn: kind === 'sick' && known && overdrawsSickDays(checked),
    noWorkingDay: countsNoWorkingDay(duration),
  };
}

/**
 * Why the API refuses a request's parts, or null: a request wholly in the current leave year with
 * the spec's own text (as before leave years), any other with the first year that falls short.
 */
export function yearPartsRefusal(kind: BalanceKind, parts: readonly RequestPart[], currentYear: number): string | null {
  const [only] = parts;
  if (only && parts.length === 1 && only.leaveYear === currentYear)
    return balanceRefusal(kind, only.available, only.requested);
  return requestRefusal(kind, parts);
}

const clampDate = (isoDate: string, first: string, last: string) =>
  isoDate < first ? first : isoDate > last ? last : isoDate;

/**
 * The balance a request draws on, after it: what its leave year has available on the request's first
 * day less what it takes; across a leave year's end, the lowest of its years'. One decimal. Null when
 * it takes from no year (no working day, or no balance: 'other' leave, an admin's own).
 */
export function balanceAfterRequest(parts: readonly RequestPart[]): number | null {
  if (parts.length === 0) return null;
  return Math.min(...parts.map((part) => Math.round((part.available - part.requested) * 10) / 10));
}
