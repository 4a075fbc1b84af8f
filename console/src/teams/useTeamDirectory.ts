import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import { membersByTeam, type EmployeeWithTeam } from './teamForm';

/** The API's largest list page: a small business's whole staff. */
const WHOLE_STAFF = { page: 1, perPage: 1_000 };

/** Every employee, by name, with the lookups the teams screens need: names by id and members by team. */
export function useTeamDirectory() {
  const { data: employees, isPending } = useGetList<EmployeeWithTeam>('employees', {
    pagination: WHOLE_STAFF,
    sort: { field: 'name', order: 'ASC' },
  });
  return useMemo(
    () => ({
      isPending,
      namesById: new Map((employees ?? []).map((employee) => [employee.id, employee.name])),
      members: membersByTeam(employees ?? []),
    }),
    [employees, isPending],
  );
}
