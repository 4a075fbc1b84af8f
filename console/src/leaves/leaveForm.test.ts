import { leaveTexts } from '@teamfolk/shared/contracts';
import { newLeaveDefaults, parseLeaveForm, toLeaveInput, type LeaveFormValues } from './leaveForm';

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
