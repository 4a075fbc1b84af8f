import { MenuItem, TextField } from '@mui/material';
import type { ApprovedTeam, TeamRecord } from '@teamfolk/shared/contracts';
import { canAccess } from '@teamfolk/shared/rules';
import { useGetList, useTranslate } from 'react-admin';
import { useSession } from '../auth/SessionProvider';
import { approvedTeamsOf } from './approver';

/** The teams the calendar may be filtered by: every team for an admin, an approver's own teams. */
export function useCalendarTeams(): ApprovedTeam[] {
  const { user } = useSession();
  const listsTeams = canAccess(user, { resource: 'teams', action: 'list' });
  const { data } = useGetList<TeamRecord>(
    'teams',
    { pagination: { page: 1, perPage: 1_000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: listsTeams },
  );
  return listsTeams ? (data ?? []).map(({ id, name }) => ({ id, name })) : approvedTeamsOf(user);
}

interface CalendarTeamFilterProps {
  teams: readonly ApprovedTeam[];
  teamId: number | undefined;
  onChange: (teamId: number | undefined) => void;
}

/** Everyone, or one team's people (GET /calendar/events?team_id=). */
export function CalendarTeamFilter({ teams, teamId, onChange }: CalendarTeamFilterProps) {
  const translate = useTranslate();
  if (teams.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label={translate('resources.calendar.teamFilter.label')}
      value={teamId ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value="">{translate('resources.calendar.teamFilter.everyone')}</MenuItem>
      {teams.map((team) => (
        <MenuItem key={team.id} value={team.id}>
          {team.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
