import { LeaveRequest } from '@teamfolk/shared';
import { uniqueEmail } from './fixtures';
import { writeCompanyWithPeople, type TeamMember } from './team';

const PASSWORD = 'a strong password';

export interface ReportsCompany {
  admin: TeamMember;
  teamId: number;
  teamName: string;
}

/** The latest weekday of this month up to today, or none (on a weekend's 1st or 2nd). */
function recentWorkingDay(today = new Date()): string | undefined {
  for (let day = today.getDate(); day >= 1; day -= 1) {
    const date = new Date(today.getFullYear(), today.getMonth(), day);
    if (date.getDay() !== 0 && date.getDay() !== 6)
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  return undefined;
}

/**
 * A company (its leave year starting this month) whose employee is in the team 'Kitchen' and was off
 * sick for a working day this month, approved: something for each report to count.
 */
export async function createCompanyWithTeam(): Promise<ReportsCompany> {
  const admin = { name: 'Rita Reports', email: uniqueEmail('reports-admin'), password: PASSWORD };
  const employee = { name: 'Sam Sickday', email: uniqueEmail('reports-employee'), password: PASSWORD };
  const teamName = 'Kitchen';
  let teamId = 0;
  await writeCompanyWithPeople(
    { companyName: 'Corner Bistro', admin, employee },
    async (transaction, companyId, record) => {
      const sequelize = record.sequelize;
      const [[team]] = (await sequelize.query(
        'INSERT INTO teams (company_id, name) VALUES (:companyId, :teamName) RETURNING id',
        { transaction, replacements: { companyId, teamName } },
      )) as [Array<{ id: number }>, unknown];
      teamId = team!.id;
      await sequelize.query('UPDATE employees SET team_id = :teamId WHERE id = :employeeId', {
        transaction,
        replacements: { teamId, employeeId: record.id },
      });
      const sickDay = recentWorkingDay();
      if (!sickDay) return;
      await LeaveRequest.create(
        {
          companyId,
          employeeId: record.id,
          userId: record.userId ?? null,
          employeeName: employee.name,
          requestType: 'sick_day',
          leaveType: 'full_day',
          startDate: sickDay,
          endDate: sickDay,
          startTime: null,
          endTime: null,
          reason: null,
          daysCount: 1,
          hoursCount: 8,
          status: 'approved',
          createdBy: record.userId ?? null,
        },
        { transaction },
      );
    },
  );
  return { admin, teamId, teamName };
}
