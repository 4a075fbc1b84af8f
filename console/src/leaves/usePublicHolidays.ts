import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

function yearsBetween(startDate: string | null, endDate: string | null): number[] {
  if (!startDate || !endDate) return [];
  const first = Number(startDate.slice(0, 4));
  const last = Number(endDate.slice(0, 4));
  if (!Number.isInteger(first) || !Number.isInteger(last) || last < first) return [];
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/**
 * The company's public holidays (YYYY-MM-DD) over the years a period touches, fetched a calendar year
 * at a time and kept, so that changing dates does not wait on the network again. Undefined until the
 * years are known; a failure is logged and counts as no holidays, the API has the last word anyway.
 */
export function usePublicHolidays(startDate: string | null, endDate: string | null): ReadonlySet<string> | undefined {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [holidaysByYear, setHolidaysByYear] = useState<ReadonlyMap<number, readonly string[]>>(new Map());
  const requestedYears = useRef(new Set<number>());
  const years = yearsBetween(startDate, endDate);
  const yearsKey = years.join(',');

  useEffect(() => {
    for (const year of yearsKey ? yearsKey.split(',').map(Number) : []) {
      if (requestedYears.current.has(year)) continue;
      requestedYears.current.add(year);
      dataProvider
        .getPublicHolidays({ start: `${year}-01-01`, end: `${year}-12-31` })
        .then(
          ({ data }) => data.map((holiday) => holiday.date),
          (error: unknown) => {
            console.error('Failed to load public holidays:', error);
            return [];
          },
        )
        .then((dates) => setHolidaysByYear((loaded) => new Map(loaded).set(year, dates)));
    }
  }, [dataProvider, yearsKey]);

  if (years.some((year) => !holidaysByYear.has(year))) return undefined;
  return new Set(years.flatMap((year) => holidaysByYear.get(year) ?? []));
}
