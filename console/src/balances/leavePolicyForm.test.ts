import { DEFAULT_LEAVE_POLICY, leavePolicyTexts } from '@teamfolk/shared/contracts';
import { parsePolicyForm, policyFormValuesOf, type LeavePolicyFormValues } from './leavePolicyForm';

const defaults = policyFormValuesOf(DEFAULT_LEAVE_POLICY);
const withVacation = (vacation: Partial<LeavePolicyFormValues['vacation']>): LeavePolicyFormValues => ({
  ...defaults,
  vacation: { ...defaults.vacation, ...vacation },
});

describe(parsePolicyForm.name, () => {
  it('should read back the policy the form opened with', () => {
    expect(parsePolicyForm(defaults)).toEqual({ ok: true, policy: DEFAULT_LEAVE_POLICY });
  });

  it('should send what was typed as numbers', () => {
    const result = parsePolicyForm(
      withVacation({ accrual: 'monthly', carry_over_max_days: '5', carry_over_expiry_months: '3' }),
    );
    expect(result).toEqual({
      ok: true,
      policy: {
        ...DEFAULT_LEAVE_POLICY,
        vacation: {
          ...DEFAULT_LEAVE_POLICY.vacation,
          accrual: 'monthly',
          carry_over_max_days: 5,
          carry_over_expiry_months: 3,
        },
      },
    });
  });

  it('should refuse a cleared field rather than take 0 or the default for it', () => {
    expect(parsePolicyForm(withVacation({ annual_days: ' ' }))).toEqual({
      ok: false,
      errors: { 'vacation.annual_days': 'vacation.annual_days must be a number of days' },
    });
  });

  it('should name each wrong field by its path, and a week without working hours as a whole', () => {
    const result = parsePolicyForm({
      ...withVacation({ carry_over_expiry_months: '12' }),
      work_pattern: { mon: '0', tue: '0', wed: '0', thu: '0', fri: '0', sat: '0', sun: '0' },
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        'vacation.carry_over_expiry_months': 'vacation.carry_over_expiry_months cannot be above 11',
        work_pattern: leavePolicyTexts.noWorkingDay,
      },
    });
  });
});
