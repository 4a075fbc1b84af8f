import { QueryTypes, type Sequelize } from 'sequelize';
import { hasSubscriptionEnded, remaining, type Role, type SessionUser, type SubscriptionTimes } from '@teamfolk/shared';

/** The columns of the session user's profile, read from `users u` with {@link SESSION_USER_JOINS}. */
export const SESSION_USER_COLUMNS = `u.name, u.email, u.email_verified_at IS NOT NULL AS email_verified,
            c.name AS company_name, e.name AS employee_name,
            e.vacation_days_total, e.vacation_days_used, e.sick_days_total, e.sick_days_used,
            e.bank_hours_total, e.bank_hours_used`;

export const SESSION_USER_JOINS = `JOIN companies c ON c.id = u.company_id
       LEFT JOIN employees e ON e.user_id = u.id AND e.company_id = u.company_id AND e.deleted_at IS NULL`;

/** A numeric column: text from node-postgres, a number from Postgres's JSON. */
type NumericColumn = string | number | null;

export interface SessionUserRow {
  id: number;
  role: Role;
  name: string;
  email: string;
  email_verified: boolean;
  company_name: string;
  employee_name: string | null;
  vacation_days_total: NumericColumn;
  vacation_days_used: NumericColumn;
  sick_days_total: NumericColumn;
  sick_days_used: NumericColumn;
  bank_hours_total: NumericColumn;
  bank_hours_used: NumericColumn;
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
  };
  if (row.role !== 'employee' || row.vacation_days_total === null) return user;
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

type SessionUserWithSubscriptionRow = SessionUserRow & {
  status: SubscriptionTimes['status'] | null;
  current_period_end: Date | null;
  ended_at: Date | null;
  updated_at: Date | null;
};

/** The session user of section 3 in one query. */
export async function loadSessionUser(sequelize: Sequelize, userId: number): Promise<SessionUser | null> {
  const [row] = await sequelize.query<SessionUserWithSubscriptionRow>(
    `SELECT u.id, u.role, ${SESSION_USER_COLUMNS},
            s.status, s.current_period_end, s.ended_at, s.updated_at
       FROM users u
       ${SESSION_USER_JOINS}
       LEFT JOIN subscriptions s ON s.company_id = u.company_id
      WHERE u.id = :userId AND u.disabled_at IS NULL`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  if (!row) return null;
  const subscription = row.status
    ? { status: row.status, currentPeriodEnd: row.current_period_end, endedAt: row.ended_at, updatedAt: row.updated_at }
    : null;
  return toSessionUser(row, subscription);
}
