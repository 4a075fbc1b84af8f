import { leaveTexts } from '@teamfolk/shared/contracts';
import { newLeaveDefaults, parseLeaveForm, previewLeave, toLeaveInput, type LeaveFormValues } from './leaveForm';

// Monday 2 to Friday 6 March 2026.
const monday = '2026-03-02';
const wednesday = '2026-03-04';

const form = (overrides: Partial<LeaveFormValues> = {}): LeaveFormValues => ({
  ...newLeaveDefaults(monday),
  ...overrides,
});

function parsedInput(values: LeaveFormValues) {
  const result = parseLeaveForm(values);
  if (!result.ok) throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
  return result.input;
}

describe('leave form', () => {
  it('should default to a full day of vacation from today to tomorrow, 09:00–17:00 if made partial', () => {
    expect(newLeaveDefaults('2026-12-31')).toEqual({
      employee_id: null,
      request_type: 'vacation',
      leave_type: 'full_day',
      start_date: '2026-12-31',
      end_date: '2027-01-01',
      start_time: '09:00',
      end_time: '17:00',
      reason: '',
    });
  });

  it('should send a full day without times and without an empty reason', () => {
    expect(toLeaveInput(form({ end_date: wednesday, reason: '  ' }))).toEqual({
      start_date: monday,
      end_date: wednesday,
      request_type: 'vacation',
      leave_type: 'full_day',
    });
  });

  it('should end a partial day on its start date and send its hours', () => {
    expect(
      toLeaveInput(form({ leave_type: 'partial_day', end_date: wednesday, start_time: '09:00', end_time: '13:00' })),
    ).toMatchObject({ start_date: monday, end_date: monday, start_time: '09:00', end_time: '13:00' });
  });

  it('should fall back to 09:00–17:00 when a partial day has cleared times', () => {
    const input = parsedInput(form({ leave_type: 'partial_day', start_time: null, end_time: '' }));
    expect(input).toMatchObject({ start_time: '09:00', end_time: '17:00' });
  });

  it('should send the employee an admin records leave for', () => {
    expect(toLeaveInput(form({ employee_id: 7 }))).toMatchObject({ employee_id: 7 });
  });

  it("should refuse bad dates with the spec's texts", () => {
    expect(parseLeaveForm(form({ start_date: null }))).toEqual({
      ok: false,
      errors: { start_date: leaveTexts.invalidStartDate },
    });
    expect(parseLeaveForm(form({ end_date: '' }))).toEqual({
      ok: false,
      errors: { end_date: leaveTexts.invalidEndDate },
    });
    expect(parseLeaveForm(form({ start_date: '', end_date: null }))).toEqual({
      ok: false,
      errors: { start_date: leaveTexts.invalidDates, end_date: leaveTexts.invalidDates },
    });
    expect(parseLeaveForm(form({ start_date: wednesday, end_date: monday }))).toEqual({
      ok: false,
      errors: { end_date: leaveTexts.endAfterStart },
    });
  });

  it('should report a bad partial day on its start date or its hours', () => {
    expect(parseLeaveForm(form({ leave_type: 'partial_day', start_date: '' }))).toEqual({
      ok: false,
      errors: { start_date: leaveTexts.invalidStartDate },
    });
    expect(parseLeaveForm(form({ leave_type: 'partial_day', start_time: '13:00', end_time: '09:00' }))).toEqual({
      ok: false,
      errors: { end_time: leaveTexts.endTimeAfterStart },
    });
  });
});

describe('leave preview', () => {
  const balances = { vacation: 22, sick: 1, bank: 4 };

  it('should count working days and set them beside the remaining vacation', () => {
    const preview = previewLeave(parsedInput(form({ start_date: monday, end_date: wednesday })), balances);
    expect(preview).toMatchObject({ duration: { days: 3 }, kind: 'vacation', remaining: 22, requested: 3 });
    expect(preview.refusal).toBeNull();
  });

  it('should skip the weekend and public holidays', () => {
    const preview = previewLeave(parsedInput(form({ start_date: '2026-03-06', end_date: '2026-03-09' })), balances);
    expect(preview.duration.days).toBe(2);
    const withHoliday = previewLeave(
      parsedInput(form({ start_date: monday, end_date: wednesday })),
      balances,
      new Set(['2026-03-03']),
    );
    expect(withHoliday.duration.days).toBe(2);
  });

  it('should find no working day in a weekend, a partial Saturday or public holidays alone: no request to send', () => {
    const saturday = '2026-03-07';
    const weekend = previewLeave(parsedInput(form({ start_date: saturday, end_date: '2026-03-08' })), balances);
    expect(weekend).toMatchObject({ duration: { days: 0 }, noWorkingDay: true });
    const partialSaturday = previewLeave(
      parsedInput(form({ leave_type: 'partial_day', start_date: saturday })),
      balances,
    );
    expect(partialSaturday.noWorkingDay).toBe(true);
    const holidaysOnly = previewLeave(
      parsedInput(form({ start_date: monday, end_date: '2026-03-03' })),
      balances,
      new Set([monday, '2026-03-03']),
    );
    expect(holidaysOnly.noWorkingDay).toBe(true);
    const workingDay = previewLeave(parsedInput(form({ start_date: monday, end_date: monday })), balances);
    expect(workingDay.noWorkingDay).toBe(false);
  });

  it('should refuse more vacation than is left with the API wording', () => {
    const preview = previewLeave(parsedInput(form({ start_date: monday, end_date: wednesday })), {
      ...balances,
      vacation: 2,
    });
    expect(preview.refusal).toBe('Insufficient vacation balance: 2 days remaining, 3 requested');
  });

  it('should count the hours bank in hours', () => {
    const preview = previewLeave(
      parsedInput(
        form({ request_type: 'hours_bank', leave_type: 'partial_day', start_time: '09:00', end_time: '12:00' }),
      ),
      balances,
    );
    expect(preview).toMatchObject({ kind: 'bank', requested: 3, remaining: 4, refusal: null });
  });

  it('should let sick days go below zero with a warning', () => {
    const preview = previewLeave(
      parsedInput(form({ request_type: 'sick_day', start_date: monday, end_date: wednesday })),
      balances,
    );
    expect(preview).toMatchObject({ refusal: null, sickOverdrawn: true });
  });

  it('should show no balance for other leave or for someone without balances', () => {
    expect(previewLeave(parsedInput(form({ request_type: 'other' })), balances)).toMatchObject({
      kind: null,
      remaining: null,
    });
    expect(previewLeave(parsedInput(form()), null)).toMatchObject({ kind: 'vacation', remaining: null });
  });
});
