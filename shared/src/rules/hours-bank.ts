import { plusDays, plusMonths } from './iso-days';

/**
 * The hours bank's credits and their expiry.
 *
 * The bank has no allowance: it holds credits (approved time in lieu, an admin's added hours, hours
 * carried from the year before) until they are used, or until they expire when the company sets a
 * term: a credit granted on D with a term of N months can be used up to the day before D + N months
 * and its unused hours are removed on that day (credited 15 Jan with 3 months: usable to 14 Apr,
 * expired on 15 Apr). A credit keeps the term it was granted with, also across years.
 *
 * Use order: hours taken draw on the credit that expires soonest, oldest first among equals, and on
 * credits that never expire last; with one term for all credits this is first in, first out. Within
 * a day, expiries come first, then the day's credits, then the day's uses. Hours taken beyond what
 * the credits hold are owed, and the next credits pay that debt before they count.
 *
 * Invariants: an expiry never removes more than what is left of its credit, and never anything
 * granted after, or used before, its day; the open credits at any moment add up to the balance
 * (when it is positive), and there are none while hours are owed.
 */

export interface BankLot {
  /** The day the credit was granted (the day worked, for time in lieu). */
  grantedOn: string;
  /** Hours left, one decimal, above 0. */
  hours: number;
  /** The last day it can be used; null: it never expires. */
  expiringOn: string | null;
}

export interface BankDay {
  date: string;
  /** Hours credited that day (time in lieu, an admin's added hours, leave given back beyond what was taken). */
  credited: number;
  /** Hours used that day (leave, an admin's removed hours). */
  used: number;
}

export interface BankExpiry {
  /** The day the expiry takes effect: the day after the credit's last day. */
  date: string;
  hours: number;
  grantedOn: string;
  lastDay: string;
}

export interface BankRun {
  expiries: BankExpiry[];
  /** Credits still open after `until`. */
  lots: BankLot[];
  /** Hours owed after `until` (0 when credits are open). */
  owed: number;
}

interface OpenLot {
  grantedOn: string;
  tenths: number;
  expiringOn: string | null;
}

const toTenths = (value: number) => Math.round(value * 10);

/** The last day a credit granted on `grantedOn` can be used under a term of `months` (0: never expires). */
export function creditLastDay(grantedOn: string, months: number): string | null {
  return months > 0 ? plusDays(plusMonths(grantedOn, months), -1) : null;
}

const expiresSooner = (a: OpenLot, b: OpenLot) => {
  if (a.expiringOn !== b.expiringOn) {
    if (a.expiringOn === null) return 1;
    if (b.expiringOn === null) return -1;
    return a.expiringOn < b.expiringOn ? -1 : 1;
  }
  return a.grantedOn < b.grantedOn ? -1 : a.grantedOn > b.grantedOn ? 1 : 0;
};

/**
 * Runs the bank from its opening (credits carried in, or hours owed) through a year's days, up to and
 * including `until`: which credits expire when and by how much, and what is open at the end.
 */
export function runHoursBank(
  opening: { lots: readonly BankLot[]; owed: number },
  days: readonly BankDay[],
  termMonths: number,
  until: string,
): BankRun {
  let lots: OpenLot[] = opening.lots.map((lot) => ({ ...lot, tenths: toTenths(lot.hours) }));
  let owed = toTenths(opening.owed);
  const expiries: BankExpiry[] = [];
  const expireBefore = (day: string) => {
    lots.sort(expiresSooner);
    for (const lot of lots) {
      if (lot.expiringOn !== null && lot.expiringOn < day && lot.tenths > 0) {
        expiries.push({
          date: plusDays(lot.expiringOn, 1),
          hours: lot.tenths / 10,
          grantedOn: lot.grantedOn,
          lastDay: lot.expiringOn,
        });
        lot.tenths = 0;
      }
    }
    lots = lots.filter((lot) => lot.tenths > 0);
  };
  const sortedDays = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const day of sortedDays) {
    if (day.date > until) break;
    expireBefore(day.date);
    let credited = toTenths(day.credited);
    const repaid = Math.min(owed, credited);
    owed -= repaid;
    credited -= repaid;
    if (credited > 0) {
      lots.push({ grantedOn: day.date, tenths: credited, expiringOn: creditLastDay(day.date, termMonths) });
      lots.sort(expiresSooner);
    }
    let used = toTenths(day.used);
    for (const lot of lots) {
      const drawn = Math.min(lot.tenths, used);
      lot.tenths -= drawn;
      used -= drawn;
    }
    owed += used;
    lots = lots.filter((lot) => lot.tenths > 0);
  }
  // Expiries dated up to `until`: a credit whose last day is `until` is still open then.
  expireBefore(until);
  expiries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    expiries,
    lots: lots.map(({ grantedOn, tenths, expiringOn }) => ({ grantedOn, hours: tenths / 10, expiringOn })),
    owed: owed / 10,
  };
}
