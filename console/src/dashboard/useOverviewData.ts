import { useCallback, useEffect, useState } from 'react';
import type { DashboardSummary, UpcomingEvent } from '@teamfolk/shared/contracts';
import { useDataProvider } from 'react-admin';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

type Load<Data> = (dataProvider: TeamfolkDataProvider) => Promise<{ data: Data }>;

interface OverviewData<Data> {
  /** Null while loading the first time, and after a failure. */
  data: Data | null;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads one part of the overview; a failure is only logged and ends the loading (spec section 8).
 * Nothing is asked while `enabled` is false (an ended subscription, which closes these calls).
 */
function useOverviewLoad<Data>(load: Load<Data>, failureLog: string, enabled: boolean): OverviewData<Data> {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [state, setState] = useState<{ data: Data | null; loading: boolean }>({ data: null, loading: true });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    load(dataProvider).then(
      ({ data }) => {
        if (current) setState({ data, loading: false });
      },
      (error: unknown) => {
        console.error(failureLog, error);
        if (current) setState((previous) => ({ ...previous, loading: false }));
      },
    );
    return () => {
      current = false;
    };
  }, [dataProvider, load, failureLog, enabled, version]);

  const reload = useCallback(() => setVersion((count) => count + 1), []);
  return { ...state, reload };
}

const loadSummary: Load<DashboardSummary> = (dataProvider) => dataProvider.getDashboardSummary();
const loadUpcomingEvents: Load<UpcomingEvent[]> = (dataProvider) => dataProvider.getUpcomingEvents();

/** The request counts of the signed-in user's scope: the company's for an admin, their own otherwise. */
export function useDashboardSummary({ enabled }: { enabled: boolean }): OverviewData<DashboardSummary> {
  return useOverviewLoad(loadSummary, 'Failed to load the dashboard summary:', enabled);
}

export function useUpcomingEvents({ enabled }: { enabled: boolean }): OverviewData<UpcomingEvent[]> {
  return useOverviewLoad(loadUpcomingEvents, 'Failed to load upcoming events:', enabled);
}
