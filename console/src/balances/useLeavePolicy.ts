import { useCallback, useEffect, useState } from 'react';
import type { LeavePolicy } from '@teamfolk/shared/contracts';
import { useDataProvider } from 'react-admin';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

export interface LeavePolicyLoad {
  /** Null while loading and after a failure. */
  policy: LeavePolicy | null;
  failed: boolean;
  reload: () => void;
}

/** The company's leave policy (everyone may read it): the policy form, and the employee form's defaults. */
export function useLeavePolicy(): LeavePolicyLoad {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [state, setState] = useState<{ policy: LeavePolicy | null; failed: boolean }>({ policy: null, failed: false });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    dataProvider.getLeavePolicy({ signal: abort.signal }).then(
      ({ data }) => setState({ policy: data, failed: false }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error('Failed to load the leave policy:', error);
        setState({ policy: null, failed: true });
      },
    );
    return () => abort.abort();
  }, [dataProvider, attempt]);

  const reload = useCallback(() => {
    setState({ policy: null, failed: false });
    setAttempt((count) => count + 1);
  }, []);
  return { ...state, reload };
}
