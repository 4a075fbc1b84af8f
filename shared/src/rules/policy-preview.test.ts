import { DEFAULT_LEAVE_POLICY, leavePolicySchema, yearOpeningText, type LeavePolicyInput } from '../contracts';
import { nextYearOpening } from './policy-preview';

const policyOf = (input: LeavePolicyInput) => leavePolicySchema.parse(input);
const sentence = (input: LeavePolicyInput, today: string, unusedDays: number) =>
  yearOpeningText(nextYearOpening(policyOf(input), today, unusedDays));

describe(nextYearOpening.name, () => {
  it('gives the worked example: 27.5 days on 1 Jan 2027, 2.5 of them carried and expiring 31 March', () => {
    expect(sentence({ vacation: { carry_over_max_days: 5, carry_over_expiry_months: 3 } }, '2026-11-28', 2.5)).toBe(
      '27.5 days on 1 Jan 2027: 25 allowance + 2.5 carried, 2.5 expiring 31 Mar',
    );
  });

  it('opens the default policy with the allowance alone, whatever is left over', () => {
    expect(nextYearOpening(DEFAULT_LEAVE_POLICY, '2026-06-15', 8)).toEqual({
      on: '2027-01-01',
      granted: 25,
      accrual: 'upfront',
      carried: 0,
      expiring: 0,
      expiringOn: null,
    });
  });

  it('carries at most the cap, and never expires carried days when the policy keeps them', () => {
    expect(sentence({ vacation: { carry_over_max_days: 5 } }, '2026-06-15', 8)).toBe(
      '30 days on 1 Jan 2027: 25 allowance + 5 carried',
    );
  });

  it('grants a first month’s twelfth under monthly accrual', () => {
    expect(
      sentence(
        { vacation: { accrual: 'monthly', carry_over_max_days: 5, carry_over_expiry_months: 3 } },
        '2026-11-28',
        10,
      ),
    ).toBe('7.1 days on 1 Jan 2027: 2.1 accrued + 5 carried, 5 expiring 31 Mar');
  });

  it('follows a leave year that starts in April, from a date in its last month', () => {
    expect(
      sentence(
        { leave_year_start_month: 4, vacation: { carry_over_max_days: 3, carry_over_expiry_months: 2 } },
        '2027-03-20',
        4,
      ),
    ).toBe('28 days on 1 Apr 2027: 25 allowance + 3 carried, 3 expiring 31 May');
  });
});
