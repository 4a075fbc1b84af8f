import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { LeavePolicy } from '@teamfolk/shared/contracts';
import type { RemainingBalances } from '@teamfolk/shared/rules';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

/**
 * The company's leave policy (its leave year and default week), read once per dialog. Undefined while
 * it loads, null when it could not be read: the dialog then counts as before leave years, and the API
 * has the last word anyway.
 */
export function useLeavePolicy(): LeavePolicy | null | undefined {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [policy, setPolicy] = useState<LeavePolicy | null | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    dataProvider.getLeavePolicy({ signal: controller.signal }).then(
      ({ data }) => setPolicy(data),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load the leave policy:', error);
        setPolicy(null);
      },
    );
    return () => controller.abort();
  }, [dataProvider]);
  return policy;
}

/**
 * What a person can take on each of `dates` (GET /employees/:id/balances?on=), fetched once per person
 * and day and kept while the dialog is open, so that changing dates back and forth does not wait again.
 * Answers undefined for a day not (yet) known; a failure (a day beyond next leave year) stays unknown.
 */
export function useBalancesOn(
  employeeId: number | null,
  dates: readonly string[],
): (isoDate: string) => RemainingBalances | undefined {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [known, setKnown] = useState<ReadonlyMap<string, RemainingBalances>>(new Map());
  const requested = useRef(new Set<string>());
  const datesKey = dates.join(',');

  useEffect(() => {
    if (employeeId === null || !datesKey) return;
    for (const on of datesKey.split(',')) {
      const key = `${employeeId}:${on}`;
      if (requested.current.has(key)) continue;
      requested.current.add(key);
      dataProvider.getBalancesOn(employeeId, on).then(
        ({ data }) =>
          setKnown((loaded) =>
            new Map(loaded).set(key, {
              vacation: data.vacation.available,
              sick: data.sick.available,
              bank: data.bank.available,
            }),
          ),
        (error: unknown) => console.error(`Failed to load the balances on ${on}:`, error),
      );
    }
  }, [dataProvider, employeeId, datesKey]);

  return (isoDate) => (employeeId === null ? undefined : known.get(`${employeeId}:${isoDate}`));
}
