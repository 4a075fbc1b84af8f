import type { Sequelize } from 'sequelize';
import { AuditEntry } from './audit-entry';
import { Company } from './company';
import { EmailVerificationToken } from './email-verification-token';
import { Employee } from './employee';
import { Invitation } from './invitation';
import { OutboxEvent } from './outbox-event';
import { SentEmail } from './sent-email';
import { User } from './user';

export { AuditEntry, Company, EmailVerificationToken, Employee, Invitation, OutboxEvent, SentEmail, User };

export function initModels(sequelize: Sequelize): void {
  for (const model of [
    Company,
    User,
    Employee,
    Invitation,
    EmailVerificationToken,
    OutboxEvent,
    SentEmail,
    AuditEntry,
  ]) {
    model.initModel(sequelize);
  }
}
