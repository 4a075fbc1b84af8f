import type { LeavePolicy, YearOpeningFigures } from '../contracts';
import { buildYearLedger } from './ledger';
import { leaveYearBounds, leaveYearOf } from './leave-years';

/**
 * The leave policy form's example: the first day of the leave year after the one holding `today`,
 * for someone employed all year on the policy's allowance who ends this year with `unusedDays` of
 * vacation left. Worked out by buildYearLedger, as every balance is, so the preview cannot promise
 * what the ledger would not give. yearOpeningText turns it into the sentence.
 */
export function nextYearOpening(policy: LeavePolicy, today: string, unusedDays: number): YearOpeningFigures {
  const startMonth = policy.leave_year_start_month;
  const thisYear = leaveYearOf(today, startMonth);
  const { start } = leaveYearBounds(thisYear + 1, startMonth);
  const allowance = policy.vacation.annual_days;
  const ledger = buildYearLedger({
    policy,
    person: {
      hireDate: leaveYearBounds(thisYear, startMonth).start,
      endDate: null,
      vacationDays: null,
      sickDays: null,
    },
    year: thisYear + 1,
    previous: {
      year: thisYear,
      balances: {
        vacation: { total: allowance, used: allowance - unusedDays, remaining: unusedDays },
        sick: { total: policy.sick.annual_days, used: 0, remaining: policy.sick.annual_days },
        bank: { total: 0, used: 0, remaining: 0 },
      },
      bankLots: [],
    },
    entries: [],
    today: start,
  });
  const granted = ledger.entries
    .filter((entry) => entry.balance === 'vacation' && entry.date === start)
    .filter((entry) => entry.kind === 'allowance' || entry.kind === 'accrual')
    .reduce((sum, entry) => sum + Math.round(entry.amount * 10), 0);
  const { carriedIn, expiring, expiringOn } = ledger.vacationCarryOver;
  return {
    on: start,
    granted: granted / 10,
    accrual: policy.vacation.accrual,
    carried: carriedIn,
    expiring,
    expiringOn,
  };
}
