import type { Sequelize } from 'sequelize';
import { AuditEntry } from './audit-entry';
import { Company } from './company';
import { EmailVerificationToken } from './email-verification-token';
import { Employee } from './employee';
import { Invitation } from './invitation';
import { LeaveRequest } from './leave-request';
import { OutboxEvent } from './outbox-event';
import { SentEmail } from './sent-email';
import { Subscription } from './subscription';
import { User } from './user';

export {
  AuditEntry,
  Company,
  EmailVerificationToken,
  Employee,
  Invitation,
  LeaveRequest,
  OutboxEvent,
  SentEmail,
  Subscription,
  User,
};
export type { SubscriptionStatus } from './subscription';

export function initModels(sequelize: Sequelize): void {
  for (const model of [
    Company,
    User,
    Employee,
    Invitation,
    EmailVerificationToken,
    LeaveRequest,
    OutboxEvent,
    SentEmail,
    Subscription,
    AuditEntry,
  ]) {
    model.initModel(sequelize);
  }
}
