import { approverNames, membersByTeam, teamIdPayload, toTeamPayload, type EmployeeWithTeam } from './teamForm';

describe('toTeamPayload', () => {
  it('sends an empty cap as no cap and a typed one as a number', () => {
    expect(toTeamPayload({ name: ' Support ', approver_ids: [3], max_absent: '' })).toEqual({
      ok: true,
      payload: { name: 'Support', approver_ids: [3], max_absent: null },
    });
    expect(toTeamPayload({ name: 'Support', approver_ids: [], max_absent: '2' })).toEqual({
      ok: true,
      payload: { name: 'Support', approver_ids: [], max_absent: 2 },
    });
  });

  it('names the field the API would refuse', () => {
    const result = toTeamPayload({ name: 'Support', approver_ids: [3, 3], max_absent: 0 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.approver_ids).toBe('approver_ids names the same employee twice');
    expect(result.errors.max_absent).toBe('max_absent must be at least 1 (or null: no cap)');
    expect(toTeamPayload({ name: '  ', approver_ids: [], max_absent: null }).ok).toBe(false);
  });
});

describe('teamIdPayload', () => {
  it('is null for no team and the id for a team', () => {
    expect(teamIdPayload('')).toEqual({ ok: true, team_id: null });
    expect(teamIdPayload(null)).toEqual({ ok: true, team_id: null });
    expect(teamIdPayload(4)).toEqual({ ok: true, team_id: 4 });
    expect(teamIdPayload(-1)).toEqual({ ok: false, error: 'team_id must be an id' });
  });
});

describe('membersByTeam and approverNames', () => {
  const person = (id: number, name: string, teamId: number | null | undefined) =>
    ({ id, name, team_id: teamId }) as EmployeeWithTeam;

  it('groups the members of each team and leaves out people in no team', () => {
    const grouped = membersByTeam([
      person(1, 'Ana', 7),
      person(2, 'Ben', null),
      person(3, 'Cy', 7),
      person(4, 'Dee', undefined),
    ]);
    expect([...grouped.keys()]).toEqual([7]);
    expect(grouped.get(7)?.map((member) => member.name)).toEqual(['Ana', 'Cy']);
  });

  it('names the approvers in the given order and skips unknown ids', () => {
    const names = new Map([
      [1, 'Ana'],
      [3, 'Cy'],
    ]);
    expect(approverNames({ approver_ids: [3, 9, 1] }, names)).toEqual(['Cy', 'Ana']);
  });
});
