import ICAL from 'ical.js';
import { foldLine, icalEvent, type ExportedLeave } from './ical-events';
import { partialDayClock } from './ical-zones';

const leave: ExportedLeave = {
  id: 7,
  employeeName: 'Zoë Ångström-Łukasiewicz',
  requestType: 'vacation',
  start: '2026-12-30',
  end: '2027-01-01',
  startTime: null,
  endTime: null,
  reason: 'Family; friends, and\nthe sea \\ sun — ☀️ '.repeat(4),
};
const options = {
  clock: partialDayClock('Europe/Berlin'),
  stamp: '20261121T190843Z',
  title: (event: ExportedLeave) => event.employeeName,
};

function parsed(eventText: string): ICAL.Event {
  const calendar = ICAL.parse(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${eventText}END:VCALENDAR\r\n`);
  return new ICAL.Event(new ICAL.Component(calendar).getFirstSubcomponent('vevent')!);
}

it('folds long lines at 75 octets without splitting a character, and unfolds to the same text', () => {
  const line = `DESCRIPTION:${'Ω☀️ab'.repeat(40)}`;
  const folded = foldLine(line);
  for (const physical of folded.split('\r\n')) expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(75);
  expect(folded.replaceAll('\r\n ', '')).toBe(line);
  expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
});

it('writes an all-day leave that calendar software reads back: dates, exclusive end, escaped text', () => {
  const event = parsed(icalEvent(leave, options));
  expect(event.uid).toBe('leave-7@teamfolk');
  expect(event.summary).toBe(leave.employeeName);
  expect(event.description).toBe(leave.reason);
  expect(event.startDate.toString()).toBe('2026-12-30');
  expect(event.endDate.toString()).toBe('2027-01-02');
  expect(event.startDate.isDate).toBe(true);
});

it("writes a partial day at the company's wall-clock times, or in UTC with Z", () => {
  const partial = {
    ...leave,
    start: '2026-03-02',
    end: '2026-03-02',
    startTime: '09:00',
    endTime: '13:30',
    reason: null,
  };
  const zoned = icalEvent(partial, options);
  expect(zoned).toContain('DTSTART;TZID=Europe/Berlin:20260302T090000\r\n');
  expect(zoned).toContain('DTEND;TZID=Europe/Berlin:20260302T133000\r\n');
  expect(zoned).not.toContain('DESCRIPTION');
  const utc = parsed(icalEvent(partial, { ...options, clock: partialDayClock('UTC') }));
  expect(utc.startDate.toString()).toBe('2026-03-02T09:00:00Z');
  expect(utc.endDate.toString()).toBe('2026-03-02T13:30:00Z');
});
