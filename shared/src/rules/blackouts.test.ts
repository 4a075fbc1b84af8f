import { DEFAULT_WORK_PATTERN } from '../contracts';
import { blackoutRefusal, blackoutsTouched, type BlackoutPeriod } from './blackouts';
import type { LeavePeriod } from './leaves';
import { countLeave } from './work-patterns';

const fullDays = (startDate: string, endDate: string): LeavePeriod => ({ leaveType: 'full_day', startDate, endDate });
const daysOf = (period: LeavePeriod) =>
  countLeave(period, { companyPattern: DEFAULT_WORK_PATTERN, holidays: new Set(['2026-12-25']) }).perDay.map(
    (day) => day.date,
  );

describe(blackoutsTouched.name, () => {
  const SUPPORT = 7;
  const SALES = 9;
  const yearEnd: BlackoutPeriod = {
    id: 1,
    start_date: '2026-12-24',
    end_date: '2027-01-01',
    team_id: null,
    reason: 'Year-end closing',
    request_types: ['vacation', 'hours_bank'],
  };
  const stockTake: BlackoutPeriod = {
    id: 2,
    start_date: '2026-12-07',
    end_date: '2026-12-08',
    team_id: SUPPORT,
    reason: 'Stock-take',
    request_types: ['vacation'],
  };
  const weekendFair: BlackoutPeriod = {
    id: 3,
    start_date: '2026-12-12',
    end_date: '2026-12-13',
    team_id: null,
    reason: 'Trade fair',
    request_types: ['vacation'],
  };
  const periods = [yearEnd, stockTake, weekendFair];
  const request = (
    requestType: 'vacation' | 'hours_bank' | 'sick_day' | 'other',
    teamId: number | null,
    period: LeavePeriod,
  ) => ({
    requestType,
    teamId,
    days: daysOf(period),
  });

  it("matches a team's period for its members only, and company-wide periods for everyone", () => {
    expect(blackoutsTouched(request('vacation', SUPPORT, fullDays('2026-12-08', '2026-12-09')), periods)).toEqual([
      stockTake,
    ]);
    expect(blackoutsTouched(request('vacation', SALES, fullDays('2026-12-08', '2026-12-09')), periods)).toEqual([]);
    expect(blackoutsTouched(request('vacation', null, fullDays('2026-12-07', '2026-12-28')), periods)).toEqual([
      yearEnd,
    ]);
    expect(blackoutsTouched(request('vacation', SUPPORT, fullDays('2026-12-07', '2026-12-28')), periods)).toEqual([
      stockTake,
      yearEnd,
    ]);
  });

  it('matches the request types a period blocks, and never a sick day', () => {
    expect(blackoutsTouched(request('hours_bank', SUPPORT, fullDays('2026-12-08', '2026-12-08')), periods)).toEqual([]);
    expect(blackoutsTouched(request('hours_bank', SUPPORT, fullDays('2026-12-28', '2026-12-28')), periods)).toEqual([
      yearEnd,
    ]);
    expect(blackoutsTouched(request('other', SUPPORT, fullDays('2026-12-28', '2026-12-28')), periods)).toEqual([]);
    expect(blackoutsTouched(request('sick_day', SUPPORT, fullDays('2026-12-07', '2026-12-31')), periods)).toEqual([]);
  });

  it('matches by the days the request takes: Friday and Monday do not touch a weekend period', () => {
    expect(blackoutsTouched(request('vacation', null, fullDays('2026-12-11', '2026-12-14')), periods)).toEqual([]);
  });

  it('refuses with the period and its reason', () => {
    expect(blackoutRefusal(request('vacation', SUPPORT, fullDays('2026-12-08', '2026-12-08')), periods)).toBe(
      'These dates fall in a blackout period, 7 Dec 2026 – 8 Dec 2026 (Stock-take): vacation requests are not accepted then',
    );
    expect(blackoutRefusal(request('vacation', SUPPORT, fullDays('2026-12-09', '2026-12-09')), periods)).toBeNull();
  });
});
