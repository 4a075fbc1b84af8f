import {
  DEFAULT_LEAVE_POLICY,
  outboxRowOf,
  plusDays,
  reminderDueAt,
  REMINDER_AFTER_WORKING_DAYS,
  daysInclusive,
  type OutboxRow,
  type WorkPattern,
} from '@teamfolk/shared';
import { publicHolidays } from '../calendar/holidays';

/** Far enough ahead for two working days past any run of holidays and days off. */
const LOOK_AHEAD_DAYS = 31;

/**
 * The outbox event that schedules a new request's reminder: due the same time of day, the
 * REMINDER_AFTER_WORKING_DAYS-th working day of the company (its week and public holidays) after
 * the company's `today`. Counted in whole days from `now`, so across a clock change it is an hour off.
 */
export function reminderOutboxRow({
  companyId,
  leaveRequestId,
  now,
  today,
  country,
  region,
  companyPattern = DEFAULT_LEAVE_POLICY.work_pattern,
  requestId,
}: {
  companyId: number;
  leaveRequestId: number;
  now: Date;
  /** The company's day at `now`. */
  today: string;
  country: string | null;
  region: string | null;
  companyPattern?: WorkPattern;
  requestId?: string;
}): OutboxRow {
  const holidays = publicHolidays(country, region, today, plusDays(today, LOOK_AHEAD_DAYS));
  const due = reminderDueAt(
    { date: today, time: '00:00' },
    { companyPattern, holidays: new Set(holidays.map((holiday) => holiday.date)) },
    REMINDER_AFTER_WORKING_DAYS,
  );
  const remindAt = new Date(now.getTime() + (daysInclusive(today, due.date) - 1) * 24 * 3600 * 1000);
  return outboxRowOf({
    companyId,
    job: 'schedule-leave-reminder',
    requestId,
    payload: { leaveRequestId, remindAt: remindAt.toISOString() },
  });
}
