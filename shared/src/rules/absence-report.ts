import {
  monthText,
  reportTexts,
  type AbsenceGroup,
  type AbsenceRateRow,
  type AbsenceReportRow,
  type RequestType,
} from '../contracts';
import type { EmploymentTerms } from './entitlement';
import { earlierOf, laterOf, plusDays, plusMonths } from './iso-days';
import type { LeavePeriod } from './leaves';
import { workingDayIndexCache } from './working-day-index';
import { countLeave, type PersonCalendar } from './work-patterns';

/**
 * The absence summary and the absence rate (issue 31), counted with the balances' rules.
 *
 * Both work on leave days: one per working day of an approved request, with the days and hours
 * countLeave gives that day (work pattern in force, public holidays, a partial day's fraction). That
 * is the shape the database should keep (a row per day, written when a request is approved and
 * removed when it is withdrawn), so SQL can sum it; `leaveDaysOf` makes those rows.
 *
 * - A range [from, to] takes the days inside it: a request across an edge counts its days inside.
 *   So the summary of a range is the sum of the summaries of its parts (tested).
 * - Summary: per person, team (the person's team now; null: 'No team') or month (the day's), the
 *   vacation days, sick days, hours bank hours and other days. Every person, team and month in scope
 *   gets a row, zeros included; days of people not in scope are left out (that is the team filter).
 * - Rate: per team and month, absent days ÷ scheduled days, where scheduled days are the members'
 *   working days of the month within the range and their employment (hire date to end date), and
 *   absent days the leave days on those days (sick included; sick_days the sick part of them).
 * - All sums are exact in tenths.
 */

/** A day of approved leave, as reports count it. */
export interface LeaveDay {
  employeeId: number;
  leaveRequestId: number;
  requestType: RequestType;
  date: string;
  /** Days, one decimal (a partial day's fraction). */
  days: number;
  /** Hours, one decimal (the day's pattern hours, or a partial day's). */
  hours: number;
}

export interface DateRange {
  /** Both included. */
  from: string;
  to: string;
}

export interface ApprovedRequest {
  id: number;
  employeeId: number;
  requestType: RequestType;
  period: LeavePeriod;
}

/** A request's leave days, inside `range` when one is given. */
export function leaveDaysOf(request: ApprovedRequest, calendar: PersonCalendar, range?: DateRange): LeaveDay[] {
  return countLeave(request.period, calendar)
    .perDay.filter((day) => !range || (range.from <= day.date && day.date <= range.to))
    .map((day) => ({
      employeeId: request.employeeId,
      leaveRequestId: request.id,
      requestType: request.requestType,
      date: day.date,
      days: day.days,
      hours: day.hours,
    }));
}

export interface ReportPerson {
  employeeId: number;
  name: string;
  teamId: number | null;
}

export interface ReportTeam {
  id: number;
  name: string;
}

const toTenths = (value: number) => Math.round(value * 10);
const fromTenths = (tenths: number) => tenths / 10;
const byLabel = <Row extends { label: string }>(a: Row, b: Row) => a.label.localeCompare(b.label);

/** The first day of each month the range touches, in order. */
export function monthsOf({ from, to }: DateRange): string[] {
  // Counted, not compared as text: past 9999-12 the next month is "10000-01-01", which sorts first.
  const monthNumber = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
  const first = `${from.slice(0, 7)}-01`;
  return Array.from({ length: Math.max(0, monthNumber(to) - monthNumber(from) + 1) }, (_, index) =>
    plusMonths(first, index),
  );
}

/** Teams to report on: the given ones by name, then 'No team' when someone in scope has none. */
function teamGroups(people: readonly ReportPerson[], teams: readonly ReportTeam[]) {
  const groups: Array<{ id: number | null; label: string }> = [...teams]
    .map((team) => ({ id: team.id, label: team.name }))
    .sort(byLabel);
  if (people.some((person) => person.teamId === null)) groups.push({ id: null, label: reportTexts.noTeam });
  return groups;
}

interface Tally {
  vacation: number;
  sick: number;
  bankHours: number;
  other: number;
}

export interface AbsenceSummaryInput {
  range: DateRange;
  groupBy: AbsenceGroup;
  /** Leave days of approved requests (any; those outside the range or of people out of scope are left out). */
  days: Iterable<LeaveDay>;
  /** Everyone in scope (the company, one team, one approver's teams). */
  people: readonly ReportPerson[];
  /** The teams in scope, for 'team'. */
  teams: readonly ReportTeam[];
}

/** The absence summary's rows: per person (by name), team (by name, 'No team' last) or month (in order). */
export function absenceSummary({ range, groupBy, days, people, teams }: AbsenceSummaryInput): AbsenceReportRow[] {
  const personById = new Map(people.map((person) => [person.employeeId, person]));
  const groups: Array<{ key: number | string | null; label: string }> =
    groupBy === 'person'
      ? people.map((person) => ({ key: person.employeeId, label: person.name })).sort(byLabel)
      : groupBy === 'team'
        ? teamGroups(people, teams).map((team) => ({ key: team.id, label: team.label }))
        : monthsOf(range).map((month) => ({ key: month.slice(0, 7), label: monthText(month) }));
  const tallies = new Map<number | string | null, Tally>(
    groups.map((group) => [group.key, { vacation: 0, sick: 0, bankHours: 0, other: 0 }]),
  );
  for (const day of days) {
    const person = personById.get(day.employeeId);
    if (!person || day.date < range.from || day.date > range.to) continue;
    const key = groupBy === 'person' ? person.employeeId : groupBy === 'team' ? person.teamId : day.date.slice(0, 7);
    const tally = tallies.get(key);
    if (!tally) continue;
    if (day.requestType === 'vacation') tally.vacation += toTenths(day.days);
    else if (day.requestType === 'sick_day') tally.sick += toTenths(day.days);
    else if (day.requestType === 'hours_bank') tally.bankHours += toTenths(day.hours);
    else tally.other += toTenths(day.days);
  }
  return groups.map(({ key, label }) => {
    const tally = tallies.get(key) ?? { vacation: 0, sick: 0, bankHours: 0, other: 0 };
    return {
      key,
      label,
      vacation_days: fromTenths(tally.vacation),
      sick_days: fromTenths(tally.sick),
      hours_bank_hours: fromTenths(tally.bankHours),
      other_days: fromTenths(tally.other),
    };
  });
}

export interface RatePerson extends ReportPerson, EmploymentTerms {
  calendar: PersonCalendar;
}

export interface AbsenceRateInput {
  range: DateRange;
  days: Iterable<LeaveDay>;
  /** Everyone in scope, with their calendar (one company: holidays shared) and employment. */
  people: readonly RatePerson[];
  teams: readonly ReportTeam[];
}

const rateOf = (absentTenths: number, scheduled: number) =>
  scheduled === 0 ? null : Math.round((absentTenths / 10 / scheduled) * 10_000) / 10_000;

/** The absence rate's rows: per team (by name, 'No team' last) and month of the range. */
export function absenceRate({ range, days, people, teams }: AbsenceRateInput): AbsenceRateRow[] {
  const months = monthsOf(range).map((month) => ({
    key: month.slice(0, 7),
    first: laterOf(month, range.from),
    last: earlierOf(plusDays(plusMonths(month, 1), -1), range.to),
  }));
  const groups = teamGroups(people, teams);
  const tallies = new Map<number | null, Map<string, { scheduled: number; absent: number; sick: number }>>(
    groups.map((group) => [
      group.id,
      new Map(months.map((month) => [month.key, { scheduled: 0, absent: 0, sick: 0 }])),
    ]),
  );

  const indexOf = workingDayIndexCache(range.from, range.to);
  const personById = new Map(people.map((person) => [person.employeeId, person]));
  for (const person of people) {
    const byMonth = tallies.get(person.teamId);
    if (!byMonth) continue;
    const index = indexOf(person.calendar);
    const employedFrom = laterOf(range.from, person.hireDate);
    const employedTo = person.endDate === null ? range.to : earlierOf(range.to, person.endDate);
    for (const month of months) {
      const tally = byMonth.get(month.key);
      if (tally) tally.scheduled += index.count(laterOf(employedFrom, month.first), earlierOf(employedTo, month.last));
    }
  }
  for (const day of days) {
    const person = personById.get(day.employeeId);
    if (!person || day.date < range.from || day.date > range.to) continue;
    if (day.date < person.hireDate || (person.endDate !== null && day.date > person.endDate)) continue;
    const tally = tallies.get(person.teamId)?.get(day.date.slice(0, 7));
    if (!tally) continue;
    tally.absent += toTenths(day.days);
    if (day.requestType === 'sick_day') tally.sick += toTenths(day.days);
  }
  return groups.flatMap((group) =>
    months.map((month) => {
      const tally = tallies.get(group.id)?.get(month.key) ?? { scheduled: 0, absent: 0, sick: 0 };
      return {
        team_id: group.id,
        label: group.label,
        month: month.key,
        scheduled_days: tally.scheduled,
        absent_days: fromTenths(tally.absent),
        sick_days: fromTenths(tally.sick),
        rate: rateOf(tally.absent, tally.scheduled),
      };
    }),
  );
}
