import { useCallback, useEffect, useState } from 'react';
import { DATA_EXPORT_POLL_MS, type DataExportRecord, type DataExportScope } from '@teamfolk/shared/contracts';
import { isInProgress, latestExports } from './dataExportState';
import { useDataProvider } from 'react-admin';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

type Latest = Partial<Record<DataExportScope, DataExportRecord>>;

/**
 * The person's newest export per scope: loaded once, asked for on request, then polled every
 * DATA_EXPORT_POLL_MS (as background requests) until the job has made it or given up.
 */
export function useDataExports() {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [latest, setLatest] = useState<Latest>({});

  useEffect(() => {
    const controller = new AbortController();
    dataProvider
      .getDataExports({ signal: controller.signal })
      .then(({ data }) => setLatest(latestExports(data)))
      // Nothing to show yet is the same as nothing asked for: the buttons still work.
      .catch(() => undefined);
    return () => controller.abort();
  }, [dataProvider]);

  const waitingIds = Object.values(latest)
    .filter(isInProgress)
    .map((record) => record.id)
    .join(',');
  useEffect(() => {
    if (!waitingIds) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      for (const id of waitingIds.split(',').map(Number)) {
        dataProvider
          .pollDataExport(id, { signal: controller.signal })
          .then(({ data: record }) => setLatest((current) => ({ ...current, [record.scope]: record })))
          // A failed poll is retried at the next tick.
          .catch(() => setLatest((current) => ({ ...current })));
      }
    }, DATA_EXPORT_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [dataProvider, waitingIds, latest]);

  const request = useCallback(
    async (scope: DataExportScope) => {
      const { data: record } = await dataProvider.requestDataExport(scope);
      setLatest((current) => ({ ...current, [scope]: record }));
    },
    [dataProvider],
  );

  return { latest, request };
}
