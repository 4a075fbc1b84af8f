import { useEffect, useState } from 'react';
import type { ApprovedTeam } from '@teamfolk/shared/contracts';
import { useDataProvider } from 'react-admin';
import { useSession } from '../auth/SessionProvider';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { approvedTeamsOf } from './approvedTeams';

/**
 * The teams the reports can be narrowed to: every team of the company for an admin, the teams they
 * approve for to an approver. A failed read leaves the filter at "All teams" rather than break the report.
 */
export function useTeamOptions(): ApprovedTeam[] {
  const { user } = useSession();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const isAdmin = user?.role === 'admin';
  const [companyTeams, setCompanyTeams] = useState<ApprovedTeam[]>([]);

  useEffect(() => {
    if (!isAdmin) return;
    const controller = new AbortController();
    dataProvider.getTeams({ signal: controller.signal }).then(
      ({ data }) => setCompanyTeams(Array.isArray(data) ? data.map(({ id, name }) => ({ id, name })) : []),
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('Failed to load the teams for the report filter:', error);
      },
    );
    return () => controller.abort();
  }, [dataProvider, isAdmin]);

  return isAdmin ? companyTeams : approvedTeamsOf(user);
}
