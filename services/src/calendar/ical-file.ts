import ical from 'ical-generator';
import { escapeText, eventTitle, icalEvent, utcStamp, type ExportedLeave } from './ical-events';
import { partialDayClock } from './ical-zones';

/** What a calendar file holds: its company's name and zone, and the approved leave it lists. */
export interface CalendarFile {
  company: { name: string; timeZone: string };
  leave: ExportedLeave[];
}

/** Where a calendar file goes (an HTTP response): written to piece by piece, until it is closed. */
export interface CalendarFileOutput {
  /** False when the piece had to wait in memory for a slow client: wait for `drained` before the next. */
  write(text: string): boolean;
  /** Resolves once the client has taken what waited, or has gone. */
  drained(): Promise<void>;
  readonly destroyed: boolean;
}

/**
 * Characters of a calendar file handed on at once. Writing a piece encodes it into a buffer of up to
 * three bytes a character; at 32 Ki characters that stays under glibc's 128 KiB mmap threshold, so
 * the buffers come from and go back to malloc's heap. Larger ones are mapped and unmapped each
 * time, and each unmapping raises the threshold to its size: from then on, blocks of that size
 * stay resident once freed.
 */
export const ICAL_PIECE_CHARACTERS = 32 * 1024;

/**
 * The calendar file: ical-generator writes the calendar and its VTIMEZONE, ical-events.ts the events.
 * The file goes out in pieces as it is written: a whole file (25,000 events, 6.5 MB for a 2,000-person
 * company) held at once, as one string or one buffer, is a large block per request that the process
 * kept resident after it was freed. A name outside Latin-1 makes only its own piece a two-byte string.
 */
export async function writeIcalFile(
  company: CalendarFile['company'],
  leave: ExportedLeave[],
  out: CalendarFileOutput,
): Promise<void> {
  const clock = partialDayClock(company.timeZone);
  const shell = ical({
    // ical-generator writes the name as given (NAME and X-WR-CALNAME); it folds but does not escape it.
    name: escapeText(`${company.name} · who is out`),
    prodId: { company: 'Teamfolk', product: 'leave-calendar', language: 'EN' },
    ...(clock.tzid !== null && { timezone: { name: clock.tzid, generator: () => clock.vtimezone } }),
  }).toString();
  const options = { clock, stamp: utcStamp(new Date()), title: eventTitle };
  const end = shell.lastIndexOf('END:VCALENDAR');
  let piece = shell.slice(0, end);
  for (const event of leave) {
    const text = icalEvent(event, options);
    if (piece.length + text.length > ICAL_PIECE_CHARACTERS) {
      // A slow client makes the pieces wait: the process then holds no more than one of them.
      if (out.write(piece)) {
        // A response corks what is written in one tick into one write, encoded into one buffer: each
        // piece goes on its own. Not a turn of the event loop: two files would then be written in
        // turns, and both finish late.
        await new Promise((resolve) => process.nextTick(resolve));
      } else {
        await out.drained();
      }
      // The client went away: the rest of the file would go nowhere.
      if (out.destroyed) return;
      piece = '';
    }
    piece += text;
  }
  out.write(piece + shell.slice(end));
}
