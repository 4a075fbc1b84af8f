import { leaveRequestInputSchema, type LeaveRequestInput } from '../contracts';
import { balanceAfterRequest, previewLeave, previewLeaveAcrossYears, type RemainingBalances } from './leave-preview';

// Monday 2 to Friday 6 March 2026.
const monday = '2026-03-02';
const wednesday = '2026-03-04';

/**
 * A request as the API parses it, by default the leave dialog's: vacation from Monday to Tuesday; a
 * partial day ends the day it starts.
 */
function request(overrides: Partial<LeaveRequestInput> = {}) {
  const startDate = overrides.start_date ?? monday;
  const partial = overrides.leave_type === 'partial_day';
  return leaveRequestInputSchema.parse({
    request_type: 'vacation',
    leave_type: 'full_day',
    ...overrides,
    start_date: startDate,
    end_date: partial ? startDate : (overrides.end_date ?? '2026-03-03'),
  });
}

describe(previewLeave.name, () => {
  const balances = { vacation: 22, sick: 1, bank: 4 };

  it('should count working days and set them beside the remaining vacation', () => {
    const preview = previewLeave(request({ start_date: monday, end_date: wednesday }), balances);
    expect(preview).toMatchObject({ duration: { days: 3 }, kind: 'vacation', remaining: 22, requested: 3 });
    expect(preview.refusal).toBeNull();
  });

  it('should skip the weekend and public holidays', () => {
    const preview = previewLeave(request({ start_date: '2026-03-06', end_date: '2026-03-09' }), balances);
    expect(preview.duration.days).toBe(2);
    const withHoliday = previewLeave(
      request({ start_date: monday, end_date: wednesday }),
      balances,
      new Set(['2026-03-03']),
    );
    expect(withHoliday.duration.days).toBe(2);
  });

  it('should find no working day in a weekend, a partial Saturday or public holidays alone: no request to send', () => {
    const saturday = '2026-03-07';
    const weekend = previewLeave(request({ start_date: saturday, end_date: '2026-03-08' }), balances);
    expect(weekend).toMatchObject({ duration: { days: 0 }, noWorkingDay: true });
    const partialSaturday = previewLeave(request({ leave_type: 'partial_day', start_date: saturday }), balances);
    expect(partialSaturday.noWorkingDay).toBe(true);
    const holidaysOnly = previewLeave(
      request({ start_date: monday, end_date: '2026-03-03' }),
      balances,
      new Set([monday, '2026-03-03']),
    );
    expect(holidaysOnly.noWorkingDay).toBe(true);
    const workingDay = previewLeave(request({ start_date: monday, end_date: monday }), balances);
    expect(workingDay.noWorkingDay).toBe(false);
  });

  it('should refuse more vacation than is left with the API wording', () => {
    const preview = previewLeave(request({ start_date: monday, end_date: wednesday }), {
      ...balances,
      vacation: 2,
    });
    expect(preview.refusal).toBe('Insufficient vacation balance: 2 days remaining, 3 requested');
  });

  it('should count the hours bank in hours', () => {
    const preview = previewLeave(
      request({ request_type: 'hours_bank', leave_type: 'partial_day', start_time: '09:00', end_time: '12:00' }),
      balances,
    );
    expect(preview).toMatchObject({ kind: 'bank', requested: 3, remaining: 4, refusal: null });
  });

  it('should let sick days go below zero with a warning', () => {
    const preview = previewLeave(
      request({ request_type: 'sick_day', start_date: monday, end_date: wednesday }),
      balances,
    );
    expect(preview).toMatchObject({ refusal: null, sickOverdrawn: true });
  });

  it('should show no balance for other leave or for someone without balances', () => {
    expect(previewLeave(request({ request_type: 'other' }), balances)).toMatchObject({
      kind: null,
      remaining: null,
    });
    expect(previewLeave(request(), null)).toMatchObject({ kind: 'vacation', remaining: null });
  });
});

describe(previewLeaveAcrossYears.name, () => {
  const week = { mon: 8, tue: 8, wed: 8, thu: 8, fri: 8, sat: 0, sun: 0 };
  const january = { calendar: { companyPattern: week }, leaveYearStartMonth: 1, today: '2026-11-28' };
  // 28 Dec 2026 (a Monday) to 5 Jan 2027: Monday to Thursday in 2026, Friday 1, Monday 4 and Tuesday 5 in 2027.
  const acrossNewYear = request({ start_date: '2026-12-28', end_date: '2027-01-05' });
  const figures: Record<string, RemainingBalances> = {
    '2026-12-28': { vacation: 10, sick: 2, bank: 16 },
    '2027-01-01': { vacation: 25, sick: 10, bank: 0 },
  };
  const known = (isoDate: string) => figures[isoDate];

  it('should split 28 Dec 2026 – 5 Jan 2027 into 4 days of 2026 and 3 of 2027, each against its year', () => {
    const preview = previewLeaveAcrossYears(acrossNewYear, january, known);
    expect(preview).toMatchObject({ duration: { days: 7 }, kind: 'vacation', currentYear: 2026, refusal: null });
    expect(preview.parts).toEqual([
      { leaveYear: 2026, checkedOn: '2026-12-28', requested: 4, available: 10, after: 6 },
      { leaveYear: 2027, checkedOn: '2027-01-01', requested: 3, available: 25, after: 22 },
    ]);
  });

  it('should refuse with the year that falls short, as the API does', () => {
    const short = previewLeaveAcrossYears(acrossNewYear, january, (isoDate) =>
      isoDate === '2027-01-01' ? { vacation: 2, sick: 10, bank: 0 } : figures[isoDate],
    );
    expect(short.refusal).toBe('Insufficient vacation balance for 2027: 2 days remaining, 3 requested');
    const shortThisYear = previewLeaveAcrossYears(acrossNewYear, january, (isoDate) =>
      isoDate === '2026-12-28' ? { vacation: 3.5, sick: 2, bank: 16 } : figures[isoDate],
    );
    expect(shortThisYear.refusal).toBe('Insufficient vacation balance for 2026: 3.5 days remaining, 4 requested');
  });

  it('should check a request wholly in next year against next year, naming the year', () => {
    const nextYear = request({ start_date: '2027-01-04', end_date: '2027-01-08' });
    const preview = previewLeaveAcrossYears(nextYear, january, () => ({ vacation: 4, sick: 10, bank: 0 }));
    expect(preview.parts).toEqual([
      { leaveYear: 2027, checkedOn: '2027-01-04', requested: 5, available: 4, after: -1 },
    ]);
    expect(preview.refusal).toBe('Insufficient vacation balance for 2027: 4 days remaining, 5 requested');
  });

  it('should keep the spec wording within the current year and read a started request on today', () => {
    const started = request({ start_date: '2026-11-23', end_date: '2026-11-30' });
    const preview = previewLeaveAcrossYears(started, january, (isoDate) =>
      isoDate === '2026-11-28' ? { vacation: 5, sick: 10, bank: 0 } : undefined,
    );
    expect(preview.parts).toEqual([
      { leaveYear: 2026, checkedOn: '2026-11-28', requested: 6, available: 5, after: -1 },
    ]);
    expect(preview.refusal).toBe('Insufficient vacation balance: 5 days remaining, 6 requested');
  });

  it('should say nothing while a year is unknown, and warn of sick days overdrawn in any year', () => {
    expect(previewLeaveAcrossYears(acrossNewYear, january, () => undefined)).toMatchObject({
      refusal: null,
      parts: [
        { available: null, after: null },
        { available: null, after: null },
      ],
    });
    const sick = previewLeaveAcrossYears({ ...acrossNewYear, request_type: 'sick_day' }, january, known);
    expect(sick).toMatchObject({ kind: 'sick', refusal: null, sickOverdrawn: true });
  });

  it('should count by the person’s week and the leave year the company starts in April', () => {
    const mondayToWednesday = { mon: 8, tue: 8, wed: 8, thu: 0, fri: 0, sat: 0, sun: 0 };
    const april = {
      calendar: { companyPattern: week, patterns: [{ effectiveFrom: '2020-01-01', pattern: mondayToWednesday }] },
      leaveYearStartMonth: 4,
      today: '2027-03-01',
    };
    // Monday 29 March to Friday 2 April 2027: Monday to Wednesday in leave year 2026, nothing worked after.
    const preview = previewLeaveAcrossYears(
      request({ start_date: '2027-03-29', end_date: '2027-04-02' }),
      april,
      () => ({
        vacation: 10,
        sick: 10,
        bank: 0,
      }),
    );
    expect(preview.parts).toEqual([
      { leaveYear: 2026, checkedOn: '2027-03-29', requested: 3, available: 10, after: 7 },
    ]);
  });

  it('should take hours from the bank per year, and nothing for other leave', () => {
    const bank = previewLeaveAcrossYears({ ...acrossNewYear, request_type: 'hours_bank' }, january, known);
    expect(bank.parts.map((part) => part.requested)).toEqual([32, 24]);
    expect(bank.refusal).toBe('Insufficient hours bank balance for 2026: 16 hours remaining, 32 requested');
    expect(previewLeaveAcrossYears({ ...acrossNewYear, request_type: 'other' }, january, known)).toMatchObject({
      kind: null,
      parts: [],
      refusal: null,
    });
  });
});

describe(balanceAfterRequest.name, () => {
  it("should answer what is left of the request's year, to one decimal", () => {
    expect(balanceAfterRequest([{ leaveYear: 2027, requested: 2.5, available: 10.2 }])).toBe(7.7);
  });

  it('should answer the lower of two leave years when the request crosses a year end', () => {
    expect(
      balanceAfterRequest([
        { leaveYear: 2026, requested: 3, available: 4 },
        { leaveYear: 2027, requested: 2, available: 25 },
      ]),
    ).toBe(1);
  });

  it('should go below zero where the request would overdraw (sick days)', () => {
    expect(balanceAfterRequest([{ leaveYear: 2027, requested: 3, available: 1 }])).toBe(-2);
  });

  it('should answer null for a request that takes from no year', () => {
    expect(balanceAfterRequest([])).toBeNull();
  });
});
