import { TZDate } from '@date-fns/tz';
import { calendarTexts, REQUEST_TYPE_LABELS, type CalendarEvent } from '@teamfolk/shared';
import type { PartialDayClock } from './ical-zones';

/**
 * VEVENT text for the leave calendar, written directly: ical-generator (which still writes the
 * calendar around the events, with its VTIMEZONE) spends about 150 µs per event building and folding
 * — its line folding encodes every character with a new TextEncoder — so a year of a 2,000-person
 * company took seconds. This covers the few properties a leave has, per RFC 5545.
 */

/** Characters TEXT values escape (backslash, semicolon, comma, line breaks) or cannot carry (controls). */
const TEXT_SPECIALS = /[\\;,\p{Cc}]/u;
/** Control characters but the tab and line breaks: RFC 5545 3.3.11 has no way to write the ASCII ones in TEXT. */
const UNWRITABLE_CONTROLS = /[^\P{Cc}\t\n\r]/gu;

/**
 * Any text as an iCalendar TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped,
 * every line break as \n, the other control characters left out. Whatever the text, it stays one
 * property's value: it can neither end its line nor start a property or a component of its own.
 */
export function escapeText(value: string): string {
  // Most names and reasons have nothing to escape: one test instead of three replacements each.
  if (!TEXT_SPECIALS.test(value)) return value;
  // Line breaks first: left out before them, a control character between a CR and an LF would
  // join the two into one line break.
  return value
    .replace(/[\\;,]/g, '\\$&')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(UNWRITABLE_CONTROLS, '');
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a character (3.1). */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= 74) return line;
  let folded = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Length(character.codePointAt(0)!);
    octets += size;
    if (octets > 74) {
      folded += '\r\n ';
      octets = size;
    }
    folded += character;
  }
  return folded;
}

export const compactDate = (isoDate: string) => isoDate.replaceAll('-', '');

/** The day after an ISO date, compact: the exclusive end of an all-day event. */
export function dayAfter(isoDate: string): string {
  const day = Number(isoDate.slice(8, 10));
  // Days 1 to 27 have a next day in the same month: no calendar arithmetic needed (the common case).
  if (day < 28) return `${isoDate.slice(0, 4)}${isoDate.slice(5, 7)}${String(day + 1).padStart(2, '0')}`;
  const next = new Date(Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, day + 1));
  return next.toISOString().slice(0, 10).replaceAll('-', '');
}

/** 2026-11-21T19:08:43.123Z → 20261121T190843Z */
export function utcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** An approved leave as the exports show it: they need neither its status nor its day count. */
export type ExportedLeave = Omit<CalendarEvent, 'daysCount' | 'status'>;

/** A wall-clock time of a day in a zone as a UTC DATE-TIME: 2026-12-08 13:00 in Europe/Berlin → 20261208T120000Z. */
export function utcDateTime(isoDate: string, time: string, timeZone: string): string {
  if (timeZone === 'UTC') return `${compactDate(isoDate)}T${time.replace(':', '')}00Z`;
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return utcStamp(new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime()));
}

/** An event's title in an external calendar: the person and, as the viewer may see it, the kind of leave. */
export function eventTitle(event: ExportedLeave): string {
  const label = event.requestType === 'out' ? calendarTexts.out : REQUEST_TYPE_LABELS[event.requestType];
  return `${event.employeeName}: ${label}`;
}

export interface IcalEventOptions {
  /** How partial days' times are written: in the company's zone, or as UTC instants. */
  clock: PartialDayClock;
  stamp: string;
  title: (event: ExportedLeave) => string;
}

/** One VEVENT, CRLF-terminated: all-day leave as DATE values with an exclusive end, partial days with times. */
export function icalEvent(event: ExportedLeave, { clock, stamp, title }: IcalEventOptions): string {
  const startDay = compactDate(event.start);
  let when: string;
  if (event.startTime && event.endTime) {
    if (clock.tzid !== null) {
      const at = (time: string) => `${startDay}T${time.replace(':', '')}00`;
      when = `DTSTART;TZID=${clock.tzid}:${at(event.startTime)}\r\nDTEND;TZID=${clock.tzid}:${at(event.endTime)}`;
    } else {
      const at = (time: string) => utcDateTime(event.start, time, clock.timeZone);
      when = `DTSTART:${at(event.startTime)}\r\nDTEND:${at(event.endTime)}`;
    }
  } else {
    when =
      `DTSTART;VALUE=DATE:${startDay}\r\nDTEND;VALUE=DATE:${dayAfter(event.end)}\r\n` +
      'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE\r\nX-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE';
  }
  const description = event.reason ? `${foldLine(`DESCRIPTION:${escapeText(event.reason)}`)}\r\n` : '';
  return (
    `BEGIN:VEVENT\r\nUID:leave-${event.id}@teamfolk\r\nSEQUENCE:0\r\nDTSTAMP:${stamp}\r\n${when}\r\n` +
    `${foldLine(`SUMMARY:${escapeText(title(event))}`)}\r\n${description}END:VEVENT\r\n`
  );
}
