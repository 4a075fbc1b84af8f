import { ReferenceInput, SelectInput } from 'react-admin';

/** A list filter by team (`team_id`), shown at once beside the list's other filters. */
export function TeamFilterInput({ source = 'team_id', alwaysOn = true }: { source?: string; alwaysOn?: boolean }) {
  return (
    <ReferenceInput
      source={source}
      reference="teams"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={1_000}
      alwaysOn={alwaysOn}
    >
      <SelectInput optionText="name" label="resources.employees.fields.team_id" sx={{ minWidth: 160 }} />
    </ReferenceInput>
  );
}
