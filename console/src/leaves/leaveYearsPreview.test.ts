import type { LeaveAcrossYearsPreview } from '@teamfolk/shared/rules';
import { balanceLineOf } from './leaveYearsPreview';

const base: LeaveAcrossYearsPreview = {
  duration: { days: 7, hours: 56 },
  kind: 'vacation',
  currentYear: 2026,
  parts: [],
  refusal: null,
  sickOverdrawn: false,
  noWorkingDay: false,
};
const in2026 = { leaveYear: 2026, checkedOn: '2026-12-28', requested: 4, available: 10, after: 6 };
const in2027 = { leaveYear: 2027, checkedOn: '2027-01-01', requested: 3, available: 25, after: 22 };

describe(balanceLineOf.name, () => {
  it('should show this year’s balance as before for a request wholly in the current leave year', () => {
    expect(balanceLineOf({ ...base, parts: [in2026] })).toEqual({ show: 'remaining', available: 10 });
    expect(balanceLineOf({ ...base, parts: [{ ...in2026, available: null, after: null }] })).toBeNull();
  });

  it('should show each year’s part of 28 Dec 2026 – 5 Jan 2027, and next year’s alone for a request in it', () => {
    expect(balanceLineOf({ ...base, parts: [in2026, in2027] })).toEqual({ show: 'byYear', parts: [in2026, in2027] });
    expect(balanceLineOf({ ...base, parts: [in2027] })).toEqual({ show: 'byYear', parts: [in2027] });
  });

  it('should show no balance for other leave or for dates with no working day', () => {
    expect(balanceLineOf({ ...base, kind: null })).toBeNull();
    expect(balanceLineOf(base)).toBeNull();
  });
});
