import { Employee, LeaveRequest } from '@teamfolk/shared';
import type { LeaveStatus, RequestType } from '@teamfolk/shared';
import { uniqueEmail } from './fixtures';
import { writeCompanyWithPeople } from './team';

export interface CalendarAccount {
  name: string;
  email: string;
  password: string;
}

export interface CalendarLeave {
  employeeName: string;
  requestType: RequestType;
  startDate: string;
  endDate: string;
  status: Extract<LeaveStatus, 'approved' | 'pending'>;
}

export interface CalendarCompany {
  admin: CalendarAccount;
  /** An employee who accepted the invitation; the other people on leave have no account. */
  employee: CalendarAccount;
}

const PASSWORD = 'a strong password';
const DAY_MS = 86_400_000;

/** Whole days from start to end, both included; the calendar shows the span, the count only matters to balances. */
const daysIn = ({ startDate, endDate }: CalendarLeave) =>
  (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS + 1;

/**
 * A company with a verified admin, an employee with an account and the given full-day leave requests,
 * written straight through the shared models: the calendar specs start from leave that already exists.
 */
export async function createCompanyWithLeave(
  employeeName: string,
  leaves: readonly CalendarLeave[],
): Promise<CalendarCompany> {
  const admin = { name: 'Cora Calendar', email: uniqueEmail('calendar-admin'), password: PASSWORD };
  const employee = { name: employeeName, email: uniqueEmail('calendar-employee'), password: PASSWORD };
  await writeCompanyWithPeople(
    { companyName: 'Lighthouse Books', admin, employee },
    async (transaction, companyId, employeeRecord) => {
      const people = new Map<string, Employee>([[employee.name, employeeRecord]]);
      for (const leave of leaves) {
        const person =
          people.get(leave.employeeName) ??
          (await Employee.create(
            { companyId, name: leave.employeeName, email: uniqueEmail('calendar-colleague') },
            { transaction },
          ));
        people.set(leave.employeeName, person);
        await LeaveRequest.create(
          {
            companyId,
            employeeId: person.id,
            userId: person.userId ?? null,
            employeeName: leave.employeeName,
            requestType: leave.requestType,
            leaveType: 'full_day',
            startDate: leave.startDate,
            endDate: leave.endDate,
            startTime: null,
            endTime: null,
            reason: null,
            daysCount: daysIn(leave),
            hoursCount: daysIn(leave) * 8,
            status: leave.status,
            createdBy: person.userId ?? null,
          },
          { transaction },
        );
      }
    },
  );
  return { admin, employee };
}
