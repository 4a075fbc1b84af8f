import { balanceLedgerQuerySchema, balancesOnQuerySchema } from './balance-ledger';
import { insufficientYearBalanceText, leavePolicyTexts, timeCreditTexts, yearOpeningText } from './balance-texts';
import {
  DEFAULT_LEAVE_POLICY,
  employeeBalancesWithNoteSchema,
  employeeLeaveFields,
  leavePolicySchema,
  leavePolicyUpdateSchema,
  mergeLeavePolicy,
} from './leave-policy';
import { timeCreditInputSchema } from './time-credits';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('leavePolicySchema', () => {
  it('gives a company that never set a policy January, 25 days upfront, nothing carried, 10 sick days, Mon–Fri 8 h', () => {
    expect(DEFAULT_LEAVE_POLICY).toEqual({
      leave_year_start_month: 1,
      vacation: {
        annual_days: 25,
        accrual: 'upfront',
        carry_over_max_days: 0,
        carry_over_expiry_months: 0,
        pro_rata: false,
      },
      sick: { annual_days: 10 },
      hours_bank: { credit_expiry_months: 0 },
      work_pattern: { mon: 8, tue: 8, wed: 8, thu: 8, fri: 8, sat: 0, sun: 0 },
    });
  });

  it('fills what a stored policy leaves out with the defaults', () => {
    expect(leavePolicySchema.parse({ vacation: { carry_over_max_days: 5 } }).vacation).toEqual({
      ...DEFAULT_LEAVE_POLICY.vacation,
      carry_over_max_days: 5,
    });
  });

  it.each([
    [{ leave_year_start_month: 13 }, 'leave_year_start_month must be a month number (1–12)'],
    [{ vacation: { annual_days: 22.25 } }, 'vacation.annual_days must have at most one decimal'],
    [{ vacation: { accrual: 'weekly' } }, 'vacation.accrual must be one of: upfront, monthly'],
    [{ vacation: { carry_over_expiry_months: 12 } }, 'vacation.carry_over_expiry_months cannot be above 11'],
    [{ vacation: { carry_over_max_days: -1 } }, 'vacation.carry_over_max_days cannot be negative'],
    [{ hours_bank: { credit_expiry_months: 1.5 } }, 'hours_bank.credit_expiry_months must be a whole number of months'],
    [
      { work_pattern: { mon: 25, tue: 8, wed: 8, thu: 8, fri: 8, sat: 0, sun: 0 } },
      'work_pattern.mon cannot be above 24',
    ],
    [
      { work_pattern: { mon: 7.25, tue: 8, wed: 8, thu: 8, fri: 8, sat: 0, sun: 0 } },
      'work_pattern.mon must have at most one decimal',
    ],
    [{ work_pattern: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 } }, leavePolicyTexts.noWorkingDay],
  ])('refuses %j: %s', (policy, message) => {
    expect(firstMessage(leavePolicyUpdateSchema.safeParse(policy))).toBe(message);
    expect(firstMessage(leavePolicySchema.safeParse(policy))).toBe(message);
  });

  it('keeps what a PUT leaves out', () => {
    const update = leavePolicyUpdateSchema.parse({ vacation: { accrual: 'monthly' }, leave_year_start_month: 4 });
    expect(mergeLeavePolicy(DEFAULT_LEAVE_POLICY, update)).toEqual({
      ...DEFAULT_LEAVE_POLICY,
      leave_year_start_month: 4,
      vacation: { ...DEFAULT_LEAVE_POLICY.vacation, accrual: 'monthly' },
    });
  });
});

describe('employee leave fields', () => {
  it("takes a person's own week of hours, or null for the company's", () => {
    expect(employeeLeaveFields.work_pattern.parse(null)).toBeNull();
    expect(employeeLeaveFields.work_pattern.parse({ mon: 8, tue: 8, wed: 8, thu: 0, fri: 0, sat: 0, sun: 0 })).toEqual({
      mon: 8,
      tue: 8,
      wed: 8,
      thu: 0,
      fri: 0,
      sat: 0,
      sun: 0,
    });
    expect(firstMessage(employeeLeaveFields.end_date.safeParse('2027-02-30'))).toBe('end_date is not a real date');
    expect(firstMessage(employeeLeaveFields.work_pattern_from.safeParse('next week'))).toBe(
      'work_pattern_from must be a date (YYYY-MM-DD)',
    );
  });

  it('lets the six balance figures carry an optional note for the adjustments', () => {
    const figures = {
      vacation_days_total: 25,
      vacation_days_used: 2,
      sick_days_total: 10,
      sick_days_used: 0,
      bank_hours_total: 4,
      bank_hours_used: 0,
    };
    expect(employeeBalancesWithNoteSchema.parse(figures).note).toBeNull();
    expect(employeeBalancesWithNoteSchema.parse({ ...figures, note: ' Opening balance ' }).note).toBe(
      'Opening balance',
    );
  });
});

describe('timeCreditInputSchema', () => {
  const credit = { date: '2027-01-09', hours: 3.5, reason: 'Stocktake on Saturday' };

  it('takes between 0.5 and 24 hours, one decimal, with a reason', () => {
    expect(timeCreditInputSchema.parse(credit)).toEqual(credit);
    expect(firstMessage(timeCreditInputSchema.safeParse({ ...credit, hours: 0.4 }))).toBe('hours must be at least 0.5');
    expect(firstMessage(timeCreditInputSchema.safeParse({ ...credit, hours: 24.5 }))).toBe('hours cannot be above 24');
    expect(firstMessage(timeCreditInputSchema.safeParse({ ...credit, hours: 1.25 }))).toBe(
      'hours must have at most one decimal',
    );
    expect(firstMessage(timeCreditInputSchema.safeParse({ ...credit, reason: '  ' }))).toBe(
      timeCreditTexts.reasonRequired,
    );
  });
});

describe('ledger queries', () => {
  it('reads ?year=YYYY and ?on=YYYY-MM-DD', () => {
    expect(balanceLedgerQuerySchema.parse({ year: '2027' })).toEqual({ year: 2027 });
    expect(balanceLedgerQuerySchema.parse({})).toEqual({});
    expect(firstMessage(balanceLedgerQuerySchema.safeParse({ year: 'next' }))).toBe('year must be a leave year (YYYY)');
    expect(firstMessage(balancesOnQuerySchema.safeParse({ on: '2027-13-01' }))).toBe('on is not a real date');
  });
});

describe('balance texts', () => {
  it('names the year a refused request cannot be covered in', () => {
    expect(insufficientYearBalanceText('vacation', 2027, 2, 3)).toBe(
      'Insufficient vacation balance for 2027: 2 days remaining, 3 requested',
    );
    expect(insufficientYearBalanceText('hours bank', 2026, 1.5, 4)).toBe(
      'Insufficient hours bank balance for 2026: 1.5 hours remaining, 4 requested',
    );
  });

  it("previews a year's first day in plain language", () => {
    expect(
      yearOpeningText({
        on: '2027-01-01',
        granted: 25,
        accrual: 'upfront',
        carried: 2.5,
        expiring: 2.5,
        expiringOn: '2027-03-31',
      }),
    ).toBe('27.5 days on 1 Jan 2027: 25 allowance + 2.5 carried, 2.5 expiring 31 Mar');
  });
});
