import ICAL from 'ical.js';
import { icalFileText } from '../testing/ical-file-text';
import type { ExportedLeave } from './ical-events';

/** The UTC offset, in minutes, that Node's ICU data gives a zone at an instant. */
function offsetAt(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)!.value);
  return (Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - instant) / 60_000;
}

/** The instant of a wall-clock time in a zone (none of the times here falls in a DST change). */
function instantOf(zone: string, isoDate: string, time: string): number {
  const asUtc = Date.parse(`${isoDate}T${time}:00Z`);
  let instant = asUtc;
  for (let round = 0; round < 3; round += 1) instant = asUtc - offsetAt(zone, instant) * 60_000;
  return instant;
}

const partialDays: ExportedLeave[] = [
  { id: 1, start: '2027-01-15', startTime: '09:00', endTime: '13:30' },
  { id: 2, start: '2027-07-01', startTime: '14:15', endTime: '17:45' },
].map((day) => ({ ...day, end: day.start, employeeName: 'Pat Partial', requestType: 'other', reason: null }));

const exportedIn = (timeZone: string) => icalFileText({ name: 'Acme', timeZone }, partialDays);

/** Each partial day as calendar software reads the file: the zone it names and the instants it means. */
function readBack(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vtimezones = calendar.getAllSubcomponents('vtimezone');
  for (const vtimezone of vtimezones) ICAL.TimezoneService.register(vtimezone);
  const defined = vtimezones.map((vtimezone) => vtimezone.getFirstPropertyValue('tzid'));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      tzid: component.getFirstProperty('dtstart')!.getParameter('tzid') ?? null,
      start: event.startDate.toUnixTime() * 1000,
      end: event.endDate.toUnixTime() * 1000,
    };
  });
  return { defined, events };
}

/**
 * Zones whose VTIMEZONE (timezones-ical-library, tz data of 2026) gives other offsets in 2027 than
 * the ICU data of the Node running the tests: Morocco's is +00 all year (its Ramadan rule does not
 * fit a VTIMEZONE), and the two Canadian zones follow a change that Node's tz 2025c does not have yet.
 */
const DATA_DIFFERS_FROM_ICU = new Set([
  'Africa/Casablanca',
  'Africa/El_Aaiun',
  'America/Edmonton',
  'America/Vancouver',
]);

describe("partial days in a company's time zone", () => {
  const zones = [
    ...Intl.supportedValuesOf('timeZone'),
    // Names browsers and older ICU use, and one ICU knows but no VTIMEZONE data does.
    ...['Asia/Saigon', 'Asia/Calcutta', 'Europe/Kyiv', 'US/Eastern', 'America/Buenos_Aires', 'SystemV/AST4'],
  ];

  it('are the same instants in every zone, each TZID with its VTIMEZONE in the file', async () => {
    const wrong: string[] = [];
    for (const zone of zones) {
      const { defined, events } = readBack(await exportedIn(zone));
      const expected = partialDays.map((day) => ({
        start: instantOf(zone, day.start, day.startTime!),
        end: instantOf(zone, day.start, day.endTime!),
      }));
      if (events.some((event) => event.tzid !== null && !defined.includes(event.tzid)))
        wrong.push(`${zone}: no VTIMEZONE`);
      if (events.some((event) => (event.tzid === null) !== (defined.length === 0))) wrong.push(`${zone}: zone unused`);
      const instants = events.map(({ start, end }) => ({ start, end }));
      if (!DATA_DIFFERS_FROM_ICU.has(zone) && JSON.stringify(instants) !== JSON.stringify(expected)) {
        wrong.push(`${zone}: ${JSON.stringify(instants)} instead of ${JSON.stringify(expected)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('name the zone by its current IANA name, with a VTIMEZONE, for the names browsers still use', async () => {
    for (const [browserName, tzid] of [
      ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
      ['Asia/Calcutta', 'Asia/Kolkata'],
      ['Europe/Kiev', 'Europe/Kyiv'],
    ] as const) {
      const text = await exportedIn(browserName);
      expect(readBack(text).defined).toEqual([tzid]);
      expect(text).toContain(`DTSTART;TZID=${tzid}:20270115T090000\r\n`);
    }
  });

  it('are UTC instants ending in Z for a company in UTC, or in a zone no VTIMEZONE describes', async () => {
    const utc = await exportedIn('UTC');
    expect(utc).not.toContain('VTIMEZONE');
    expect(utc).toContain('DTSTART:20270115T090000Z\r\nDTEND:20270115T133000Z\r\n');
    const undescribed = await exportedIn('SystemV/AST4');
    expect(undescribed).not.toContain('TZID');
    expect(undescribed).toContain('DTSTART:20270115T130000Z\r\nDTEND:20270115T173000Z\r\n');
  });
});
