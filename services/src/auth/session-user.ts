import {
  hasSubscriptionEnded,
  remaining,
  type ApprovedTeam,
  type Role,
  type SessionUser,
  type SubscriptionTimes,
} from '@teamfolk/shared';

/** A numeric column: text from node-postgres, a number from Postgres's JSON. */
type NumericColumn = string | number | null;

/** The session user's profile as the session reads (auth.repository.ts) return it. */
export interface SessionUserRow {
  id: number;
  role: Role;
  name: string;
  email: string;
  email_verified: boolean;
  company_name: string;
  employee_id: number | null;
  employee_name: string | null;
  vacation_days_total: NumericColumn;
  vacation_days_used: NumericColumn;
  sick_days_total: NumericColumn;
  sick_days_used: NumericColumn;
  bank_hours_total: NumericColumn;
  bank_hours_used: NumericColumn;
  approves_teams: ApprovedTeam[];
  /** The stored figures have passed the day they stop being true (a new leave year, month or expiry). */
  figures_stale: boolean;
}

/** `subscription`: the company's, null when it never subscribed (which closes nothing). */
export function toSessionUser(row: SessionUserRow, subscription: SubscriptionTimes | null): SessionUser {
  const user: SessionUser = {
    id: row.id,
    role: row.role,
    employeeName: row.employee_name ?? row.name,
    email: row.email,
    emailVerified: row.email_verified,
    companyName: row.company_name,
    subscriptionExpired: subscription !== null && hasSubscriptionEnded(subscription, new Date()),
    approvesTeams: row.approves_teams,
  };
  if (row.role !== 'employee' || row.employee_id === null) return user;
  const total = (value: NumericColumn) => Number(value ?? 0);
  const balance = (totalValue: NumericColumn, usedValue: NumericColumn) => ({
    total: total(totalValue),
    used: total(usedValue),
    remaining: remaining(total(totalValue), total(usedValue)),
  });
  const vacation = balance(row.vacation_days_total, row.vacation_days_used);
  const sick = balance(row.sick_days_total, row.sick_days_used);
  const bank = balance(row.bank_hours_total, row.bank_hours_used);
  return {
    ...user,
    employeeId: row.employee_id,
    vacationDaysTotal: vacation.total,
    vacationDaysUsed: vacation.used,
    vacationDaysRemaining: vacation.remaining,
    sickDaysTotal: sick.total,
    sickDaysUsed: sick.used,
    sickDaysRemaining: sick.remaining,
    bankHoursTotal: bank.total,
    bankHoursUsed: bank.used,
    bankHoursRemaining: bank.remaining,
  };
}
