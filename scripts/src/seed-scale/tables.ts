import type { BulkWriter, TableBatch, TableSpec } from './bulk-writer';

/** Rows as the seed writes them: the migrations' columns, with the kinds they travel as. */

export interface CompanyRow {
  id: number;
  name: string;
  country: string | null;
  region: string | null;
  time_zone: string;
  created_at: number;
  updated_at: number;
}

export interface UserRow {
  id: number;
  company_id: number;
  email: string;
  password_hash: string;
  role: string;
  name: string;
  email_verified_at: number;
  last_login_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface VerificationTokenRow {
  id: number;
  company_id: number;
  user_id: number;
  token_hash: string;
  expires_at: number;
  used_at: number;
  created_at: number;
  updated_at: number;
}

export interface EmployeeRow {
  id: number;
  company_id: number;
  user_id: number | null;
  name: string;
  email: string;
  job_role: string;
  hire_date: number;
  birthday: number | null;
  vacation_days_total: number;
  vacation_days_used: number;
  sick_days_total: number;
  sick_days_used: number;
  bank_hours_total: number;
  bank_hours_used: number;
  vacation_days_allowance: number | null;
  ledger_from_year: number;
  vacation_days_carried: number;
  vacation_days_expiring: number;
  vacation_days_expiring_on: number | null;
  balance_figures_valid_until: number;
  derived_entries_year: number;
  /** JSON text. */
  derived_entries: string;
  /** JSON text. */
  derived_closing: string;
  team_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface LeavePolicyRow {
  company_id: number;
  applies_from_year: number;
  policy: string;
  created_at: number;
}

export interface TeamRow {
  id: number;
  company_id: number;
  name: string;
  max_absent: number | null;
  created_at: number;
}

export interface TeamApproverRow {
  company_id: number;
  team_id: number;
  employee_id: number;
  position: number;
}

export interface TimeCreditRow {
  id: number;
  company_id: number;
  employee_id: number;
  user_id: number;
  date: number;
  hours: number;
  reason: string;
  status: string;
  created_by: number;
  created_at: number;
  decided_at: number | null;
  decided_by: number | null;
}

export interface BalanceEntryRow {
  company_id: number;
  employee_id: number;
  leave_year: number;
  balance: string;
  kind: string;
  figure: string;
  entry_date: number;
  amount: number;
  note: string | null;
  leave_request_id: number | null;
  time_credit_id: number | null;
  created_at: number;
}

export interface LeaveDayRow {
  company_id: number;
  employee_id: number;
  leave_request_id: number;
  date: number;
  request_type: string;
  days: number;
  hours: number;
}

export interface YearClosingRow {
  company_id: number;
  employee_id: number;
  year: number;
  closing: string;
  created_at: number;
}

export interface InvitationRow {
  id: number;
  company_id: number;
  employee_id: number;
  email: string;
  name: string;
  token_hash: string;
  expires_at: number;
  accepted_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SubscriptionRow {
  company_id: number;
  status: string;
  current_period_end: number;
  provider_customer_id: string;
  provider_subscription_id: string;
  default_payment_method_id: string;
  seat_quantity: number;
  provider_state_at: number;
  created_at: number;
  updated_at: number;
}

export interface PaymentObjectRow {
  id: string;
  type: string;
  company_id: number;
  customer_id: string;
  data: string;
  created_at: number;
  updated_at: number;
}

export interface BillingCycleRow {
  company_id: number;
  billing_date: number;
  seat_count: number;
  amount_due: number;
  status: string;
  paid_at: number;
  provider_invoice_id: string;
  created_at: number;
  updated_at: number;
}

export interface SentEmailRow {
  company_id: number;
  idempotency_key: string;
  recipient: string;
  template: string;
  sent_at: number;
}

export interface SecurityEventRow {
  company_id: number;
  user_id: number;
  kind: string;
  email: string;
  ip: string;
  user_agent: string;
  route: string;
  status: number;
  created_at: number;
}

export interface AuditRow {
  company_id: number;
  actor_user_id: number;
  action: string;
  entity: string;
  entity_id: string;
  before: string | null;
  after: string | null;
  created_at: number;
}

export interface LeaveRow {
  id: number;
  company_id: number;
  employee_id: number;
  user_id: number;
  employee_name: string;
  request_type: string;
  leave_type: string;
  start_date: number;
  end_date: number;
  start_time: number | null;
  end_time: number | null;
  reason: string | null;
  days_count: number;
  hours_count: number;
  status: string;
  created_by: number;
  decided_by: number | null;
  decided_at: number | null;
  created_at: number;
  updated_at: number;
}

export const LEAVE_COLUMNS: TableSpec<LeaveRow> = {
  id: 'integer',
  company_id: 'integer',
  employee_id: 'integer',
  user_id: 'integer',
  employee_name: 'text',
  request_type: 'text',
  leave_type: 'text',
  start_date: 'day',
  end_date: 'day',
  start_time: 'clock',
  end_time: 'clock',
  reason: 'text',
  days_count: 'tenths',
  hours_count: 'tenths',
  status: 'text',
  created_by: 'integer',
  decided_by: 'integer',
  decided_at: 'instant',
  created_at: 'instant',
  updated_at: 'instant',
};

export const BALANCE_ENTRY_COLUMNS: TableSpec<BalanceEntryRow> = {
  company_id: 'integer',
  employee_id: 'integer',
  leave_year: 'integer',
  balance: 'text',
  kind: 'text',
  figure: 'text',
  entry_date: 'day',
  amount: 'tenths',
  note: 'text',
  leave_request_id: 'integer',
  time_credit_id: 'integer',
  created_at: 'instant',
};

export const LEAVE_DAY_COLUMNS: TableSpec<LeaveDayRow> = {
  company_id: 'integer',
  employee_id: 'integer',
  leave_request_id: 'integer',
  date: 'day',
  request_type: 'text',
  days: 'tenths',
  hours: 'tenths',
};

export interface SeedTables {
  companies: TableBatch<CompanyRow>;
  leavePolicies: TableBatch<LeavePolicyRow>;
  users: TableBatch<UserRow>;
  verificationTokens: TableBatch<VerificationTokenRow>;
  teams: TableBatch<TeamRow>;
  employees: TableBatch<EmployeeRow>;
  teamApprovers: TableBatch<TeamApproverRow>;
  timeCredits: TableBatch<TimeCreditRow>;
  balanceEntries: TableBatch<BalanceEntryRow>;
  yearClosings: TableBatch<YearClosingRow>;
  invitations: TableBatch<InvitationRow>;
  subscriptions: TableBatch<SubscriptionRow>;
  paymentObjects: TableBatch<PaymentObjectRow>;
  billingCycles: TableBatch<BillingCycleRow>;
  sentEmails: TableBatch<SentEmailRow>;
  securityEvents: TableBatch<SecurityEventRow>;
  audit: TableBatch<AuditRow>;
}

/** Every table but the leave requests, registered parents first: a batch is only ever sent after the rows it refers to. */
export function seedTables(writer: BulkWriter): SeedTables {
  return {
    companies: writer.table<CompanyRow>('companies', {
      id: 'integer',
      name: 'text',
      country: 'text',
      region: 'text',
      time_zone: 'text',
      created_at: 'instant',
      updated_at: 'instant',
    }),
    leavePolicies: writer.table<LeavePolicyRow>('leave_policies', {
      company_id: 'integer',
      applies_from_year: 'integer',
      policy: 'json',
      created_at: 'instant',
    }),
    users: writer.table<UserRow>('users', {
      id: 'integer',
      company_id: 'integer',
      email: 'text',
      password_hash: 'text',
      role: 'text',
      name: 'text',
      email_verified_at: 'instant',
      last_login_at: 'instant',
      created_at: 'instant',
      updated_at: 'instant',
    }),
    verificationTokens: writer.table<VerificationTokenRow>('email_verification_tokens', {
      id: 'integer',
      company_id: 'integer',
      user_id: 'integer',
      token_hash: 'text',
      expires_at: 'instant',
      used_at: 'instant',
      created_at: 'instant',
      updated_at: 'instant',
    }),
    teams: writer.table<TeamRow>('teams', {
      id: 'integer',
      company_id: 'integer',
      name: 'text',
      max_absent: 'integer',
      created_at: 'instant',
    }),
    employees: writer.table<EmployeeRow>('employees', {
      id: 'integer',
      company_id: 'integer',
      user_id: 'integer',
      name: 'text',
      email: 'text',
      job_role: 'text',
      hire_date: 'day',
      birthday: 'day',
      vacation_days_total: 'tenths',
      vacation_days_used: 'tenths',
      sick_days_total: 'tenths',
      sick_days_used: 'tenths',
      bank_hours_total: 'tenths',
      bank_hours_used: 'tenths',
      vacation_days_allowance: 'tenths',
      ledger_from_year: 'integer',
      vacation_days_carried: 'tenths',
      vacation_days_expiring: 'tenths',
      vacation_days_expiring_on: 'day',
      balance_figures_valid_until: 'day',
      derived_entries_year: 'integer',
      derived_entries: 'json',
      derived_closing: 'json',
      team_id: 'integer',
      created_at: 'instant',
      updated_at: 'instant',
    }),
    teamApprovers: writer.table<TeamApproverRow>('team_approvers', {
      company_id: 'integer',
      team_id: 'integer',
      employee_id: 'integer',
      position: 'integer',
    }),
    timeCredits: writer.table<TimeCreditRow>('time_credits', {
      id: 'integer',
      company_id: 'integer',
      employee_id: 'integer',
      user_id: 'integer',
      date: 'day',
      hours: 'tenths',
      reason: 'text',
      status: 'text',
      created_by: 'integer',
      created_at: 'instant',
      decided_at: 'instant',
      decided_by: 'integer',
    }),
    balanceEntries: writer.table<BalanceEntryRow>('balance_entries', BALANCE_ENTRY_COLUMNS),
    yearClosings: writer.table<YearClosingRow>('balance_year_closings', {
      company_id: 'integer',
      employee_id: 'integer',
      year: 'integer',
      closing: 'json',
      created_at: 'instant',
    }),
    invitations: writer.table<InvitationRow>('invitations', {
      id: 'integer',
      company_id: 'integer',
      employee_id: 'integer',
      email: 'text',
      name: 'text',
      token_hash: 'text',
      expires_at: 'instant',
      accepted_at: 'instant',
      created_at: 'instant',
      updated_at: 'instant',
    }),
    subscriptions: writer.table<SubscriptionRow>('subscriptions', {
      company_id: 'integer',
      status: 'text',
      current_period_end: 'instant',
      provider_customer_id: 'text',
      provider_subscription_id: 'text',
      default_payment_method_id: 'text',
      seat_quantity: 'integer',
      provider_state_at: 'instant',
      created_at: 'instant',
      updated_at: 'instant',
    }),
    paymentObjects: writer.table<PaymentObjectRow>('local_payment_objects', {
      id: 'text',
      type: 'text',
      company_id: 'integer',
      customer_id: 'text',
      data: 'json',
      created_at: 'instant',
      updated_at: 'instant',
    }),
    billingCycles: writer.table<BillingCycleRow>('billing_cycles', {
      company_id: 'integer',
      billing_date: 'day',
      seat_count: 'integer',
      amount_due: 'integer',
      status: 'text',
      paid_at: 'instant',
      provider_invoice_id: 'text',
      created_at: 'instant',
      updated_at: 'instant',
    }),
    sentEmails: writer.table<SentEmailRow>('sent_emails', {
      company_id: 'integer',
      idempotency_key: 'text',
      recipient: 'text',
      template: 'text',
      sent_at: 'instant',
    }),
    securityEvents: writer.table<SecurityEventRow>('security_events', {
      company_id: 'integer',
      user_id: 'integer',
      kind: 'text',
      email: 'text',
      ip: 'text',
      user_agent: 'text',
      route: 'text',
      status: 'integer',
      created_at: 'instant',
    }),
    audit: writer.table<AuditRow>('audit_log', {
      company_id: 'integer',
      actor_user_id: 'integer',
      action: 'text',
      entity: 'text',
      entity_id: 'text',
      before: 'json',
      after: 'json',
      created_at: 'instant',
    }),
  };
}
