import { Typography } from '@mui/material';
import { teamTexts } from '@teamfolk/shared/contracts';
import { ReferenceField, TextField } from 'react-admin';
import type { EmployeeWithTeam } from './teamForm';

/** An employee's team in a list: its name, or 'No team'. */
export function TeamName({ employee }: { employee: EmployeeWithTeam }) {
  if (employee.team_id == null) {
    return (
      <Typography component="span" variant="inherit" color="text.secondary">
        {teamTexts.noTeam}
      </Typography>
    );
  }
  return (
    <ReferenceField record={employee} source="team_id" reference="teams" link={false}>
      <TextField source="name" variant="inherit" />
    </ReferenceField>
  );
}
