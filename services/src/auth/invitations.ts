import type { Transaction } from 'sequelize';
import { writeOutbox, type Employee, type Invitation } from '@teamfolk/shared';
import { insertInvitation, revokeOpenInvitations } from './auth.repository';
import { issueEmailToken } from './tokens';

export interface InvitationRequest {
  employee: Employee;
  companyName: string;
  inviterName: string;
  appUrl: string;
  requestId?: string;
}

/**
 * Writes an invitation and its e-mail in the caller's transaction. Earlier open invitations of the
 * same person are revoked, so only the newest link works.
 */
export async function createInvitation(
  transaction: Transaction,
  { employee, companyName, inviterName, appUrl, requestId }: InvitationRequest,
): Promise<{ invitation: Invitation; token: string }> {
  await revokeOpenInvitations(employee.id, new Date(), transaction);
  const { token, tokenHash, expiresAt } = issueEmailToken();
  const invitation = await insertInvitation(
    {
      companyId: employee.companyId,
      employeeId: employee.id,
      email: employee.email,
      name: employee.name,
      tokenHash,
      expiresAt,
    },
    transaction,
  );
  await writeOutbox(transaction, {
    companyId: employee.companyId,
    job: 'send-email',
    requestId,
    payload: {
      idempotencyKey: `invitation-${invitation.id}`,
      to: employee.email,
      mail: {
        template: 'invitation',
        name: employee.name,
        companyName,
        inviterName,
        link: new URL(`/invitation/${token}`, appUrl).toString(),
      },
    },
  });
  return { invitation, token };
}
