import { timeCreditTexts } from '@teamfolk/shared/contracts';
import { EMPLOYEE_REQUIRED, newTimeCreditDefaults, parseTimeCreditForm } from './timeCreditForm';

describe(parseTimeCreditForm.name, () => {
  const logged = { ...newTimeCreditDefaults('2026-11-27'), hours: 3.5, reason: 'Stocktake after closing' };

  it('should send a day, its extra hours and the reason, and name the employee only when an admin picked one', () => {
    expect(parseTimeCreditForm(logged)).toEqual({
      ok: true,
      input: { date: '2026-11-27', hours: 3.5, reason: 'Stocktake after closing' },
    });
    expect(parseTimeCreditForm({ ...logged, employee_id: 7 })).toMatchObject({ ok: true, input: { employee_id: 7 } });
  });

  it('should refuse what the API refuses, under the input concerned', () => {
    expect(parseTimeCreditForm({ ...logged, hours: null, reason: ' ' })).toEqual({
      ok: false,
      errors: { hours: 'hours must be a number of hours', reason: timeCreditTexts.reasonRequired },
    });
    expect(parseTimeCreditForm({ ...logged, hours: 0.25 }).ok).toBe(false);
    expect(parseTimeCreditForm({ ...logged, hours: 24.5 }).ok).toBe(false);
    expect(parseTimeCreditForm({ ...logged, hours: 1.25 })).toEqual({
      ok: false,
      errors: { hours: 'hours must have at most one decimal' },
    });
    expect(parseTimeCreditForm({ ...logged, date: '' }).ok).toBe(false);
  });

  it('should ask an admin whose hours they are: an admin has no hours bank of their own', () => {
    expect(parseTimeCreditForm(logged, true)).toEqual({ ok: false, errors: { employee_id: EMPLOYEE_REQUIRED } });
    expect(parseTimeCreditForm({ ...logged, employee_id: 7 }, true).ok).toBe(true);
  });
});
