import { DEFAULT_LOW_UPTAKE_THRESHOLD } from '@teamfolk/shared/contracts';
import { parseReportFilters, reportFileName, reportFiltersSearch, reportQuery } from './reportFilters';

describe(parseReportFilters.name, () => {
  it('should read the dates, the team and the choices of a shared link', () => {
    expect(
      parseReportFilters('?from=2027-01-01&to=2027-03-31&on=2027-02-15&team_id=7&group_by=team&threshold=0.4'),
    ).toEqual({
      from: '2027-01-01',
      to: '2027-03-31',
      on: '2027-02-15',
      team_id: 7,
      group_by: 'team',
      threshold: 0.4,
    });
  });

  it('should open by month, at the usual threshold, for the current leave year when the link says nothing', () => {
    expect(parseReportFilters('')).toEqual({ group_by: 'month', threshold: DEFAULT_LOW_UPTAKE_THRESHOLD });
  });

  it('should leave out what is malformed rather than send it to the API', () => {
    expect(
      parseReportFilters('from=2027-13-01&to=yesterday&on=2027-2-1&team_id=-3&group_by=year&threshold=1.5'),
    ).toEqual({ group_by: 'month', threshold: DEFAULT_LOW_UPTAKE_THRESHOLD });
    expect(parseReportFilters('team_id=1.5&threshold=')).toEqual({
      group_by: 'month',
      threshold: DEFAULT_LOW_UPTAKE_THRESHOLD,
    });
  });
});

describe(reportFiltersSearch.name, () => {
  it('should write back what it read, leaving the defaults out', () => {
    const search = 'from=2027-01-01&to=2027-03-31&team_id=7&group_by=person&threshold=0.1';
    expect(reportFiltersSearch(parseReportFilters(search))).toBe(search);
    expect(reportFiltersSearch(parseReportFilters('group_by=month&threshold=0.25'))).toBe('');
  });
});

describe(reportQuery.name, () => {
  const filters = parseReportFilters('from=2027-01-01&to=2027-03-31&on=2027-02-15&team_id=7&threshold=0.4');

  it('should send each report only the parameters its route reads', () => {
    expect(reportQuery('absence', filters)).toEqual({
      from: '2027-01-01',
      to: '2027-03-31',
      group_by: 'month',
      team_id: '7',
    });
    expect(reportQuery('absence-rate', filters)).toEqual({ from: '2027-01-01', to: '2027-03-31', team_id: '7' });
    expect(reportQuery('bradford', filters)).toEqual({ on: '2027-02-15', team_id: '7' });
    expect(reportQuery('balances', filters)).toEqual({ on: '2027-02-15', team_id: '7' });
    expect(reportQuery('low-uptake', filters)).toEqual({ on: '2027-02-15', threshold: '0.4', team_id: '7' });
  });

  it('should leave the dates to the API when none are chosen', () => {
    expect(reportQuery('absence-rate', parseReportFilters(''))).toEqual({});
    expect(reportQuery('bradford', parseReportFilters(''))).toEqual({});
  });
});

describe(reportFileName.name, () => {
  it('should name the file after the report, the day and the format', () => {
    expect(reportFileName('low-uptake', 'xlsx', '2027-03-01')).toBe('teamfolk-low-uptake-2027-03-01.xlsx');
    expect(reportFileName('activity', 'csv', '2027-03-01')).toBe('teamfolk-activity-2027-03-01.csv');
  });
});
