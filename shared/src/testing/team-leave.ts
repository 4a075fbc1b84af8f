import type { TeamLeave } from '../rules/coverage';
import type { LeavePeriod } from '../rules/leaves';

/** Leave periods and a four-person team for the rules' tests that read who is out when. */

export const fullDays = (startDate: string, endDate: string): LeavePeriod => ({
  leaveType: 'full_day',
  startDate,
  endDate,
});
export const partialDay = (date: string, startTime: string, endTime: string): LeavePeriod => ({
  leaveType: 'partial_day',
  startDate: date,
  endDate: date,
  startTime,
  endTime,
});
export const ANA = 1;
export const BEN = 2;
export const CY = 3;
export const DAN = 4;
export const leaveOf = (employeeId: number, period: LeavePeriod): TeamLeave => ({
  employeeId,
  name: { [ANA]: 'Ana', [BEN]: 'Ben', [CY]: 'Cy', [DAN]: 'Dan' }[employeeId] ?? '?',
  period,
});
