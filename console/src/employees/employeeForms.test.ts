import { DEFAULT_LEAVE_POLICY, leavePolicySchema, leavePolicyTexts } from '@teamfolk/shared/contracts';
import {
  employeeFormValuesOf,
  newEmployeeDefaults,
  toBalancesPayload,
  toEmployeeChangePayload,
  toEmployeeCreatePayload,
} from './employeeForms';

const policy = leavePolicySchema.parse({ vacation: { annual_days: 28 } });
const partTime = { mon: 8, tue: 8, wed: 8, thu: 0, fri: 0, sat: 0, sun: 0 };

describe(toEmployeeCreatePayload.name, () => {
  const defaults = newEmployeeDefaults('2025-06-01', policy);

  it("should start a new employee hired today on the policy's allowances and week, with no birthday or end date", () => {
    expect(defaults).toMatchObject({
      hire_date: '2025-06-01',
      birthday: null,
      end_date: null,
      vacation_days_total: 28,
      sick_days_total: 10,
      bank_hours_total: 0,
      work_pattern: policy.work_pattern,
    });
  });

  it("should leave the policy's allowances and week out, so the person follows the policy", () => {
    const result = toEmployeeCreatePayload({ ...defaults, name: 'Maria Lopez', email: 'maria@example.com' }, policy);
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'Maria Lopez',
        email: 'maria@example.com',
        role: '',
        hire_date: '2025-06-01',
        birthday: null,
        end_date: null,
        bank_hours_total: 0,
      },
    });
  });

  it('should send numbers as numbers, dates as YYYY-MM-DD, and what differs from the policy', () => {
    const result = toEmployeeCreatePayload(
      {
        ...defaults,
        name: '  Maria Lopez ',
        email: 'Maria@Example.com',
        role: null,
        birthday: '',
        end_date: '2025-12-31',
        vacation_days_total: 20,
        bank_hours_total: 12.25,
        work_pattern: partTime,
      },
      policy,
    );
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'Maria Lopez',
        email: 'maria@example.com',
        role: '',
        hire_date: '2025-06-01',
        birthday: null,
        end_date: '2025-12-31',
        vacation_days_total: 20,
        bank_hours_total: 12.3,
        work_pattern: partTime,
      },
    });
  });

  it('should report invalid fields by name, a day of the week by its own', () => {
    const result = toEmployeeCreatePayload(
      {
        ...defaults,
        name: '',
        email: 'not-an-address',
        vacation_days_total: -1,
        work_pattern: { ...policy.work_pattern, tue: 25 },
      },
      policy,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'name', 'vacation_days_total', 'work_pattern.tue']);
  });

  it('should show a week without working hours under its first day', () => {
    const noWork = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };
    const result = toEmployeeCreatePayload(
      { ...defaults, name: 'A', email: 'a@example.com', work_pattern: noWork },
      policy,
    );
    expect(result).toEqual({ ok: false, errors: { 'work_pattern.mon': leavePolicyTexts.noWorkingDay } });
  });
});

describe(toEmployeeChangePayload.name, () => {
  const employee = {
    id: 7,
    name: 'Maria Lopez',
    email: 'maria@example.com',
    role: 'Barista',
    hire_date: '2024-02-01',
    birthday: null,
    // 2.1 accrued so far and 5 carried: this year's total, not the annual allowance.
    vacation_days_total: 7.1,
    vacation_days_used: 0,
    vacation_days_remaining: 7.1,
    sick_days_total: 10,
    sick_days_used: 0,
    sick_days_remaining: 10,
    bank_hours_total: 0,
    bank_hours_used: 0,
    bank_hours_remaining: 0,
    account_status: 'active' as const,
    created_at: '2024-01-20T10:00:00.000Z',
    work_pattern: null,
    end_date: null,
    vacation_days_carried: 5,
    vacation_days_expiring: 5,
    vacation_days_expiring_on: '2027-03-31',
    team_id: null,
  };
  const initial = employeeFormValuesOf(employee, DEFAULT_LEAVE_POLICY, '2027-01-15');

  it("should open with the company's week for someone who follows it, applying from today", () => {
    expect(initial).toMatchObject({ work_pattern: DEFAULT_LEAVE_POLICY.work_pattern, work_pattern_from: '2027-01-15' });
  });

  it("should send the profile alone when only the profile changed, never this year's total as an allowance", () => {
    const result = toEmployeeChangePayload({ ...initial, name: 'Maria López' }, initial, DEFAULT_LEAVE_POLICY);
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'Maria López',
        email: 'maria@example.com',
        role: 'Barista',
        hire_date: '2024-02-01',
        birthday: null,
        end_date: null,
      },
    });
  });

  it('should send a changed total, end date and week, the week with the day it applies from', () => {
    const result = toEmployeeChangePayload(
      {
        ...initial,
        vacation_days_total: 30,
        end_date: '2027-06-30',
        work_pattern: partTime,
        work_pattern_from: '2027-02-01',
      },
      initial,
      DEFAULT_LEAVE_POLICY,
    );
    expect(result).toMatchObject({
      ok: true,
      payload: {
        vacation_days_total: 30,
        end_date: '2027-06-30',
        work_pattern: partTime,
        work_pattern_from: '2027-02-01',
      },
    });
  });

  it("should send null for a week set back to the company's, so the person follows it again", () => {
    const own = employeeFormValuesOf({ ...employee, work_pattern: partTime }, DEFAULT_LEAVE_POLICY, '2027-01-15');
    const result = toEmployeeChangePayload(
      { ...own, work_pattern: { ...DEFAULT_LEAVE_POLICY.work_pattern } },
      own,
      DEFAULT_LEAVE_POLICY,
    );
    expect(result).toMatchObject({ ok: true, payload: { work_pattern: null, work_pattern_from: '2027-01-15' } });
  });
});

describe(toBalancesPayload.name, () => {
  const balances = {
    vacation_days_total: 25,
    vacation_days_used: 3,
    sick_days_total: 10,
    sick_days_used: 12,
    bank_hours_total: 8,
    bank_hours_used: 2.5,
  };

  it('should accept sick days used above the total', () => {
    expect(toBalancesPayload(balances)).toEqual({ ok: true, payload: balances });
  });

  it('should refuse vacation days or bank hours used above their total', () => {
    expect(toBalancesPayload({ ...balances, vacation_days_used: 26, bank_hours_used: 9 })).toEqual({
      ok: false,
      errors: {
        vacation_days_used: 'resources.employees.balances.usedAboveTotal',
        bank_hours_used: 'resources.employees.balances.usedAboveTotal',
      },
    });
  });

  it('should refuse an emptied field', () => {
    const result = toBalancesPayload({ ...balances, sick_days_total: null });
    expect(result.ok).toBe(false);
  });
});
