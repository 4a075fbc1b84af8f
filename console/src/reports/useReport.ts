import { useCallback, useEffect, useState } from 'react';
import { reportTexts } from '@teamfolk/shared/contracts';
import { useDataProvider } from 'react-admin';
import { errorMessage } from '../providers/apiError';
import type { ReportRows, TeamfolkDataProvider } from '../providers/dataProvider';
import type { ReportName } from './reportFilters';

export interface ReportState<Row> {
  /** Undefined while loading or after a failure. */
  rows?: Row[];
  error?: string;
  retry: () => void;
}

/** A report's rows for a query, read again whenever the query changes; a newer query abandons an older read. */
export function useReport<Report extends ReportName>(
  report: Report,
  query: Record<string, string>,
): ReportState<ReportRows[Report]> {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const queryKey = new URLSearchParams(query).toString();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; rows?: Array<ReportRows[Report]>; error?: string }>();

  useEffect(() => {
    const controller = new AbortController();
    const key = `${report}?${queryKey}#${attempt}`;
    dataProvider
      .getReport(report, Object.fromEntries(new URLSearchParams(queryKey)), { signal: controller.signal })
      .then(
        ({ data }) => setState({ key, rows: data }),
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ key, error: errorMessage(error, reportTexts.fetchFailed) });
        },
      );
    return () => controller.abort();
  }, [dataProvider, report, queryKey, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  // What an older query answered is not shown under the new one's filters: loading until it answers.
  const current = state?.key === `${report}?${queryKey}#${attempt}` ? state : undefined;
  return { rows: current?.rows, error: current?.error, retry };
}
