import { Company, Employee } from '@teamfolk/shared';
import { createInvitation } from '@teamfolk/services';
import { withE2eDatabase } from './database';

/**
 * Invites a person into a new company straight through the services layer (the employees screen
 * that does it for users comes with its own issue); the product e-mails the link as usual.
 */
export async function inviteEmployee(appUrl: string, person: { name: string; email: string }): Promise<void> {
  await withE2eDatabase(async (sequelize) => {
    await sequelize.transaction(async (transaction) => {
      const company = await Company.create({ name: 'Harbour Cafe' }, { transaction });
      const employee = await Employee.create(
        { companyId: company.id, name: person.name, email: person.email, vacationDaysUsed: 3 },
        { transaction },
      );
      await createInvitation(transaction, { employee, companyName: company.name, inviterName: 'Hana Harbour', appUrl });
    });
  });
}
