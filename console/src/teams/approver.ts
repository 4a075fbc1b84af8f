import { COVERAGE_CONFLICT_OPENING, type ApprovedTeam, type SessionUser } from '@teamfolk/shared/contracts';
import { ApiRequestError } from '../providers/apiError';

/** The teams whose requests the signed-in user decides (GET /auth/me's approvesTeams); none for most people. */
export function approvedTeamsOf(user: Partial<Pick<SessionUser, 'approvesTeams'>> | null | undefined): ApprovedTeam[] {
  return user?.approvesTeams ?? [];
}

/**
 * The team whose colleagues a request's details list, when the screen can tell: the employee's team
 * for an admin, the only team an approver decides for; undefined (the whole company) otherwise.
 */
export function detailsTeamOf(
  employeeTeamId: number | null | undefined,
  approvedTeams: readonly ApprovedTeam[],
): number | undefined {
  if (employeeTeamId != null) return employeeTeamId;
  return approvedTeams.length === 1 ? approvedTeams[0]?.id : undefined;
}

/** The API's 409 of an approval past the team's cap (a decided request is a 409 too): its message names the days and people. */
export function coverageConflictOf(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const message = error.body.message;
  return typeof message === 'string' && message.startsWith(COVERAGE_CONFLICT_OPENING) ? message : null;
}
