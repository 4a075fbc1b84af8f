import { wholeListPage, withPlainFilterParams } from './listParams';

describe('withPlainFilterParams', () => {
  it('repeats to_decide and team_id of the filter as their own parameters', () => {
    const filter = encodeURIComponent(JSON.stringify({ to_decide: 'true', status: 'pending' }));
    const url = withPlainFilterParams(`/leaves?filter=${filter}&range=%5B0%2C24%5D`);
    const params = new URLSearchParams(url.split('?')[1]);
    expect(params.get('to_decide')).toBe('true');
    expect(params.get('status')).toBeNull();
    expect(JSON.parse(params.get('filter') ?? '{}')).toEqual({ to_decide: 'true', status: 'pending' });
    expect(params.get('range')).toBe('[0,24]');
  });

  it('turns a team id into text', () => {
    const url = withPlainFilterParams(`/employees?filter=${encodeURIComponent('{"team_id":7}')}`);
    expect(new URLSearchParams(url.split('?')[1]).get('team_id')).toBe('7');
  });

  it('leaves other URLs as they are', () => {
    expect(withPlainFilterParams('/teams')).toBe('/teams');
    expect(withPlainFilterParams('/leaves?filter=%7B%22status%22%3A%22pending%22%7D')).toBe(
      '/leaves?filter=%7B%22status%22%3A%22pending%22%7D',
    );
    expect(withPlainFilterParams('/leaves?filter=not-json')).toBe('/leaves?filter=not-json');
  });
});

describe('wholeListPage', () => {
  const teams = [
    { id: 1, name: 'support', member_count: 4 },
    { id: 2, name: 'Kitchen', member_count: 9 },
    { id: 3, name: 'Bar', member_count: 2 },
  ];

  it('sorts text without regard to case, and numbers as numbers', () => {
    const byName = wholeListPage(teams, {
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
    });
    expect(byName.data.map((team) => team.name)).toEqual(['Bar', 'Kitchen', 'support']);
    const byCount = wholeListPage(teams, {
      sort: { field: 'member_count', order: 'DESC' },
      pagination: { page: 1, perPage: 25 },
    });
    expect(byCount.data.map((team) => team.id)).toEqual([2, 1, 3]);
  });

  it('slices the page asked for and counts the whole list', () => {
    const second = wholeListPage(teams, { sort: { field: 'id', order: 'ASC' }, pagination: { page: 2, perPage: 2 } });
    expect(second).toEqual({ data: [teams[2]], total: 3 });
  });
});
