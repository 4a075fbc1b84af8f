import type { Sequelize } from 'sequelize';
import {
  availableForRequest,
  balanceKindOf,
  balanceLedgerTexts,
  balanceRefusal,
  balancesOnReply,
  buildYearLedger,
  canAccess,
  carryOverFieldsOf,
  countLeave,
  DEFAULT_LEAVE_POLICY,
  derivedEntriesOf,
  employeeTexts,
  figuresValidUntil,
  isInForecastRange,
  leavePolicySchema,
  leavePolicyTexts,
  leaveYearBounds,
  leaveReturnedEntries,
  leaveTakenEntries,
  leaveYearOf,
  ledgerReply,
  mergeLeavePolicy,
  openingOfFigures,
  requestRefusal,
  sixFiguresOf,
  type BalanceKind,
  type BalanceLedgerReply,
  type BalancesOnReply,
  type LeaveCount,
  type LeavePeriod,
  type LeavePolicy,
  type LeavePolicyUpdate,
  type PersonCalendar,
  type PersonTerms,
  type RequestPart,
  type YearClosing,
  type WorkPattern,
  type YearLedger,
} from '@teamfolk/shared';
import { publicHolidays } from '../calendar/holidays';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import {
  BalancesRepository,
  sequelizeRunner,
  type CompanyLedgerContext,
  type LedgerSubject,
  type PendingLeaveRow,
  type SqlRunner,
  type StoredEntry,
  type StoredFigures,
} from './balances.repository';

/** Companies whose last-read ledger context a process keeps, the least recently read going first. */
const CONTEXTS_KEPT = 10_000;

/** The policy a year follows: the latest version that applies from it or before; none: the default. */
export function policyFor(context: CompanyLedgerContext, year: number): LeavePolicy {
  const version = context.policies.findLast((candidate) => candidate.appliesFromYear <= year);
  return version ? leavePolicySchema.parse(version.policy) : DEFAULT_LEAVE_POLICY;
}

/** The leave year today lies in, by the start month of the newest policy that has begun. */
export function currentYearOf(context: CompanyLedgerContext): number {
  const begun = context.policies.findLast(
    (version) => version.appliesFromYear <= leaveYearOf(context.today, version.policy.leave_year_start_month),
  );
  return leaveYearOf(context.today, (begun?.policy ?? DEFAULT_LEAVE_POLICY).leave_year_start_month);
}

const termsOf = (subject: LedgerSubject): PersonTerms => ({
  hireDate: subject.hireDate,
  endDate: subject.endDate,
  vacationDays: subject.vacationDays,
  sickDays: subject.sickDays,
});

/** A person's days: their pattern history over the company's pattern, less the company's holidays. */
export function calendarOf(
  context: CompanyLedgerContext,
  subject: Pick<LedgerSubject, 'patterns'>,
  from: string,
  to: string,
): PersonCalendar {
  return {
    companyPattern: policyFor(context, currentYearOf(context)).work_pattern,
    patterns: subject.patterns,
    holidays: new Set(publicHolidays(context.country, context.region, from, to).map((holiday) => holiday.date)),
  };
}

/** The company's days (its pattern now, its holidays over the dates): routing's and an admin's own leave. */
export function companyCalendarOf(context: CompanyLedgerContext, from: string, to: string): PersonCalendar {
  return {
    companyPattern: policyFor(context, currentYearOf(context)).work_pattern,
    holidays: new Set(publicHolidays(context.country, context.region, from, to).map((holiday) => holiday.date)),
  };
}

/** What a request counts for a person, per day and leave year. */
export function countFor(
  context: CompanyLedgerContext,
  subject: Pick<LedgerSubject, 'patterns'>,
  period: LeavePeriod,
): LeaveCount {
  const year = currentYearOf(context);
  return countLeave(
    period,
    calendarOf(context, subject, period.startDate, period.endDate),
    policyFor(context, year).leave_year_start_month,
  );
}

/** A person whose figures were kept without the ledger, opened at those figures (openingOfFigures). */
function opened(
  context: CompanyLedgerContext,
  subject: LedgerSubject,
): { subject: LedgerSubject; entries: StoredEntry[] } {
  if (subject.ledgerFromYear !== null) return { subject, entries: [] };
  const opening = openingOfFigures(
    policyFor(context, currentYearOf(context)),
    { hireDate: subject.hireDate, endDate: subject.endDate },
    subject.figures,
    context.today,
  );
  const entries = opening.entries.map((entry) => ({ ...entry, leaveYear: opening.year }));
  return {
    subject: {
      ...subject,
      ledgerFromYear: opening.year,
      vacationDays: opening.vacationDays,
      sickDays: opening.sickDays,
      entries: [...subject.entries, ...entries],
    },
    entries,
  };
}

export interface LedgerRun {
  ledger: YearLedger;
  /** Closings of finished years worked out on the way, to keep. */
  finished: YearClosing[];
}

/**
 * The ledger of `year`, from the subject's latest kept closing before it (or the first year of their
 * ledger) through the years in between: normally none or one, so a read stays bounded however many
 * years lie behind it.
 */
export function ledgerOfYear(
  context: CompanyLedgerContext,
  subject: LedgerSubject,
  year: number,
  pending?: Partial<Record<BalanceKind, number>>,
): LedgerRun {
  const firstYear = subject.ledgerFromYear ?? year;
  let previous = subject.closing;
  let from = previous ? previous.year + 1 : firstYear;
  if (from > year) {
    previous = null;
    from = year;
  }
  const finished: YearClosing[] = [];
  for (let current = from; ; current++) {
    const ledger = buildYearLedger({
      policy: policyFor(context, current),
      person: termsOf(subject),
      year: current,
      previous: current >= firstYear ? previous : null,
      entries: subject.entries
        .filter((entry) => entry.leaveYear === current)
        .map(({ leaveYear: _, ...entry }) => entry),
      pending: current === year ? pending : undefined,
      today: context.today,
    });
    if (ledger.bounds.end < context.today) finished.push(ledger.closing);
    if (current === year) return { ledger, finished };
    previous = ledger.closing;
  }
}

function storedFiguresOf(subject: LedgerSubject, ledger: YearLedger): StoredFigures {
  const six = sixFiguresOf(ledger);
  const carry = carryOverFieldsOf(ledger);
  return {
    id: subject.id,
    vacation_days_total: six.vacation.total,
    vacation_days_used: six.vacation.used,
    sick_days_total: six.sick.total,
    sick_days_used: six.sick.used,
    bank_hours_total: six.bank.total,
    bank_hours_used: six.bank.used,
    vacation_days_carried: carry.vacation_days_carried,
    vacation_days_expiring: carry.vacation_days_expiring,
    vacation_days_expiring_on: carry.vacation_days_expiring_on,
    balance_figures_valid_until: figuresValidUntil(ledger),
    ledger_from_year: subject.ledgerFromYear ?? ledger.bounds.year,
    vacation_days_allowance: subject.vacationDays,
    sick_days_allowance: subject.sickDays,
    derived_entries_year: ledger.bounds.year,
    derived_entries: derivedEntriesOf(ledger),
    derived_closing: ledger.closing,
  };
}

/** A person read inside a write, with what the write needs of their ledger. */
export interface LedgerWrite {
  context: CompanyLedgerContext;
  subject: LedgerSubject;
  currentYear: number;
}

/**
 * Leave years, the ledger and the figures derived from it: the same code the routes, the employees
 * and leaves writes, and a worker would call. Rules come from shared/src/rules (ledger.ts,
 * balance-changes.ts); this class only loads their inputs and keeps their outputs.
 */
export class BalancesService {
  private readonly repository: BalancesRepository;
  /** Per company: the data version and the instant up to which its stored figures were all found fresh. */
  private readonly fresh = new Map<number, { version: string; until: number }>();
  /** Per company, its ledger context as last read: which year a read asks for, checked by the read itself. */
  private readonly contexts = new Map<number, CompanyLedgerContext>();

  constructor(private readonly sequelize: Sequelize) {
    this.repository = new BalancesRepository(sequelize);
  }

  /**
   * Brings the company's stale figures up to date (New Year, an accrual month, an expiry, rows written
   * without the ledger) before a read uses them: one statement finds and locks the stale rows with
   * their ledger inputs, the rules work them out, one statement writes them back. A company found
   * fresh at a data version is not asked again at that version until its figures' earliest end.
   * Answers whether anything was rewritten.
   */
  async refreshCompany(companyId: number, dataVersion?: string): Promise<boolean> {
    const known = this.fresh.get(companyId);
    if (dataVersion !== undefined && known?.version === dataVersion && Date.now() < known.until) return false;
    const { stale, freshUntil } = await this.repository.freshness(sequelizeRunner(this.sequelize), companyId);
    if (!stale) {
      if (dataVersion !== undefined)
        this.fresh.set(companyId, { version: dataVersion, until: freshUntil?.getTime() ?? Infinity });
      return false;
    }
    this.fresh.delete(companyId);
    await this.repository.transaction(async (runner) => {
      const context = await this.repository.context(runner, companyId);
      // A read never waits for a write: a row another transaction holds keeps its stored figures
      // until the next read (or that write) works them out.
      const subjects = await this.repository.subjects(
        runner,
        companyId,
        { staleOn: context.today },
        currentYearOf(context),
        { lock: true, skipLocked: true },
      );
      await this.rewrite(runner, companyId, context, subjects);
    });
    return true;
  }

  /** Works out and writes back the current year's figures of people read for it, keeping finished closings. */
  private async rewrite(
    runner: SqlRunner,
    companyId: number,
    context: CompanyLedgerContext,
    subjects: readonly LedgerSubject[],
  ): Promise<void> {
    const year = currentYearOf(context);
    const figures: StoredFigures[] = [];
    const closings: Array<{ employeeId: number; closing: YearClosing }> = [];
    for (const read of subjects) {
      const { subject, entries } = opened(context, read);
      await this.repository.insertEntries(runner, companyId, subject.id, entries);
      const { ledger, finished } = ledgerOfYear(context, subject, year);
      figures.push(storedFiguresOf(subject, ledger));
      closings.push(...finished.map((closing) => ({ employeeId: subject.id, closing })));
    }
    await this.repository.keepClosings(runner, companyId, closings);
    await this.repository.writeFigures(runner, companyId, figures);
  }

  /** Inside a write: the company's today, holiday calendar and policies, as a ledger reads them. */
  contextInWrite(runner: SqlRunner, companyId: number): Promise<CompanyLedgerContext> {
    return this.repository.context(runner, companyId);
  }

  /**
   * Inside a write: locks a person and reads their ledger inputs up to `toYear` (default: the current
   * year), opened from their stored figures if they had none, or, for someone just hired, starting
   * with the current year. Null when the company has no such person.
   */
  async lockForWrite(
    runner: SqlRunner,
    companyId: number,
    employeeId: number,
    {
      period,
      newHire = false,
      lock = true,
    }: { period?: { from: string; to: string }; newHire?: boolean; lock?: boolean } = {},
  ): Promise<LedgerWrite | null> {
    // The years a request touches, and the current one, whose figures are written back.
    const yearsOf = (context: CompanyLedgerContext) => {
      const currentYear = currentYearOf(context);
      const startMonth = policyFor(context, currentYear).leave_year_start_month;
      return {
        currentYear,
        fromYear: Math.min(period ? leaveYearOf(period.from, startMonth) : currentYear, currentYear),
        toYear: Math.max(period ? leaveYearOf(period.to, startMonth) : currentYear, currentYear),
      };
    };
    const subjectOfYears = ({ fromYear, toYear }: ReturnType<typeof yearsOf>) =>
      this.repository.subjects(runner, companyId, { employeeId }, toYear, { lock, fromYear });
    // The context and the person travel together for the years the context last seen gives, checked
    // against the context read with them.
    const guess = this.expected(companyId, yearsOf);
    const [context, guessed] = await Promise.all([
      this.repository.context(runner, companyId),
      guess ? subjectOfYears(guess) : Promise.resolve(null),
    ]);
    this.seen(companyId, context);
    const years = yearsOf(context);
    const [read] =
      guessed && guess?.fromYear === years.fromYear && guess.toYear === years.toYear
        ? guessed
        : await subjectOfYears(years);
    const { currentYear } = years;
    if (!read) return null;
    if (newHire) return { context, subject: { ...read, ledgerFromYear: currentYear }, currentYear };
    const { subject, entries } = opened(context, read);
    if (read.ledgerFromYear === null && lock) {
      // Opened now: the row says so in the same transaction, or the next write would open it again.
      // A read without the lock (a rehearsal) uses the opening without writing it.
      await this.repository.insertEntries(runner, companyId, subject.id, entries);
      const { ledger } = ledgerOfYear(context, subject, currentYear);
      await this.repository.writeFigures(runner, companyId, [storedFiguresOf(subject, ledger)]);
    }
    return { context, subject, currentYear };
  }

  /**
   * Inside a write, after lockForWrite: records `entries` (and any change of terms already written to
   * the row) and writes the person's current-year figures back.
   */
  async record(
    runner: SqlRunner,
    companyId: number,
    { context, subject, currentYear }: LedgerWrite,
    entries: readonly StoredEntry[],
    terms: Partial<Pick<LedgerSubject, 'hireDate' | 'endDate' | 'vacationDays' | 'sickDays'>> = {},
  ): Promise<YearLedger> {
    await this.repository.insertEntries(runner, companyId, subject.id, entries);
    // Entries of a closed year made its kept closing and the later ones wrong (the repository forgot
    // them): read the person again from their ledger's first year.
    const reopensClosedYear =
      subject.closing !== null && entries.some((entry) => entry.leaveYear <= subject.closing!.year);
    const [reread] = reopensClosedYear
      ? await this.repository.subjects(runner, companyId, { employeeId: subject.id }, currentYear, { lock: false })
      : [{ ...subject, entries: [...subject.entries, ...entries] }];
    const changed = { ...reread!, ...terms };
    const { ledger, finished } = ledgerOfYear(context, changed, currentYear);
    await this.repository.keepClosings(
      runner,
      companyId,
      finished.map((closing) => ({ employeeId: subject.id, closing })),
    );
    await this.repository.writeFigures(runner, companyId, [storedFiguresOf(changed, ledger)]);
    return ledger;
  }

  /** The ledger of a year of a person read inside a write (the current one unless named). */
  ledgerInWrite({ context, subject, currentYear }: LedgerWrite, year = currentYear): YearLedger {
    return ledgerOfYear(context, subject, year).ledger;
  }

  /** What a request counts for a person read inside a write. */
  countInWrite({ context, subject }: LedgerWrite, period: LeavePeriod): LeaveCount {
    return countFor(context, subject, period);
  }

  /** Each leave year's part of a request, set against what that year has available for it (on its first day). */
  requestParts(write: LedgerWrite, kind: BalanceKind, count: LeaveCount): RequestPart[] {
    return count.perYear.map((part) => ({
      leaveYear: part.leaveYear,
      requested: kind === 'bank' ? part.hours : part.days,
      available: availableForRequest(this.ledgerInWrite(write, part.leaveYear), part.firstDay, write.context.today)[
        kind
      ],
    }));
  }

  /**
   * Why a request cannot be taken, or null. Within the current leave year the spec's own text, as
   * before leave years; a part in another year is named with its year.
   */
  refusalOf(write: LedgerWrite, kind: BalanceKind, parts: readonly RequestPart[]): string | null {
    const [only] = parts;
    if (only && parts.length === 1 && only.leaveYear === write.currentYear)
      return balanceRefusal(kind, only.available, only.requested);
    return requestRefusal(kind, parts);
  }

  /** The entries of an approved request, one per working day, in the leave year of each. */
  takenEntries(kind: BalanceKind, leaveRequestId: number, count: LeaveCount): StoredEntry[] {
    return leaveTakenEntries(kind, leaveRequestId, count).map((entry, index) => ({
      ...entry,
      leaveYear: count.perDay[index]!.leaveYear,
    }));
  }

  /**
   * The entries that give a withdrawn approved request back, per leave year (used never below 0). A
   * request approved before the ledger recorded none: what it counts now is given back.
   */
  async returnedEntries(
    runner: SqlRunner,
    companyId: number,
    write: LedgerWrite,
    kind: BalanceKind,
    leaveRequestId: number,
    period: LeavePeriod,
  ): Promise<StoredEntry[]> {
    const recorded = await this.repository.takenEntries(runner, companyId, leaveRequestId);
    const taken =
      recorded.length > 0 ? recorded : this.takenEntries(kind, leaveRequestId, this.countInWrite(write, period));
    const years = [...new Set(taken.map((entry) => entry.leaveYear))];
    return years.flatMap((year) => {
      const used = this.ledgerInWrite(write, year).balances[kind].used;
      return leaveReturnedEntries(
        taken.filter((entry) => entry.leaveYear === year),
        used,
      ).map((entry) => ({ ...entry, leaveYear: year }));
    });
  }

  /** Inside a write: a person's pattern from a day on (their figures do not move: recorded leave keeps its days). */
  savePattern(
    runner: SqlRunner,
    companyId: number,
    employeeId: number,
    effectiveFrom: string,
    pattern: WorkPattern | null,
  ): Promise<void> {
    return this.repository.savePattern(runner, companyId, employeeId, effectiveFrom, pattern);
  }

  async policy(auth: AuthContext): Promise<LeavePolicy> {
    const context = await this.repository.context(sequelizeRunner(this.sequelize), auth.companyId);
    return policyFor(context, currentYearOf(context));
  }

  /**
   * A new policy from the current leave year on (closed years keep theirs), and every person's
   * figures worked out again under it, in one transaction.
   */
  async savePolicy(auth: AuthContext, update: LeavePolicyUpdate): Promise<LeavePolicy> {
    return this.repository.transaction(async (runner) => {
      const context = await this.repository.context(runner, auth.companyId);
      const year = currentYearOf(context);
      const current = policyFor(context, year);
      const policy = mergeLeavePolicy(current, update);
      // Entries are kept by the leave year of their dates: moving the years' bounds under them would
      // need a transitional year, which the rules do not define.
      const movesYears = policy.leave_year_start_month !== current.leave_year_start_month;
      if (movesYears && (await this.repository.hasEntries(runner, auth.companyId)))
        throw new HttpError(409, leavePolicyTexts.startMonthFixed, { field: 'leave_year_start_month' });
      await this.repository.savePolicy(runner, auth.companyId, year, policy);
      const changed = await this.repository.context(runner, auth.companyId);
      const subjects = await this.repository.subjects(
        runner,
        auth.companyId,
        { everyone: true },
        currentYearOf(changed),
        { lock: true },
      );
      await this.rewrite(runner, auth.companyId, changed, subjects);
      return policy;
    });
  }

  /** GET /api/employees/:id/balance-ledger: a year's ledger (the current one unless named). */
  async ledger(auth: AuthContext, employeeId: number, year?: number): Promise<BalanceLedgerReply> {
    await this.refreshCompany(auth.companyId, auth.dataVersion);
    const yearOf = (context: CompanyLedgerContext) => {
      const wanted = year ?? currentYearOf(context);
      // A year's ledger is worked out from the last kept closing: a year far ahead would walk them all.
      if (wanted > currentYearOf(context) + 1)
        throw new HttpError(400, balanceLedgerTexts.yearTooFarAhead, { field: 'year' });
      return wanted;
    };
    return this.read(auth, employeeId, yearOf, (run) => ledgerReply(run.ledger));
  }

  /** GET /api/employees/:id/balances?on=: what is available on a day of this leave year or the next. */
  async balancesOn(auth: AuthContext, employeeId: number, on: string): Promise<BalancesOnReply> {
    await this.refreshCompany(auth.companyId, auth.dataVersion);
    const yearOf = (context: CompanyLedgerContext) => {
      const startMonth = policyFor(context, currentYearOf(context)).leave_year_start_month;
      if (!isInForecastRange(on, context.today, startMonth))
        throw new HttpError(400, balanceLedgerTexts.onOutsideForecast, { field: 'on' });
      return leaveYearOf(on, startMonth);
    };
    return this.read(auth, employeeId, yearOf, (run) => balancesOnReply(run.ledger, on));
  }

  /**
   * Reads one person's ledger of the year `yearOf` picks, for a caller who may see it (their own, or
   * an admin's), and keeps its finished closings. One read-only round trip: the company's context,
   * the person and their pending leave travel together, for the year the context last seen gives;
   * when the context read with them gives another year (a policy or a day changed), they are read
   * again for it.
   */
  private async read<T>(
    auth: AuthContext,
    employeeId: number,
    yearOf: (context: CompanyLedgerContext) => number,
    reply: (run: LedgerRun) => T,
  ): Promise<T> {
    const { companyId } = auth;
    const yearAndBounds = (context: CompanyLedgerContext) => {
      const year = yearOf(context);
      return { year, bounds: leaveYearBounds(year, policyFor(context, year).leave_year_start_month) };
    };
    let wanted = this.expected(companyId, yearAndBounds);
    if (!wanted) {
      const context = await this.repository.context(sequelizeRunner(this.sequelize), companyId);
      this.seen(companyId, context);
      wanted = yearAndBounds(context);
    }
    let read = await this.personOfYear(companyId, employeeId, wanted);
    const actual = yearAndBounds(read.context);
    if (actual.year !== wanted.year || actual.bounds.start !== wanted.bounds.start)
      read = await this.personOfYear(companyId, employeeId, actual);
    const { context, subject, pendingRows } = read;
    // Another person's ledger is not found for someone who may not see it, as another company's.
    const record = { own: subject !== undefined && subject.userId === auth.userId };
    if (!subject || !canAccess(auth, { resource: 'balances', action: 'show', record }))
      throw new HttpError(404, employeeTexts.notFound);
    const run = ledgerOfYear(context, subject, actual.year, pendingOf(context, subject, pendingRows, actual.year));
    // One statement, on its own: the read's round trip was read-only.
    await this.repository.keepClosings(
      sequelizeRunner(this.sequelize),
      companyId,
      run.finished.map((closing) => ({ employeeId, closing })),
    );
    return reply(run);
  }

  /** What `pick` gives for the company's context as last seen; null when none was seen, or it refuses it. */
  private expected<T>(companyId: number, pick: (context: CompanyLedgerContext) => T): T | null {
    const known = this.contexts.get(companyId);
    if (!known) return null;
    try {
      return pick(known);
    } catch {
      // Refused on a context that may be old: the current one decides.
      return null;
    }
  }

  /** Keeps a company's context as just read; past CONTEXTS_KEPT the company read least recently goes. */
  private seen(companyId: number, context: CompanyLedgerContext): void {
    this.contexts.delete(companyId);
    if (this.contexts.size >= CONTEXTS_KEPT) this.contexts.delete(this.contexts.keys().next().value!);
    this.contexts.set(companyId, context);
  }

  /** The company's context and a person's ledger inputs and pending leave for a year, in one round trip. */
  private async personOfYear(
    companyId: number,
    employeeId: number,
    { year, bounds }: { year: number; bounds: { start: string; end: string } },
  ) {
    const read = await this.repository.readTogether(async (runner) => {
      const [context, [subject], pendingRows] = await Promise.all([
        this.repository.context(runner, companyId),
        this.repository.subjects(runner, companyId, { employeeId }, year, { lock: false }),
        this.repository.pendingLeave(runner, companyId, employeeId, bounds.start, bounds.end),
      ]);
      return { context, subject, pendingRows };
    });
    this.seen(companyId, read.context);
    return read;
  }
}

/** Pending requests' days (hours for the bank) in a year, counted as approval would count them. */
export function pendingOf(
  context: CompanyLedgerContext,
  subject: Pick<LedgerSubject, 'patterns'>,
  rows: readonly PendingLeaveRow[],
  year: number,
): Partial<Record<BalanceKind, number>> {
  const tenths: Partial<Record<BalanceKind, number>> = {};
  for (const row of rows) {
    const kind = balanceKindOf(row.request_type as Parameters<typeof balanceKindOf>[0]);
    if (!kind) continue;
    const count = countFor(context, subject, {
      leaveType: row.leave_type as LeavePeriod['leaveType'],
      startDate: row.start_date,
      endDate: row.end_date,
      startTime: row.start_time,
      endTime: row.end_time,
    });
    const part = count.perYear.find((candidate) => candidate.leaveYear === year);
    if (part) tenths[kind] = (tenths[kind] ?? 0) + Math.round((kind === 'bank' ? part.hours : part.days) * 10);
  }
  return Object.fromEntries(Object.entries(tenths).map(([kind, value]) => [kind, value / 10]));
}
