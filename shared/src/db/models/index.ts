import type { Sequelize } from 'sequelize';
import { AuditEntry } from './audit-entry';
import { BillingCheckout } from './billing-checkout';
import { BillingCycle } from './billing-cycle';
import { Company } from './company';
import { DataErasure } from './data-erasure';
import { DataExport } from './data-export';
import { EmailVerificationToken } from './email-verification-token';
import { Employee } from './employee';
import { Invitation } from './invitation';
import { LeaveRequest } from './leave-request';
import { LocalPaymentObject } from './local-payment-object';
import { OutboxEvent } from './outbox-event';
import { SecurityEvent } from './security-event';
import { SentEmail } from './sent-email';
import { StripeEvent } from './stripe-event';
import { Subscription } from './subscription';
import { TwoFactorRecoveryCode } from './two-factor-recovery-code';
import { User } from './user';
import { UserTwoFactor } from './user-two-factor';

export {
  AuditEntry,
  BillingCheckout,
  BillingCycle,
  Company,
  DataErasure,
  DataExport,
  EmailVerificationToken,
  Employee,
  Invitation,
  LeaveRequest,
  LocalPaymentObject,
  OutboxEvent,
  SecurityEvent,
  SentEmail,
  StripeEvent,
  Subscription,
  TwoFactorRecoveryCode,
  User,
  UserTwoFactor,
};
export type { SecurityEventKind } from './security-event';
export type { SubscriptionStatus } from './subscription';
export type { CheckoutMode } from './billing-checkout';
export type { LocalPaymentObjectType } from './local-payment-object';

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
    BillingCheckout,
    BillingCycle,
    StripeEvent,
    LocalPaymentObject,
    DataErasure,
    DataExport,
    SecurityEvent,
    UserTwoFactor,
    TwoFactorRecoveryCode,
  ]) {
    model.initModel(sequelize);
  }
}
