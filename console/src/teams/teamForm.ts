import {
  employeeTeamField,
  teamInputSchema,
  type EmployeeRecord,
  type TeamParsed,
  type TeamRecord,
} from '@teamfolk/shared/contracts';

/** What the team dialog edits. react-admin's NumberInput leaves a cleared cap as null (or ''). */
export interface TeamFormValues {
  name: string;
  approver_ids: number[];
  max_absent: number | string | null;
}

export type TeamFieldErrors = Partial<Record<keyof TeamFormValues, string>>;

export type TeamFormResult = { ok: true; payload: TeamParsed } | { ok: false; errors: TeamFieldErrors };

export const newTeamDefaults = (): TeamFormValues => ({ name: '', approver_ids: [], max_absent: null });

export const teamFormValuesOf = (team: TeamRecord): TeamFormValues => ({
  name: team.name,
  approver_ids: [...team.approver_ids],
  max_absent: team.max_absent,
});

/** The body of POST and PUT /teams, checked with the API's own schema: an empty cap is no cap. */
export function toTeamPayload(values: TeamFormValues): TeamFormResult {
  const parsed = teamInputSchema.safeParse({
    name: values.name,
    approver_ids: values.approver_ids ?? [],
    max_absent: values.max_absent === '' || values.max_absent == null ? null : Number(values.max_absent),
  });
  if (parsed.success) return { ok: true, payload: parsed.data };
  const errors: TeamFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TeamFormValues;
    if (typeof field === 'string' && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** An employee as the API answers once teams exist (issue 30): `team_id` null or absent is no team. */
export type EmployeeWithTeam = EmployeeRecord & { team_id?: number | null };

/** The employee form's team, as POST and PUT /employees take it: a chosen team's id, or null. */
export function teamIdPayload(teamId: unknown): { ok: true; team_id: number | null } | { ok: false; error: string } {
  const parsed = employeeTeamField.team_id.safeParse(teamId === '' || teamId == null ? null : Number(teamId));
  return parsed.success
    ? { ok: true, team_id: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? 'team_id must be an id' };
}

/** The members of each team, by team id, in the order given (the employees list's, by name). */
export function membersByTeam(employees: readonly EmployeeWithTeam[]): Map<number, EmployeeWithTeam[]> {
  const byTeam = new Map<number, EmployeeWithTeam[]>();
  for (const employee of employees) {
    if (employee.team_id == null) continue;
    byTeam.set(employee.team_id, [...(byTeam.get(employee.team_id) ?? []), employee]);
  }
  return byTeam;
}

/** The approvers' names in the admin's order; an id the list does not know (a deleted employee) is left out. */
export function approverNames(
  team: Pick<TeamRecord, 'approver_ids'>,
  namesById: ReadonlyMap<number, string>,
): string[] {
  return team.approver_ids.flatMap((id) => {
    const name = namesById.get(id);
    return name === undefined ? [] : [name];
  });
}
