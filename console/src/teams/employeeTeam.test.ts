import { teamValueOf, withTeamField } from './employeeTeam';

const toPayload = (values: { name: string }) =>
  values.name
    ? { ok: true as const, payload: { name: values.name } }
    : { ok: false as const, errors: { name: 'required' } };
const withTeam = withTeamField(toPayload);

describe('withTeamField', () => {
  it('adds the chosen team, or null for none, to the payload', () => {
    expect(withTeam({ name: 'Ana', team_id: 3 })).toEqual({ ok: true, payload: { name: 'Ana', team_id: 3 } });
    expect(withTeam({ name: 'Ana', team_id: '' })).toEqual({ ok: true, payload: { name: 'Ana', team_id: null } });
  });

  it('reports a bad team beside the form’s own errors', () => {
    expect(withTeam({ name: '', team_id: 0 })).toEqual({
      ok: false,
      errors: { name: 'required', team_id: 'team_id must be an id' },
    });
    expect(withTeam({ name: '', team_id: null })).toEqual({ ok: false, errors: { name: 'required' } });
  });
});

describe('teamValueOf', () => {
  it('starts from the employee’s team, or none', () => {
    expect(teamValueOf()).toEqual({ team_id: null });
    expect(teamValueOf({ team_id: 5 } as Parameters<typeof teamValueOf>[0])).toEqual({ team_id: 5 });
  });
});
