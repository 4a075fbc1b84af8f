import { approvedTeamsOf } from './approvedTeams';

describe(approvedTeamsOf.name, () => {
  it('should give the teams the user approves for', () => {
    const user = {
      id: 4,
      role: 'employee',
      approvesTeams: [
        { id: 2, name: 'Support' },
        { id: 5, name: 'Sales' },
      ],
    };
    expect(approvedTeamsOf(user)).toEqual([
      { id: 2, name: 'Support' },
      { id: 5, name: 'Sales' },
    ]);
  });

  it('should give none to a session that says nothing of teams, or says it oddly', () => {
    expect(approvedTeamsOf({ id: 1, role: 'admin' })).toEqual([]);
    expect(approvedTeamsOf({ approvesTeams: null })).toEqual([]);
    expect(approvedTeamsOf({ approvesTeams: [{ id: '2', name: 'Support' }, { id: 3 }, 'Sales'] })).toEqual([]);
    expect(approvedTeamsOf(null)).toEqual([]);
  });
});
