import { leaveRequestInputSchema, type LeaveRequestInput } from '../contracts';
import { balanceAfterRequest, previewLeave } from './leave-preview';

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
