import ICAL from 'ical.js';
import type { Company } from '@teamfolk/shared';
import { ICAL_PIECE_CHARACTERS, writeIcalFile, type CalendarFileOutput } from './ical-file';
import type { ExportedLeave } from './ical-events';

const company = { name: 'Acme', timeZone: 'Europe/Berlin' } as Company;
const events: ExportedLeave[] = Array.from({ length: 2000 }, (_, index) => ({
  id: index + 1,
  employeeName: `Łucja Wiśniewska ${index + 1}`,
  requestType: 'vacation',
  start: '2027-03-01',
  end: '2027-03-05',
  startTime: null,
  endTime: null,
  reason: 'Øresund ☀ 海辺; '.repeat(8),
}));

/**
 * An output that records each piece, and whether a tick passed since the one before. A slow client
 * takes each piece only a moment later: `unread` counts the pieces written before it took the last.
 */
function recordingOutput({ closedAfter = Infinity, slowClient = false } = {}) {
  const pieces: string[] = [];
  const sameTickAsPrevious: boolean[] = [];
  const unreadAtEachWrite: number[] = [];
  let tickPassed = true;
  let unread = 0;
  const out: CalendarFileOutput = {
    write(text) {
      pieces.push(text);
      sameTickAsPrevious.push(!tickPassed);
      unreadAtEachWrite.push(unread);
      tickPassed = false;
      process.nextTick(() => {
        tickPassed = true;
      });
      if (slowClient) unread += 1;
      return !slowClient;
    },
    async drained() {
      await new Promise((resolve) => setTimeout(resolve, 1));
      unread = 0;
    },
    get destroyed() {
      return pieces.length >= closedAfter;
    },
  };
  return { out, pieces, sameTickAsPrevious, unreadAtEachWrite };
}

it('writes a large file in small pieces, each in a later tick, that join into every event in order', async () => {
  const { out, pieces, sameTickAsPrevious } = recordingOutput();
  await writeIcalFile(company, events, out);
  expect(pieces.length).toBeGreaterThan(10);
  // The last piece also closes the calendar.
  const closing = 'END:VCALENDAR\r\n';
  for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(ICAL_PIECE_CHARACTERS + closing.length);
  expect(sameTickAsPrevious).not.toContain(true);
  const calendar = new ICAL.Component(ICAL.parse(pieces.join('')));
  const uids = calendar.getAllSubcomponents('vevent').map((event) => event.getFirstPropertyValue('uid'));
  expect(uids).toEqual(events.map((event) => `leave-${event.id}@teamfolk`));
  expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('description')).toBe(events[0]!.reason);
});

it('stops writing once the client has gone', async () => {
  const { out, pieces } = recordingOutput({ closedAfter: 2 });
  await writeIcalFile(company, events, out);
  expect(pieces).toHaveLength(2);
});

it('waits for a slow client to take each piece before writing the next', async () => {
  const { out, pieces, unreadAtEachWrite } = recordingOutput({ slowClient: true });
  await writeIcalFile(company, events, out);
  expect(pieces.length).toBeGreaterThan(10);
  expect(unreadAtEachWrite.every((unread) => unread === 0)).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(pieces.join('')));
  expect(calendar.getAllSubcomponents('vevent')).toHaveLength(events.length);
});
