import { teamTexts } from '@teamfolk/shared/contracts';
import { ReferenceInput, SelectInput } from 'react-admin';

/** The employee form's team (issue 30): one of the company's teams, or none. */
export function TeamInput() {
  return (
    <ReferenceInput source="team_id" reference="teams" sort={{ field: 'name', order: 'ASC' }} perPage={1_000}>
      <SelectInput
        optionText="name"
        label="resources.employees.fields.team_id"
        emptyText={teamTexts.noTeam}
        parse={(value: string | number | null) => (value === '' || value == null ? null : Number(value))}
      />
    </ReferenceInput>
  );
}
