import { teamIdPayload, type EmployeeWithTeam } from './teamForm';

type ParseResult<Payload> = { ok: true; payload: Payload } | { ok: false; errors: Record<string, string> };

/** The employee form's own values plus its team: null (or empty) is no team. */
export type WithTeamValue<Values> = Values & { team_id?: number | string | null };

/**
 * The employee dialogs' payload builder, with the team the TeamInput chose added to its body
 * (POST and PUT /employees take `team_id`); the form's other fields are the builder's own.
 */
export function withTeamField<Values, Payload extends object>(toPayload: (values: Values) => ParseResult<Payload>) {
  return (values: WithTeamValue<Values>): ParseResult<Payload & { team_id?: number | null }> => {
    const parsed = toPayload(values);
    const team = teamIdPayload(values.team_id);
    if (!team.ok) return { ok: false, errors: { ...(parsed.ok ? {} : parsed.errors), team_id: team.error } };
    if (!parsed.ok) return parsed;
    return { ok: true, payload: { ...parsed.payload, team_id: team.team_id } };
  };
}

/** The form's starting team: the employee's, or none. */
export const teamValueOf = (employee?: EmployeeWithTeam): { team_id: number | null } => ({
  team_id: employee?.team_id ?? null,
});
