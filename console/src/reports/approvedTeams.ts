import type { ApprovedTeam } from '@teamfolk/shared/contracts';

/**
 * The teams a signed-in user approves for, from the `approvesTeams` of GET /api/auth/me (issue 30).
 * Read defensively: a session from before approvers, or an entry without an id and a name, gives none.
 */
export function approvedTeamsOf(user: unknown): ApprovedTeam[] {
  if (typeof user !== 'object' || user === null || !('approvesTeams' in user)) return [];
  const { approvesTeams } = user;
  if (!Array.isArray(approvesTeams)) return [];
  return approvesTeams.flatMap((team: unknown) =>
    typeof team === 'object' &&
    team !== null &&
    'id' in team &&
    'name' in team &&
    typeof team.id === 'number' &&
    typeof team.name === 'string'
      ? [{ id: team.id, name: team.name }]
      : [],
  );
}
