import type { Sequelize } from 'sequelize';
import {
  balanceOfSums,
  balancesOnDate,
  bradfordReport,
  bradfordWindow,
  earlierOf,
  laterOf,
  leaveYearBounds,
  leaveYearOf,
  lowUptake,
  MAX_REPORT_RANGE_DAYS,
  monthsOf,
  monthText,
  plusDays,
  plusMonths,
  reportTexts,
  teamTexts,
  uptakeOfSums,
  vacationUptake,
  workingDayIndexCache,
  type AbsenceRateQuery,
  type AbsenceRateRow,
  type AbsenceReportQuery,
  type AbsenceReportRow,
  type ActivityQuery,
  type ActivitySortField,
  type ActivityRow,
  type BalancesReportRow,
  type BalanceSumsOnDate,
  type BradfordRow,
  type LeaveDay,
  type LedgerBalance,
  type LowUptakeQuery,
  type LowUptakeRow,
  type ReportOnQuery,
} from '@teamfolk/shared';
import { BalancesRepository, sequelizeRunner, type CompanyLedgerContext } from '../balances/balances.repository';
import { BalancesService, currentYearOf, ledgerOfYear, pendingOf, policyFor } from '../balances/balances.service';
import { HttpError } from '../http/errors';
import type { ListQuery } from '../http/list-query';
import type { AuthContext } from '../http/types';
import { holidaySet, reportCalendar } from './leave-days.service';
import { ReportsRepository, type AbsenceSums, type KeptBalanceSums, type ReportScope } from './reports.repository';

/** Postgres has no year 0: a window or leave year reaching before year 1 is read from year 1. */
const FIRST_DAY = '0001-01-01';

const NO_SUMS: BalanceSumsOnDate = { entitlement: 0, taken: 0, booked: 0, carried: 0, expiring: 0, expiryOn: null };

/** The kept people's sums (tenths) as read in SQL: each balance's on the day, and the year's vacation allowance. */
function keptSumsByPerson(rows: readonly KeptBalanceSums[]) {
  const byPerson = new Map<
    number,
    { balances: Partial<Record<LedgerBalance, BalanceSumsOnDate>>; vacationAllowance: number }
  >();
  for (const row of rows) {
    const own = byPerson.get(row.employee_id) ?? { balances: {}, vacationAllowance: 0 };
    byPerson.set(row.employee_id, own);
    if (row.balance === null) continue;
    own.balances[row.balance] = {
      entitlement: Number(row.entitlement),
      taken: Number(row.taken),
      booked: Number(row.booked),
      carried: Number(row.carried),
      expiring: Number(row.expiring),
      expiryOn: row.expiry_on,
    };
    if (row.balance === 'vacation') own.vacationAllowance = Number(row.allowance);
  }
  return byPerson;
}

const byLabel = <Row extends { label: string }>(a: Row, b: Row) => a.label.localeCompare(b.label);
const toTenths = (value: string | number) => Math.round(Number(value) * 10);
const spanDays = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/**
 * The reports of issue 31. Sums are SQL's (leave_days); what needs a person's calendar (scheduled
 * days, Bradford spells, balances from the ledger) is counted by the shared rules over rows read once
 * for the whole scope. Admins report on the company; an approver on the teams they approve for.
 */
export class ReportsService {
  private readonly repository: ReportsRepository;
  private readonly balancesRepository: BalancesRepository;

  constructor(
    private readonly sequelize: Sequelize,
    private readonly balances = new BalancesService(sequelize),
  ) {
    this.repository = new ReportsRepository(sequelize);
    this.balancesRepository = new BalancesRepository(sequelize);
  }

  /** Whose rows the caller sees: an admin the company's, or one team of it; an approver their teams, or one. */
  private async scopeOf(auth: AuthContext, teamId: number | undefined): Promise<ReportScope> {
    const reach = auth.role === 'admin' ? null : (auth.approvesTeams ?? []).map((team) => team.id);
    if (teamId === undefined) return { companyId: auth.companyId, teamIds: reach };
    const known =
      reach === null
        ? (await this.repository.teams({ companyId: auth.companyId, teamIds: [teamId] })).length > 0
        : reach.includes(teamId);
    if (!known) throw new HttpError(404, teamTexts.notFound, { field: 'team_id' });
    return { companyId: auth.companyId, teamIds: [teamId] };
  }

  private context(companyId: number): Promise<CompanyLedgerContext> {
    return this.balancesRepository.context(sequelizeRunner(this.sequelize), companyId);
  }

  /** The range asked for, or the current leave year's bounds where a side is missing. */
  private rangeOf(context: CompanyLedgerContext, query: { from?: string; to?: string }) {
    const year = currentYearOf(context);
    const bounds = leaveYearBounds(year, policyFor(context, year).leave_year_start_month);
    const from = query.from ?? bounds.start;
    const to = query.to ?? bounds.end;
    if (to < from) throw new HttpError(400, reportTexts.toBeforeFrom, { field: 'to' });
    if (spanDays(from, to) > MAX_REPORT_RANGE_DAYS) throw new HttpError(400, reportTexts.rangeTooLong, { field: 'to' });
    return { from, to };
  }

  /** GET /api/reports/absence: every person, team or month in scope, zeros included. */
  async absence(
    auth: AuthContext,
    query: AbsenceReportQuery,
  ): Promise<{ rows: AbsenceReportRow[]; from: string; to: string }> {
    const scope = await this.scopeOf(auth, query.team_id);
    const { from, to } = this.rangeOf(await this.context(auth.companyId), query);
    const [people, teams, sums] = await Promise.all([
      this.repository.people(scope),
      query.group_by === 'team' ? this.repository.teams(scope) : Promise.resolve([]),
      this.repository.absenceSums(scope, query.group_by, from, to, query.request_type ?? null),
    ]);
    const groups: Array<{ key: number | string | null; label: string }> =
      query.group_by === 'person'
        ? people.map((person) => ({ key: person.id, label: person.name })).sort(byLabel)
        : query.group_by === 'team'
          ? [
              ...teams.map((team) => ({ key: team.id, label: team.name })).sort(byLabel),
              ...(people.some((person) => person.team_id === null) ? [{ key: null, label: reportTexts.noTeam }] : []),
            ]
          : monthsOf({ from, to }).map((month) => ({ key: month.slice(0, 7), label: monthText(month) }));
    const sumsByKey = new Map<AbsenceSums['key'], AbsenceSums>(sums.map((sum) => [sum.key, sum]));
    const rows = groups.map(({ key, label }) => {
      const sum = sumsByKey.get(key);
      return {
        key,
        label,
        vacation_days: toTenths(sum?.vacation ?? 0) / 10,
        sick_days: toTenths(sum?.sick ?? 0) / 10,
        hours_bank_hours: toTenths(sum?.bank_hours ?? 0) / 10,
        other_days: toTenths(sum?.other ?? 0) / 10,
      };
    });
    return { rows, from, to };
  }

  /** GET /api/reports/absence-rate: per team (by name, 'No team' last) and month of the range. */
  async absenceRate(
    auth: AuthContext,
    query: AbsenceRateQuery,
  ): Promise<{ rows: AbsenceRateRow[]; from: string; to: string }> {
    const scope = await this.scopeOf(auth, query.team_id);
    const context = await this.context(auth.companyId);
    const { from, to } = this.rangeOf(context, query);
    const [people, teams, sums] = await Promise.all([
      this.repository.peopleWithPatterns(scope),
      this.repository.teams(scope),
      this.repository.teamMonthSums(scope, from, to),
    ]);
    const months = monthsOf({ from, to }).map((month) => ({
      key: month.slice(0, 7),
      first: laterOf(month, from),
      last: earlierOf(plusDays(plusMonths(month, 1), -1), to),
    }));
    const holidays = holidaySet(context, from, to);
    const indexOf = workingDayIndexCache(from, to);
    const scheduled = new Map<string, number>();
    const keyOf = (teamId: number | null, month: string) => `${teamId ?? ''}|${month}`;
    for (const person of people) {
      const index = indexOf(reportCalendar(context, person.patterns, holidays));
      const employedFrom = laterOf(from, person.hire_date);
      const employedTo = person.end_date === null ? to : earlierOf(to, person.end_date);
      for (const month of months) {
        const key = keyOf(person.team_id, month.key);
        const days = index.count(laterOf(employedFrom, month.first), earlierOf(employedTo, month.last));
        scheduled.set(key, (scheduled.get(key) ?? 0) + days);
      }
    }
    const sumsByKey = new Map(sums.map((sum) => [keyOf(sum.team_id, sum.month), sum]));
    const groups: Array<{ id: number | null; label: string }> = [
      ...teams.map((team) => ({ id: team.id, label: team.name })).sort(byLabel),
      ...(people.some((person) => person.team_id === null) ? [{ id: null, label: reportTexts.noTeam }] : []),
    ];
    const rows = groups.flatMap((group) =>
      months.map((month) => {
        const key = keyOf(group.id, month.key);
        const sum = sumsByKey.get(key);
        const absentTenths = toTenths(sum?.absent ?? 0);
        const scheduledDays = scheduled.get(key) ?? 0;
        return {
          team_id: group.id,
          label: group.label,
          month: month.key,
          scheduled_days: scheduledDays,
          absent_days: absentTenths / 10,
          sick_days: toTenths(sum?.sick ?? 0) / 10,
          rate: scheduledDays === 0 ? null : Math.round((absentTenths / 10 / scheduledDays) * 10_000) / 10_000,
        };
      }),
    );
    return { rows, from, to };
  }

  /** GET /api/reports/bradford: everyone in scope, highest score first. */
  async bradford(auth: AuthContext, query: ReportOnQuery): Promise<{ rows: BradfordRow[]; on: string }> {
    const scope = await this.scopeOf(auth, query.team_id);
    const context = await this.context(auth.companyId);
    const on = query.on ?? context.today;
    const window = bradfordWindow(on);
    const [people, sick] = await Promise.all([
      this.repository.peopleWithPatterns(scope),
      this.repository.sickDays(scope, laterOf(window.from, FIRST_DAY), window.to),
    ]);
    const holidays = holidaySet(context, laterOf(window.from, FIRST_DAY), window.to);
    const days: LeaveDay[] = sick.map((row) => ({
      employeeId: row.employee_id,
      leaveRequestId: 0,
      requestType: 'sick_day',
      date: row.date,
      days: Number(row.days),
      hours: 0,
    }));
    const rows = bradfordReport(
      people.map((person) => ({
        employeeId: person.id,
        name: person.name,
        calendar: reportCalendar(context, person.patterns, holidays),
      })),
      days,
      on,
    );
    return { rows, on };
  }

  /**
   * Each balance and the vacation uptake of everyone in scope on a day, by name. People whose derived
   * entries of the day's leave year are kept (the current year, after refreshCompany) are summed in
   * SQL in one statement; anyone else (another year, a row a write held during the refresh) has their
   * ledger worked out by the rules, from inputs read in one more.
   */
  private async balancesOfScope(auth: AuthContext, teamId: number | undefined, asked: string | undefined) {
    const scope = await this.scopeOf(auth, teamId);
    // People whose figures were kept without the ledger are opened first, as the ledger reads do.
    await this.balances.refreshCompany(auth.companyId, auth.dataVersion);
    const context = await this.context(auth.companyId);
    const on = asked ?? context.today;
    const year = leaveYearOf(on, policyFor(context, currentYearOf(context)).leave_year_start_month);
    // A year's ledger is worked out from the last kept closing: a date years ahead would walk them all.
    if (year > currentYearOf(context) + 1) throw new HttpError(400, reportTexts.onTooFarAhead, { field: 'on' });
    const bounds = leaveYearBounds(year, policyFor(context, year).leave_year_start_month);
    const [people, sums, pending] = await Promise.all([
      this.repository.peopleWithPatterns(scope),
      this.repository.keptBalanceSums(scope, year, on),
      this.repository.pendingLeave(scope, laterOf(bounds.start, FIRST_DAY), bounds.end),
    ]);
    const pendingByPerson = new Map<number, typeof pending>();
    for (const row of pending)
      pendingByPerson.set(row.employee_id, [...(pendingByPerson.get(row.employee_id) ?? []), row]);
    const summed = keptSumsByPerson(sums);
    const unsummed = people.filter((person) => !summed.has(person.id)).map((person) => person.id);
    const ledgers = new Map(
      unsummed.length === 0
        ? []
        : (
            await this.balancesRepository.subjects(
              sequelizeRunner(this.sequelize),
              auth.companyId,
              { employeeIds: unsummed },
              year,
              { lock: false },
            )
          ).map((subject) => {
            const own = pendingByPerson.get(subject.id) ?? [];
            return [subject.id, ledgerOfYear(context, subject, year, pendingOf(context, subject, own, year)).ledger];
          }),
    );
    const rows = people.flatMap((person) => {
      const ledger = ledgers.get(person.id);
      if (ledger) return [{ person, balances: balancesOnDate(ledger, on), uptake: vacationUptake(ledger, on) }];
      const own = summed.get(person.id);
      if (!own) return [];
      const pendingOfPerson = pendingOf(context, person, pendingByPerson.get(person.id) ?? [], year);
      const balanceOf = (balance: LedgerBalance) =>
        balanceOfSums(own.balances[balance] ?? NO_SUMS, pendingOfPerson[balance] ?? 0);
      return [
        {
          person,
          balances: { vacation: balanceOf('vacation'), sick: balanceOf('sick'), bank: balanceOf('bank') },
          uptake: uptakeOfSums(own.vacationAllowance, own.balances.vacation?.taken ?? 0),
        },
      ];
    });
    rows.sort((a, b) => a.person.name.localeCompare(b.person.name) || a.person.id - b.person.id);
    return { rows, on };
  }

  /** GET /api/reports/balances: each balance of everyone in scope on a date, by name. */
  async balancesOn(auth: AuthContext, query: ReportOnQuery): Promise<{ rows: BalancesReportRow[]; on: string }> {
    const { rows, on } = await this.balancesOfScope(auth, query.team_id, query.on);
    return {
      rows: rows.map(({ person, balances }) => ({ employee_id: person.id, label: person.name, ...balances })),
      on,
    };
  }

  /** GET /api/reports/low-uptake: people under the threshold's share of their allowance, lowest first. */
  async lowUptake(auth: AuthContext, query: LowUptakeQuery): Promise<{ rows: LowUptakeRow[]; on: string }> {
    const { rows, on } = await this.balancesOfScope(auth, query.team_id, query.on);
    return {
      rows: lowUptake(
        rows.map(({ person, uptake }) => ({ employeeId: person.id, name: person.name, uptake })),
        query.threshold,
      ),
      on,
    };
  }

  /** GET /api/activity: a page of the audit log and sign-ins (admins). */
  async activity(
    auth: AuthContext,
    query: ActivityQuery,
    list: ListQuery<ActivitySortField>,
  ): Promise<{ rows: ActivityRow[]; total: number }> {
    const { rows, total } = await this.repository.activity({
      companyId: auth.companyId,
      from: query.from ?? null,
      to: query.to ?? null,
      employeeId: query.employee_id ?? null,
      kind: query.kind ?? null,
      order: list.sort?.order ?? 'DESC',
      sortByKind: list.sort?.field === 'kind',
      range: list.range,
    });
    return {
      total,
      rows: rows.map((row) => ({
        id: row.id,
        at: new Date(row.at).toISOString(),
        actor: row.actor ?? 'Teamfolk',
        kind: row.kind,
        subject: row.subject,
        before: row.before,
        after: row.after,
      })),
    };
  }
}
