import {
  adjustmentsToReach,
  balanceKindOf,
  buildYearLedger,
  carryOverFieldsOf,
  countLeave,
  derivedEntriesOf,
  DEFAULT_LEAVE_POLICY,
  figuresValidUntil,
  LEAVE_TYPES,
  leaveTakenEntries,
  leaveYearBounds,
  leaveYearOf,
  mergeLeavePolicy,
  REQUEST_TYPES,
  sixFiguresOf,
  timeCreditEntry,
  type BalanceEntry,
  type BalanceKind,
  type LeaveCount,
  type LeavePeriod,
  type LeavePolicy,
  type PersonCalendar,
  type RequestType,
  type SixFigures,
  type YearClosing,
  type YearLedger,
} from '@teamfolk/shared';
import { publicHolidays } from '@teamfolk/services';
import { DAY_MS, isoDay, type HolidayRegion } from './days';
import type { LeaveStore } from './leaves';
import type { Random } from './random';
import { ADJUSTMENT_NOTES, TIME_CREDIT_REASONS } from './vocabulary';

/**
 * The balance ledger of the seeded history, worked out by the rules the services use
 * (shared/src/rules: countLeave, leaveTakenEntries, timeCreditEntry, adjustmentsToReach,
 * buildYearLedger): nothing here computes a figure itself. What the services would have written
 * over the years is written: the recorded entries (leave taken per working day, time credits,
 * admins' adjustments), each finished year's closing, and the current year's figures on the
 * employee row, valid until their next accrual or expiry.
 *
 * Requests are generated against each leave year's own allowance (carry-over only adds to it) and
 * the hours bank's credits to date, so no year's vacation or bank is overdrawn, as the API refuses.
 */

/** A company that is not on the default policy carries up to this many days for this many months. */
const CARRY_OVER = { carry_over_max_days: 5, carry_over_expiry_months: 3 } as const;
/** Of the other companies, this share carries days over, and this share starts its leave year in April. */
const CARRY_OVER_SHARE = 0.5;
const APRIL_YEAR_SHARE = 0.15;
/** Approved time credits a year of someone with an hours bank, and the share of people given extra days a year. */
const TIME_CREDITS_PER_YEAR = 3;
const EXTRA_DAYS_SHARE = 0.08;

const NO_FIGURES: SixFigures = {
  vacation: { total: 0, used: 0 },
  sick: { total: 0, used: 0 },
  bank: { total: 0, used: 0 },
};

/** A recorded entry with the leave year it counts in (the services' StoredEntry). */
export interface SeedEntry extends BalanceEntry {
  leaveYear: number;
}

/** One company's policy and calendar, and its leave years. */
export interface CompanyLedger {
  policy: LeavePolicy;
  /** Whether the policy is stored as a version (from `firstYear`); otherwise the default applies. */
  stored: boolean;
  firstYear: number;
  currentYear: number;
  today: string;
  calendar: PersonCalendar;
}

export interface LedgerClock {
  windowStart: number;
  today: number;
  lastDay: number;
}

export function companyLedger(
  region: HolidayRegion,
  clock: LedgerClock,
  { carriesOver }: { carriesOver: boolean },
  random: Random,
): CompanyLedger {
  const aprilYear = !carriesOver && random.chance(APRIL_YEAR_SHARE);
  const carry = carriesOver || random.chance(CARRY_OVER_SHARE);
  const policy = mergeLeavePolicy(DEFAULT_LEAVE_POLICY, {
    ...(aprilYear ? { leave_year_start_month: 4 } : {}),
    ...(carry ? { vacation: CARRY_OVER } : {}),
  });
  const startMonth = policy.leave_year_start_month;
  const today = isoDay(clock.today);
  const holidays = publicHolidays(
    region.country,
    region.region,
    isoDay(clock.windowStart - 1),
    isoDay(clock.lastDay + 31),
  );
  return {
    policy,
    stored: aprilYear || carry,
    firstYear: leaveYearOf(isoDay(clock.windowStart), startMonth),
    currentYear: leaveYearOf(today, startMonth),
    today,
    calendar: {
      companyPattern: policy.work_pattern,
      holidays: new Set(holidays.map((holiday) => holiday.date)),
    },
  };
}

/** A request as the generator holds it: days since 1970, minutes after midnight (−1: none). */
export interface SeedPeriod {
  leaveType: (typeof LEAVE_TYPES)[number];
  start: number;
  end: number;
  startMinute: number;
  endMinute: number;
}

const clockOf = (minutes: number) =>
  minutes < 0 ? null : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function leavePeriodOf(period: SeedPeriod): LeavePeriod {
  return {
    leaveType: period.leaveType,
    startDate: isoDay(period.start),
    endDate: isoDay(period.end),
    startTime: clockOf(period.startMinute),
    endTime: clockOf(period.endMinute),
  };
}

export const countOf = (company: CompanyLedger, period: SeedPeriod): LeaveCount =>
  countLeave(leavePeriodOf(period), company.calendar, company.policy.leave_year_start_month);

/** The entries approving a request records, as the leaves service records them (one per working day). */
export function takenEntriesOf(
  company: CompanyLedger,
  requestType: RequestType,
  period: SeedPeriod,
  leaveRequestId: number | null,
  count = countOf(company, period),
): SeedEntry[] {
  const kind = balanceKindOf(requestType);
  if (!kind) return [];
  // Each entry gains its year in place: millions of them are made, copying each would double that.
  const entries = leaveTakenEntries(kind, leaveRequestId, count) as SeedEntry[];
  entries.forEach((entry, index) => (entry.leaveYear = count.perDay[index]!.leaveYear));
  return entries;
}

/** A time credit the person logged, approved or not. */
export interface SeedTimeCredit {
  id: number;
  day: number;
  hours: number;
  reason: string;
  approved: boolean;
}

/** What the finished history leaves behind for one person. */
export interface PersonLedgerResult {
  current: YearLedger;
  closings: YearClosing[];
}

const toTenths = (value: number) => Math.round(value * 10);

/**
 * One person's ledger while their requests are generated: what each leave year still has, then the
 * ledgers of their years. `fromYear` is their first ledger year (when they came to Teamfolk).
 */
export class PersonLedger {
  /** Adjustments and approved time credits, in the order recorded. */
  readonly recorded: SeedEntry[] = [];
  readonly timeCredits: SeedTimeCredit[] = [];
  /** The `leave` entries of the approved requests (their ids come when the requests are written). */
  private readonly taken: SeedEntry[] = [];
  private readonly vacationUsed = new Map<number, number>();
  /** The last request counted: `take` follows `covers` for the same one. */
  private counted: { period: SeedPeriod; count: LeaveCount } | null = null;
  /** Bank credits (tenths) by ISO day, and the hours used so far. */
  private readonly bankCredits: Array<{ date: string; tenths: number }> = [];
  private bankUsed = 0;

  constructor(
    readonly company: CompanyLedger,
    readonly hireDate: string,
    readonly fromYear: number,
    private readonly vacationDays: number,
    private readonly bankHoursPerYear: number,
  ) {}

  get hasBank(): boolean {
    return this.bankHoursPerYear > 0;
  }

  /**
   * The admins' side of the history, from the person's first request day to today: hours agreed
   * into the bank at each year's start, time in lieu they logged, and now and then extra days.
   */
  recordHistory(firstDay: number, today: number, nextTimeCreditId: () => number, random: Random): void {
    const startMonth = this.company.policy.leave_year_start_month;
    for (let year = this.fromYear; year <= this.company.currentYear; year++) {
      const bounds = leaveYearBounds(year, startMonth);
      const from = Math.max(firstDay, Date.parse(`${bounds.start}T00:00:00Z`) / DAY_MS);
      const to = Math.min(today - 1, Date.parse(`${bounds.end}T00:00:00Z`) / DAY_MS);
      if (from > to) continue;
      if (this.hasBank) {
        this.adjust(year, isoDay(from), 'bank', this.bankHoursPerYear, ADJUSTMENT_NOTES.bankTopUp(year));
        const credits = random.int(0, TIME_CREDITS_PER_YEAR * 2);
        for (let index = 0; index < credits; index++) {
          const day = random.int(from, to);
          const credit: SeedTimeCredit = {
            id: nextTimeCreditId(),
            day,
            hours: random.int(2, 16) / 2,
            reason: random.pick(TIME_CREDIT_REASONS),
            approved: day < today - 14 ? random.chance(0.92) : random.chance(0.5),
          };
          this.timeCredits.push(credit);
          if (credit.approved) {
            const date = isoDay(day);
            this.recorded.push({ ...timeCreditEntry({ ...credit, date }), leaveYear: year });
            this.bankCredits.push({ date, tenths: toTenths(credit.hours) });
          }
        }
      }
      if (random.chance(EXTRA_DAYS_SHARE))
        this.adjust(year, isoDay(random.int(from, to)), 'vacation', random.int(1, 2), ADJUSTMENT_NOTES.extraDays);
    }
  }

  private adjust(year: number, date: string, balance: BalanceKind, amount: number, note: string): void {
    const wanted = { ...NO_FIGURES, [balance]: { total: amount, used: 0 } };
    for (const entry of adjustmentsToReach(NO_FIGURES, wanted, { date, note }))
      this.recorded.push({ ...entry, leaveYear: year });
    if (balance === 'bank') this.bankCredits.push({ date, tenths: toTenths(amount) });
  }

  /**
   * Whether the request's balance covers it: vacation within each leave year's allowance, less that
   * year's approved leave; the bank within the credits granted by its first day, less what was used.
   * Sick days and other leave always do.
   */
  covers(type: RequestType, period: SeedPeriod): boolean {
    const kind = balanceKindOf(type);
    if (kind !== 'vacation' && kind !== 'bank') return true;
    const count = this.countOf(period);
    if (kind === 'vacation')
      return count.perYear.every(
        (part) =>
          part.leaveYear >= this.fromYear &&
          (this.vacationUsed.get(part.leaveYear) ?? 0) + toTenths(part.days) <= toTenths(this.vacationDays),
      );
    const firstDay = count.perDay[0]?.date ?? isoDay(period.start);
    const credited = this.bankCredits.reduce((sum, credit) => sum + (credit.date <= firstDay ? credit.tenths : 0), 0);
    return credited - this.bankUsed >= toTenths(count.hours);
  }

  /** Records an approved request against what is left. */
  take(type: RequestType, period: SeedPeriod): void {
    const kind = balanceKindOf(type);
    if (!kind) return;
    const count = this.countOf(period);
    this.taken.push(...takenEntriesOf(this.company, type, period, null, count));
    if (kind === 'bank') this.bankUsed += toTenths(count.hours);
    else if (kind === 'vacation')
      for (const part of count.perYear)
        this.vacationUsed.set(part.leaveYear, (this.vacationUsed.get(part.leaveYear) ?? 0) + toTenths(part.days));
  }

  private countOf(period: SeedPeriod): LeaveCount {
    if (this.counted?.period !== period) this.counted = { period, count: countOf(this.company, period) };
    return this.counted.count;
  }

  /** The person's allowance as the employee row keeps it: null when it is the policy's. */
  get vacationAllowance(): number | null {
    return this.vacationDays === this.company.policy.vacation.annual_days ? null : this.vacationDays;
  }

  /**
   * The ledgers of the person's years through the current one (buildYearLedger, each from the
   * closing of the year before), from what was recorded and the approved requests.
   */
  finish(): PersonLedgerResult {
    const entries = [...this.recorded, ...this.taken];
    const closings: YearClosing[] = [];
    let previous: YearClosing | null = null;
    for (let year = this.fromYear; ; year++) {
      const ledger = buildYearLedger({
        policy: this.company.policy,
        person: { hireDate: this.hireDate, endDate: null, vacationDays: this.vacationAllowance, sickDays: null },
        year,
        previous,
        entries: entries.filter((entry) => entry.leaveYear === year).map(({ leaveYear: _, ...entry }) => entry),
        today: this.company.today,
      });
      if (year === this.company.currentYear) return { current: ledger, closings };
      closings.push(ledger.closing);
      previous = ledger.closing;
    }
  }
}

export const requestTypeOf = (store: LeaveStore, row: number): RequestType =>
  REQUEST_TYPES[store.requestType[row] ?? 0] ?? 'other';

export function periodOfRow(store: LeaveStore, row: number): SeedPeriod {
  return {
    leaveType: LEAVE_TYPES[store.leaveType[row] ?? 0] ?? 'full_day',
    start: store.startDay[row] ?? 0,
    end: store.endDay[row] ?? 0,
    startMinute: store.startMinute[row] ?? -1,
    endMinute: store.endMinute[row] ?? -1,
  };
}

/** The employee row's figures from the current year's ledger, as the balances service writes them. */
export function storedFiguresOf(ledger: YearLedger) {
  const six = sixFiguresOf(ledger);
  const carry = carryOverFieldsOf(ledger);
  return {
    vacation_days_total: toTenths(six.vacation.total),
    vacation_days_used: toTenths(six.vacation.used),
    sick_days_total: toTenths(six.sick.total),
    sick_days_used: toTenths(six.sick.used),
    bank_hours_total: toTenths(six.bank.total),
    bank_hours_used: toTenths(six.bank.used),
    vacation_days_carried: toTenths(carry.vacation_days_carried),
    vacation_days_expiring: toTenths(carry.vacation_days_expiring),
    vacation_days_expiring_on:
      carry.vacation_days_expiring_on === null ? null : dayOfIso(carry.vacation_days_expiring_on),
    balance_figures_valid_until: dayOfIso(figuresValidUntil(ledger)),
    derived_entries_year: ledger.bounds.year,
    derived_entries: JSON.stringify(derivedEntriesOf(ledger)),
    derived_closing: JSON.stringify(ledger.closing),
  };
}

const dayOfIso = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
