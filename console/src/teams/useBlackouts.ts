import { useCallback, useEffect, useState } from 'react';
import type { BlackoutRecord } from '@teamfolk/shared/contracts';
import { useDataProvider } from 'react-admin';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

/**
 * The company's blackout periods (everyone may list them). They only shade the calendar: when they
 * cannot be read, the calendar shows without them.
 */
export function useBlackouts(): { blackouts: BlackoutRecord[]; reload: () => void } {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [attempt, setAttempt] = useState(0);
  const [blackouts, setBlackouts] = useState<BlackoutRecord[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    dataProvider.getBlackouts({ signal: controller.signal }).then(
      ({ data }) => setBlackouts(data),
      () => undefined,
    );
    return () => controller.abort();
  }, [dataProvider, attempt]);

  const reload = useCallback(() => setAttempt((current) => current + 1), []);
  return { blackouts, reload };
}
