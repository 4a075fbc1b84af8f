import { Box, MenuItem, TextField } from '@mui/material';
import { ABSENCE_GROUPS, reportTexts, type AbsenceGroup } from '@teamfolk/shared/contracts';
import type { ReportFilters, ReportName } from './reportFilters';
import { useTeamOptions } from './useTeamOptions';

const GROUP_LABELS: Record<AbsenceGroup, string> = {
  person: reportTexts.groupByPerson,
  team: reportTexts.groupByTeam,
  month: reportTexts.groupByMonth,
};

/** Two to a row on a phone, side by side from 600px (react-admin's theme makes fields full width otherwise). */
const field = { m: 0, width: { xs: 'calc(50% - 8px)', sm: 180 }, flex: { xs: '1 1 calc(50% - 8px)', sm: '0 0 auto' } };
const shrunkLabel = { inputLabel: { shrink: true } };

/** The filters of a report, each change written to the URL by `onChange` so that the screen can be shared. */
export function ReportFiltersBar({
  report,
  filters,
  onChange,
}: {
  report: ReportName;
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
}) {
  const teams = useTeamOptions();
  const overRange = report === 'absence' || report === 'absence-rate';
  const date = (name: 'from' | 'to' | 'on', label: string) => (
    <TextField
      fullWidth={false}
      type="date"
      size="small"
      label={label}
      value={filters[name] ?? ''}
      onChange={(event) => {
        const { [name]: _previous, ...rest } = filters;
        onChange(event.target.value ? { ...rest, [name]: event.target.value } : rest);
      }}
      slotProps={shrunkLabel}
      sx={field}
    />
  );

  return (
    <Box
      role="search"
      aria-label={reportTexts.filtersLabel}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 1, '@media print': { display: 'none' } }}
    >
      {overRange ? (
        <>
          {date('from', reportTexts.from)}
          {date('to', reportTexts.to)}
        </>
      ) : (
        date('on', reportTexts.on)
      )}
      <TextField
        fullWidth={false}
        select
        size="small"
        label={reportTexts.team}
        value={filters.team_id ?? ''}
        onChange={(event) => {
          const { team_id: _previous, ...rest } = filters;
          const teamId = Number(event.target.value);
          onChange(teamId > 0 ? { ...rest, team_id: teamId } : rest);
        }}
        slotProps={{ ...shrunkLabel, select: { displayEmpty: true } }}
        sx={field}
      >
        <MenuItem value="">{reportTexts.allTeams}</MenuItem>
        {teams.map((team) => (
          <MenuItem key={team.id} value={team.id}>
            {team.name}
          </MenuItem>
        ))}
        {filters.team_id !== undefined && !teams.some((team) => team.id === filters.team_id) && (
          // A shared link's team, before (or without) the list of teams: still shown as chosen.
          <MenuItem value={filters.team_id}>{`${reportTexts.team} ${filters.team_id}`}</MenuItem>
        )}
      </TextField>
      {report === 'absence' && (
        <TextField
          fullWidth={false}
          select
          size="small"
          label={reportTexts.groupBy}
          value={filters.group_by}
          onChange={(event) => onChange({ ...filters, group_by: event.target.value as AbsenceGroup })}
          sx={field}
        >
          {ABSENCE_GROUPS.map((group) => (
            <MenuItem key={group} value={group}>
              {GROUP_LABELS[group]}
            </MenuItem>
          ))}
        </TextField>
      )}
      {report === 'low-uptake' && (
        <TextField
          fullWidth={false}
          type="number"
          size="small"
          label={reportTexts.thresholdPercent}
          value={Math.round(filters.threshold * 100)}
          onChange={(event) => {
            const percent = Number(event.target.value);
            if (event.target.value !== '' && percent >= 0 && percent <= 100)
              onChange({ ...filters, threshold: percent / 100 });
          }}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 5 }, ...shrunkLabel }}
          sx={{ ...field, width: { xs: '100%', sm: 260 } }}
        />
      )}
    </Box>
  );
}
