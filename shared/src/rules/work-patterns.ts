import type { WorkPattern } from '../contracts';
import { eachIsoDay, weekdayOf } from './iso-days';
import { leaveYearOf } from './leave-years';
import type { LeavePeriod } from './leaves';

/**
 * Working patterns and what a leave request counts.
 *
 * A person works the hours of their pattern on each weekday: their own pattern from the day it takes
 * effect, or the company's where they have none (before their first change, or after a change back to
 * null). A working day is a day whose pattern hours are above 0 and that is not a public holiday.
 *
 * A request counts, per working day: a full day is 1 day (vacation, sick days) and that day's pattern
 * hours (hours bank); a partial day is its hours, at most the day's pattern hours, and those hours
 * over the day's pattern hours as days, to one decimal. Each day counts in the leave year it falls in.
 *
 * Invariants: the per-day counts add up to each year's count and the years' counts to the whole
 * (all sums are exact in tenths); a day off or a holiday counts nothing; with the default pattern
 * (Monday–Friday 8 hours) the count equals `leaveDuration` of leaves.ts.
 */

export interface PatternChange {
  /** The first day the pattern applies. */
  effectiveFrom: string;
  /** The person's hours, or null: the company's pattern again. */
  pattern: WorkPattern | null;
}

export interface PersonCalendar {
  /** The company's pattern: a person's wherever they have none of their own. */
  companyPattern: WorkPattern;
  /** The person's pattern history, in any order; empty: the company's throughout. */
  patterns?: readonly PatternChange[];
  /** The company's public holidays (YYYY-MM-DD) over the dates concerned. */
  holidays?: ReadonlySet<string>;
}

export interface LeaveDayCount {
  date: string;
  leaveYear: number;
  /** Days of vacation or sick days, one decimal. */
  days: number;
  /** Hours from the hours bank, one decimal. */
  hours: number;
}

export interface LeaveYearCount {
  leaveYear: number;
  /** The part's first and last working days: the part is checked against what is available on its first. */
  firstDay: string;
  lastDay: string;
  days: number;
  hours: number;
}

export interface LeaveCount {
  days: number;
  hours: number;
  /** Working days only, in date order. */
  perDay: LeaveDayCount[];
  /** One part per leave year with working days, in order. */
  perYear: LeaveYearCount[];
}

const tenths = (value: number) => Math.round(value * 10);

/** Finds the pattern on a date from a history sorted once. */
function patternResolver({ companyPattern, patterns = [] }: PersonCalendar): (isoDate: string) => WorkPattern {
  const changes = [...patterns].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  return (isoDate) => {
    let pattern: WorkPattern | null = null;
    for (const change of changes) {
      if (change.effectiveFrom > isoDate) break;
      pattern = change.pattern;
    }
    return pattern ?? companyPattern;
  };
}

/** The pattern a person works on a date. */
export function patternOn(isoDate: string, calendar: PersonCalendar): WorkPattern {
  return patternResolver(calendar)(isoDate);
}

/** The hours a person works on a date: their pattern's, or 0 on a public holiday. */
export function workingHoursOn(isoDate: string, calendar: PersonCalendar): number {
  if (calendar.holidays?.has(isoDate)) return 0;
  return patternOn(isoDate, calendar)[weekdayOf(isoDate)];
}

export function isWorkingDayOn(isoDate: string, calendar: PersonCalendar): boolean {
  return workingHoursOn(isoDate, calendar) > 0;
}

function minutesOf(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * What a request counts for a person, day by day and per leave year. Request types that draw on no
 * balance ('other') count the same; the caller decides what to draw (days, or hours for the bank).
 */
export function countLeave(period: LeavePeriod, calendar: PersonCalendar, leaveYearStartMonth = 1): LeaveCount {
  const patternFor = patternResolver(calendar);
  const hoursOf = (isoDate: string) => (calendar.holidays?.has(isoDate) ? 0 : patternFor(isoDate)[weekdayOf(isoDate)]);
  const dayCounts: Array<{ date: string; days: number; hours: number }> = [];
  if (period.leaveType === 'partial_day') {
    const dayHours = hoursOf(period.startDate);
    if (dayHours > 0 && period.startTime && period.endTime) {
      const taken = Math.max(0, Math.min(dayHours, (minutesOf(period.endTime) - minutesOf(period.startTime)) / 60));
      const day = { date: period.startDate, days: tenths(taken / dayHours), hours: tenths(taken) };
      if (day.days > 0 || day.hours > 0) dayCounts.push(day);
    }
  } else if (period.startDate <= period.endDate) {
    for (const date of eachIsoDay(period.startDate, period.endDate)) {
      const dayHours = hoursOf(date);
      if (dayHours > 0) dayCounts.push({ date, days: 10, hours: tenths(dayHours) });
    }
  }
  const perDay: LeaveDayCount[] = [];
  const perYear: Array<LeaveYearCount & { daysTenths: number; hoursTenths: number }> = [];
  let daysTenths = 0;
  let hoursTenths = 0;
  for (const day of dayCounts) {
    const leaveYear = leaveYearOf(day.date, leaveYearStartMonth);
    perDay.push({ date: day.date, leaveYear, days: day.days / 10, hours: day.hours / 10 });
    let part = perYear.at(-1);
    if (part?.leaveYear !== leaveYear) {
      part = { leaveYear, firstDay: day.date, lastDay: day.date, days: 0, hours: 0, daysTenths: 0, hoursTenths: 0 };
      perYear.push(part);
    }
    part.lastDay = day.date;
    part.daysTenths += day.days;
    part.hoursTenths += day.hours;
    daysTenths += day.days;
    hoursTenths += day.hours;
  }
  return {
    days: daysTenths / 10,
    hours: hoursTenths / 10,
    perDay,
    perYear: perYear.map(({ daysTenths: partDays, hoursTenths: partHours, ...part }) => ({
      ...part,
      days: partDays / 10,
      hours: partHours / 10,
    })),
  };
}
