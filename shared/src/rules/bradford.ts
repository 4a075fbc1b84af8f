import { bradfordBandOf, type BradfordRow } from '../contracts';
import type { LeaveDay } from './absence-report';
import { plusDays } from './iso-days';
import { workingDayIndexCache, type WorkingDayIndex } from './working-day-index';
import type { PersonCalendar } from './work-patterns';

/**
 * The Bradford factor (issue 31): B = S² × D over the 52 weeks to a date (364 days, that date the
 * last), per person, where
 * - D is the sick days in the window, counted as balances count them (a partial day's fraction);
 * - S is the number of spells: sick days on consecutive working days of the person form one spell,
 *   whatever lies between them that is not a working day for them (a weekend, a public holiday, a
 *   day off in their pattern). A spell that began before the window counts once, by its days inside.
 * Invariants: S ≤ the number of sick days (dates), and S = 0 exactly when D = 0; B has one decimal.
 * The band (contracts' BRADFORD_BANDS) is a hint, never a verdict.
 */

export const BRADFORD_WINDOW_DAYS = 52 * 7;

/** The 52 weeks that end on `on`, both ends included. */
export function bradfordWindow(on: string): { from: string; to: string } {
  return { from: plusDays(on, -(BRADFORD_WINDOW_DAYS - 1)), to: on };
}

export interface BradfordFigures {
  spells: number;
  /** One decimal. */
  days: number;
  /** spells² × days, one decimal. */
  score: number;
}

/**
 * A person's spells, days and score from their sick leave days (any; those outside the window are
 * left out), given a working-day index of their calendar that covers the window.
 */
export function bradfordFigures(
  sickDays: Iterable<Pick<LeaveDay, 'date' | 'days'>>,
  index: WorkingDayIndex,
  on: string,
): BradfordFigures {
  const { from, to } = bradfordWindow(on);
  const tenthsByDate = new Map<string, number>();
  for (const day of sickDays) {
    if (day.date < from || day.date > to) continue;
    tenthsByDate.set(day.date, (tenthsByDate.get(day.date) ?? 0) + Math.round(day.days * 10));
  }
  const dates = [...tenthsByDate.keys()].sort();
  let spells = 0;
  let previous: string | null = null;
  for (const date of dates) {
    // A new spell unless no working day lies strictly between the previous sick day and this one.
    if (previous === null || index.count(plusDays(previous, 1), plusDays(date, -1)) > 0) spells += 1;
    previous = date;
  }
  const dayTenths = [...tenthsByDate.values()].reduce((sum, tenths) => sum + tenths, 0);
  return { spells, days: dayTenths / 10, score: (spells * spells * dayTenths) / 10 };
}

export interface BradfordPerson {
  employeeId: number;
  name: string;
  calendar: PersonCalendar;
}

/**
 * The Bradford report's rows: everyone in scope (one company: holidays shared), highest score first,
 * then by name; `sickDays` are the approved sick_day leave days of the window (others are skipped).
 */
export function bradfordReport(people: readonly BradfordPerson[], days: Iterable<LeaveDay>, on: string): BradfordRow[] {
  const { from, to } = bradfordWindow(on);
  const indexOf = workingDayIndexCache(from, to);
  const sickByPerson = new Map<number, LeaveDay[]>();
  for (const day of days) {
    if (day.requestType !== 'sick_day') continue;
    const own = sickByPerson.get(day.employeeId) ?? [];
    own.push(day);
    sickByPerson.set(day.employeeId, own);
  }
  return people
    .map((person) => {
      const figures = bradfordFigures(sickByPerson.get(person.employeeId) ?? [], indexOf(person.calendar), on);
      return { employee_id: person.employeeId, label: person.name, ...figures, band: bradfordBandOf(figures.score) };
    })
    .sort((a, b) => b.score - a.score || a.label.localeCompare(b.label) || a.employee_id - b.employee_id);
}
