import {
  DEFAULT_WORKDAY_HOURS,
  LEAVE_STATUSES,
  LEAVE_TYPES,
  REQUEST_TYPES,
  type LeaveStatus,
  type LeaveType,
  type RequestType,
} from '@teamfolk/shared';
import { DAY_MS, type WorkCalendar } from './days';
import type { Random } from './random';
import { LEAVE_REASONS } from './vocabulary';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const REQUESTS_PER_YEAR = 15;
/** The history reaches this far past today: nothing starting later has been asked for yet. */
export const FUTURE_DAYS = 90;
/** A new employee's first request comes at the earliest this long after they were added. */
export const FIRST_REQUEST_AFTER_DAYS = 7;
const NO_TIME = -1;
/** Vacation is asked for up to this many days ahead. */
const VACATION_LEAD_DAYS = 90;

const typeIndex = (type: RequestType) => REQUEST_TYPES.indexOf(type);
const statusIndex = (status: LeaveStatus) => LEAVE_STATUSES.indexOf(status);
const leaveTypeIndex = (type: LeaveType) => LEAVE_TYPES.indexOf(type);

/** What a person's balances still cover while their requests are generated (ledger-history.ts). */
export interface LeaveBalances {
  readonly hasBank: boolean;
  covers(type: RequestType, period: Period): boolean;
  /** An approved request, drawn from its balance. */
  take(type: RequestType, period: Period): void;
}

export interface LeaveSubject {
  companyId: number;
  employeeId: number;
  userId: number;
  /** The first day requests may start (after the window opens and the person was added). */
  firstDay: number;
  /** When the person was added: no request is older. */
  createdAt: number;
  adminUserIds: readonly number[];
  calendar: WorkCalendar;
  balances: LeaveBalances;
}

export interface LeaveClock {
  now: number;
  today: number;
  lastDay: number;
}

/**
 * Every leave request of the run, column by column in typed arrays (about 60 bytes a row, off the
 * JavaScript heap), so that millions can be sorted by submission time before they are written:
 * like a real database, a company's requests end up spread over the table, not in one block.
 */
export class LeaveStore {
  size = 0;
  companyId = new Int32Array(0);
  employeeId = new Int32Array(0);
  userId = new Int32Array(0);
  requestType = new Uint8Array(0);
  leaveType = new Uint8Array(0);
  status = new Uint8Array(0);
  reason = new Uint8Array(0);
  startDay = new Int32Array(0);
  endDay = new Int32Array(0);
  startMinute = new Int16Array(0);
  endMinute = new Int16Array(0);
  daysTenths = new Int32Array(0);
  hoursTenths = new Int32Array(0);
  createdBy = new Int32Array(0);
  /** 0: not decided. */
  decidedBy = new Int32Array(0);
  createdAt = new Float64Array(0);
  /** NaN: not decided. */
  decidedAt = new Float64Array(0);

  constructor(expectedRows: number) {
    this.grow(Math.max(1024, expectedRows));
  }

  /** Room for one more row; the index to write it at. */
  claim(): number {
    if (this.size === this.companyId.length) this.grow(this.size * 2);
    return this.size++;
  }

  /** Row indexes ordered by submission time. */
  bySubmission(): Uint32Array {
    const order = new Uint32Array(this.size);
    for (let index = 0; index < this.size; index++) order[index] = index;
    const createdAt = this.createdAt;
    return order.sort((a, b) => (createdAt[a] ?? 0) - (createdAt[b] ?? 0));
  }

  private grow(capacity: number): void {
    const resized = <T extends Int32Array | Uint8Array | Int16Array | Float64Array>(array: T): T => {
      const bigger = new (array.constructor as new (length: number) => T)(capacity);
      bigger.set(array);
      return bigger;
    };
    this.companyId = resized(this.companyId);
    this.employeeId = resized(this.employeeId);
    this.userId = resized(this.userId);
    this.requestType = resized(this.requestType);
    this.leaveType = resized(this.leaveType);
    this.status = resized(this.status);
    this.reason = resized(this.reason);
    this.startDay = resized(this.startDay);
    this.endDay = resized(this.endDay);
    this.startMinute = resized(this.startMinute);
    this.endMinute = resized(this.endMinute);
    this.daysTenths = resized(this.daysTenths);
    this.hoursTenths = resized(this.hoursTenths);
    this.createdBy = resized(this.createdBy);
    this.decidedBy = resized(this.decidedBy);
    this.createdAt = resized(this.createdAt);
    this.decidedAt = resized(this.decidedAt);
  }
}

export interface Period {
  leaveType: LeaveType;
  start: number;
  end: number;
  startMinute: number;
  endMinute: number;
  daysTenths: number;
  hoursTenths: number;
}

/** How long a request of each type runs, in working days, when it is a full-day request. */
const FULL_DAY_LENGTHS: Record<RequestType, ReadonlyArray<readonly [number, number]>> = {
  vacation: [
    [1, 20],
    [2, 15],
    [3, 15],
    [4, 10],
    [5, 20],
    [7, 5],
    [10, 10],
    [15, 5],
  ],
  sick_day: [
    [1, 50],
    [2, 25],
    [3, 15],
    [5, 10],
  ],
  hours_bank: [[1, 1]],
  other: [
    [1, 70],
    [2, 30],
  ],
};
const PARTIAL_SHARE: Record<RequestType, number> = { vacation: 0.12, sick_day: 0.15, hours_bank: 0.7, other: 0.4 };
/** Partial days: mornings, afternoons, and short absences (start minute, end minute). */
const PARTIAL_HOURS: ReadonlyArray<readonly [readonly [number, number], number]> = [
  [[9 * 60, 13 * 60], 35],
  [[13 * 60, 17 * 60], 35],
  [[9 * 60, 11 * 60], 10],
  [[14 * 60, 16 * 60], 10],
  [[15 * 60, 17 * 60 + 30], 10],
];

function periodOf(type: RequestType, start: number, calendar: WorkCalendar, random: Random): Period {
  if (random.chance(PARTIAL_SHARE[type])) {
    const [startMinute, endMinute] = random.weighted(PARTIAL_HOURS);
    const hours = Math.min(DEFAULT_WORKDAY_HOURS, (endMinute - startMinute) / 60);
    return {
      leaveType: 'partial_day',
      start,
      end: start,
      startMinute,
      endMinute,
      // The API's rounding (shared/src/rules/leaves.ts): days to one decimal of the hours' share.
      daysTenths: Math.round((hours / DEFAULT_WORKDAY_HOURS) * 10),
      hoursTenths: Math.round(hours * 10),
    };
  }
  const workingDays = random.weighted(FULL_DAY_LENGTHS[type]);
  return {
    leaveType: 'full_day',
    start,
    end: calendar.lastOfWorkingDays(start, workingDays),
    startMinute: NO_TIME,
    endMinute: NO_TIME,
    daysTenths: workingDays * 10,
    hoursTenths: workingDays * DEFAULT_WORKDAY_HOURS * 10,
  };
}

/**
 * Older requests were decided long ago; recent ones may still wait; planned ones mostly wait.
 * Sick leave is recorded when it happens and nearly always approved.
 */
function statusOf(type: RequestType, start: number, today: number, random: Random): LeaveStatus {
  if (start > today) {
    return random.weighted<LeaveStatus>([
      ['pending', 50],
      ['approved', 42],
      ['rejected', 3],
      ['cancelled', 5],
    ]);
  }
  if (type === 'sick_day') return random.chance(0.97) ? 'approved' : 'cancelled';
  const recent = start > today - 14;
  return random.weighted<LeaveStatus>([
    ['pending', recent ? 12 : 0.5],
    ['approved', 78],
    ['rejected', 9],
    ['cancelled', 11],
  ]);
}

const TYPE_WEIGHTS: ReadonlyArray<readonly [RequestType, number]> = [
  ['vacation', 45],
  ['sick_day', 25],
  ['hours_bank', 15],
  ['other', 15],
];
const TYPE_WEIGHTS_WITHOUT_BANK = TYPE_WEIGHTS.filter(([type]) => type !== 'hours_bank');

/**
 * One employee's requests, one after another so that none overlaps another (the API refuses
 * overlapping pending or approved requests), about 15 a year from `firstDay`, and those already
 * asked for of the months ahead.
 * Each starts on a working day and counts days as the API would; a vacation or hours bank request
 * its balance does not cover becomes other leave (the API refuses it), and `balances` is given
 * every approved request.
 */
export function generateLeaves(subject: LeaveSubject, clock: LeaveClock, store: LeaveStore, random: Random): void {
  const { calendar, balances } = subject;
  const typeWeights = balances.hasBank ? TYPE_WEIGHTS : TYPE_WEIGHTS_WITHOUT_BANK;
  const meanPeriod = 365 / REQUESTS_PER_YEAR;
  let cursor = subject.firstDay + random.int(0, Math.round(meanPeriod));
  for (;;) {
    const start = calendar.workingDayFrom(cursor);
    if (start > clock.lastDay) return;
    let type = random.weighted(typeWeights);
    if (type === 'sick_day' && start > clock.today) type = 'vacation';
    const period = periodOf(type, start, calendar, random);
    const spanDays = period.end - period.start + 1;
    cursor = period.end + 1 + random.int(0, Math.max(0, Math.round(2 * (meanPeriod - spanDays - 1))));
    const createdAt = submissionTime(type, start, subject.createdAt, random);
    // Leave the person will ask for later has not been asked for yet.
    if (createdAt > clock.now) continue;

    if (!balances.covers(type, period)) type = 'other';
    const status = statusOf(type, start, clock.today, random);
    if (status === 'approved') balances.take(type, period);
    const recordedByAdmin = random.chance(type === 'sick_day' ? 0.3 : 0.05);
    const admin = random.pick(subject.adminUserIds);
    const row = store.claim();
    store.companyId[row] = subject.companyId;
    store.employeeId[row] = subject.employeeId;
    store.userId[row] = subject.userId;
    store.requestType[row] = typeIndex(type);
    store.leaveType[row] = leaveTypeIndex(period.leaveType);
    store.status[row] = statusIndex(status);
    store.reason[row] = random.chance(0.35) ? random.int(1, LEAVE_REASONS.length - 1) : 0;
    store.startDay[row] = period.start;
    store.endDay[row] = period.end;
    store.startMinute[row] = period.startMinute;
    store.endMinute[row] = period.endMinute;
    store.daysTenths[row] = period.daysTenths;
    store.hoursTenths[row] = period.hoursTenths;
    store.createdBy[row] = recordedByAdmin ? admin : subject.userId;
    store.createdAt[row] = createdAt;
    if (status === 'pending') {
      store.decidedBy[row] = 0;
      store.decidedAt[row] = Number.NaN;
    } else {
      // A withdrawal of a pending request is the employee's own; the rest are the admin's decisions.
      const withdrawnByOwner = status === 'cancelled' && random.chance(0.7);
      store.decidedBy[row] = withdrawnByOwner ? subject.userId : admin;
      store.decidedAt[row] = Math.min(clock.now, createdAt + HOUR_MS + random.int(0, 72 * 60) * MINUTE_MS);
    }
  }
}

/**
 * When the request was made: sick leave on the day itself, the rest days to months ahead; never
 * before the person was added.
 */
function submissionTime(type: RequestType, start: number, earliest: number, random: Random): number {
  const leadDays = type === 'sick_day' ? 0 : random.int(1, type === 'vacation' ? VACATION_LEAD_DAYS : 14);
  const planned = (start - leadDays) * DAY_MS + random.int(7 * 60, 19 * 60) * MINUTE_MS;
  return Math.max(earliest + HOUR_MS, planned);
}
