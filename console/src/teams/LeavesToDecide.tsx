import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { LeaveRequestRecord } from '@teamfolk/shared/contracts';
import { useGetList } from 'react-admin';
import { useSession } from '../auth/SessionProvider';
import { approvedTeamsOf } from './approver';

interface LeavesToDecideState {
  /** The pending requests an approver may decide (GET /leaves?to_decide=true); admins decide by their role. */
  ids: ReadonlySet<number>;
  /** The 409 messages of approvals past a team's cap, by request, for the row's details. */
  conflicts: ReadonlyMap<number, string>;
  rememberConflict: (leaveId: number, message: string) => void;
}

const LeavesToDecideContext = createContext<LeavesToDecideState>({
  ids: new Set(),
  conflicts: new Map(),
  rememberConflict: () => undefined,
});

/** The API's largest list page: more pending requests than an approver's teams ever hold. */
const ALL_PENDING = { page: 1, perPage: 1_000 };

/**
 * Around the Leave Requests list: which rows an approver may decide, asked of the API once (it alone
 * knows whose requests are theirs to decide, never their own), re-read with the list.
 */
export function LeavesToDecideProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const approves = user?.role !== 'admin' && approvedTeamsOf(user).length > 0;
  const { data } = useGetList<LeaveRequestRecord>(
    'leaves',
    { filter: { to_decide: true }, pagination: ALL_PENDING, sort: { field: 'id', order: 'ASC' } },
    { enabled: approves },
  );
  const [conflicts, setConflicts] = useState<ReadonlyMap<number, string>>(new Map());
  const rememberConflict = useCallback(
    (leaveId: number, message: string) => setConflicts((current) => new Map(current).set(leaveId, message)),
    [],
  );
  const value = useMemo(
    () => ({
      ids: new Set((data ?? []).filter((leave) => leave.status === 'pending').map((leave) => leave.id)),
      conflicts,
      rememberConflict,
    }),
    [data, conflicts, rememberConflict],
  );
  return <LeavesToDecideContext.Provider value={value}>{children}</LeavesToDecideContext.Provider>;
}

export const useLeavesToDecide = () => useContext(LeavesToDecideContext);
