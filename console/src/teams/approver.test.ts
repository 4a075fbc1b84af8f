import { ApiRequestError } from '../providers/apiError';
import { approvedTeamsOf, coverageConflictOf, detailsTeamOf } from './approver';

describe('approvedTeamsOf', () => {
  it('is empty for a user who approves for no team', () => {
    expect(approvedTeamsOf(null)).toEqual([]);
    expect(approvedTeamsOf({})).toEqual([]);
    expect(approvedTeamsOf({ approvesTeams: [{ id: 2, name: 'Support' }] })).toEqual([{ id: 2, name: 'Support' }]);
  });
});

describe('detailsTeamOf', () => {
  it('prefers the employee’s team, else the approver’s only team, else the company', () => {
    const support = { id: 2, name: 'Support' };
    const kitchen = { id: 3, name: 'Kitchen' };
    expect(detailsTeamOf(5, [support])).toBe(5);
    expect(detailsTeamOf(undefined, [support])).toBe(2);
    expect(detailsTeamOf(null, [support, kitchen])).toBeUndefined();
    expect(detailsTeamOf(null, [])).toBeUndefined();
  });
});

describe('coverageConflictOf', () => {
  const conflict =
    'Approving this request takes the team over its limit. Tue 8 Dec: Ana is already out; the team allows 1. To approve anyway, confirm the override.';

  it('answers the message of a 409 over the cap', () => {
    expect(coverageConflictOf(new ApiRequestError(409, { message: conflict }))).toBe(conflict);
  });

  it('is null for other failures, a decided request’s 409 among them', () => {
    expect(
      coverageConflictOf(new ApiRequestError(409, { message: 'This request has already been decided' })),
    ).toBeNull();
    expect(coverageConflictOf(new ApiRequestError(400, { message: conflict }))).toBeNull();
    expect(coverageConflictOf(new Error(conflict))).toBeNull();
  });
});
