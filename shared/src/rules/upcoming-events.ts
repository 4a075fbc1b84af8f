import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import { UPCOMING_EVENTS_WINDOW_DAYS, type UpcomingEvent } from '../contracts';
import { anniversaryIn } from './leaves';

export interface PersonDates {
  id: number;
  name: string;
  birthday: string | null;
  hireDate: string;
}

interface Occurrence {
  date: Date;
  daysUntil: number;
}

/** The next time a yearly date comes round, today included. */
function nextOccurrence(isoDate: string, today: Date): Occurrence {
  let date = anniversaryIn(today.getFullYear(), isoDate);
  if (differenceInCalendarDays(date, today) < 0) date = anniversaryIn(today.getFullYear() + 1, isoDate);
  return { date, daysUntil: differenceInCalendarDays(date, today) };
}

/**
 * Birthdays and work anniversaries within the window (today and the following days: 30 calendar
 * days in all by default), soonest first. A hire day's first return is the 1-year anniversary.
 */
export function upcomingEvents(
  people: readonly PersonDates[],
  todayIso: string,
  windowDays = UPCOMING_EVENTS_WINDOW_DAYS,
): UpcomingEvent[] {
  const today = parseISO(todayIso);
  const events: UpcomingEvent[] = [];
  for (const person of people) {
    if (person.birthday) {
      const next = nextOccurrence(person.birthday, today);
      if (next.daysUntil < windowDays) {
        events.push({
          id: `birthday-${person.id}`,
          type: 'birthday',
          message: `${person.name}'s birthday`,
          daysUntil: next.daysUntil,
          employeeName: person.name,
          date: format(next.date, 'yyyy-MM-dd'),
        });
      }
    }
    const hired = nextOccurrence(person.hireDate, today);
    const years = hired.date.getFullYear() - parseISO(person.hireDate).getFullYear();
    if (years >= 1 && hired.daysUntil < windowDays) {
      events.push({
        id: `anniversary-${person.id}`,
        type: 'anniversary',
        message: `${person.name}'s ${years}-year work anniversary`,
        daysUntil: hired.daysUntil,
        employeeName: person.name,
        date: format(hired.date, 'yyyy-MM-dd'),
      });
    }
  }
  return events.sort((a, b) => a.daysUntil - b.daysUntil || a.employeeName.localeCompare(b.employeeName));
}
