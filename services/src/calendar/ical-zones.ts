import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';

/**
 * How a calendar file writes the times of partial days: at the company's wall-clock time, with the
 * VTIMEZONE that defines its zone (RFC 5545 3.2.19: a TZID must name one in the file), or as UTC
 * instants where the file carries no zone (UTC itself, or a zone without a VTIMEZONE).
 */
export type PartialDayClock = { tzid: string; vtimezone: string } | { tzid: null; timeZone: string };

let namesWithVtimezone: ReadonlySet<string> | undefined;

/** The VTIMEZONE and its TZID for a zone name, aliases resolved (Asia/Calcutta: Asia/Kolkata); null if unknown. */
function vtimezoneOf(zone: string): { tzid: string; vtimezone: string } | null {
  // Asked about an unknown name, the library logs an error: ask only about names it lists.
  namesWithVtimezone ??= new Set(tzlib_get_timezones() as string[]);
  if (!namesWithVtimezone.has(zone)) return null;
  const [vtimezone, tzidParameter] = tzlib_get_ical_block(zone) as string[];
  return vtimezone && tzidParameter ? { vtimezone, tzid: tzidParameter.replace(/^TZID=/, '') } : null;
}

/** ICU's canonical name of a zone, which may be the only name the library knows it by (PST: America/Los_Angeles). */
function canonicalZone(zone: string): string {
  return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
}

const clocks = new Map<string, PartialDayClock>();

/** The clock of a company's time zone (an IANA name the API validated), worked out once per process. */
export function partialDayClock(timeZone: string): PartialDayClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    const zone = vtimezoneOf(timeZone) ?? vtimezoneOf(canonicalZone(timeZone));
    clock = zone && zone.tzid !== 'Etc/UTC' ? zone : { tzid: null, timeZone };
    clocks.set(timeZone, clock);
  }
  return clock;
}
