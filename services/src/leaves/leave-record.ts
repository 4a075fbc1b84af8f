import type { LeaveRequestRecord } from '@teamfolk/shared';
import { isoTimestamp } from '../http/paged-select';

export const LEAVE_COLUMNS = `l.id, l.employee_id, l.employee_name, l.request_type, l.leave_type, l.start_date, l.end_date,
  l.start_time, l.end_time, l.reason, l.days_count, l.hours_count, l.status, l.created_at, l.decided_at`;

export interface LeaveRow {
  id: number;
  employee_id: number | null;
  employee_name: string;
  request_type: LeaveRequestRecord['request_type'];
  leave_type: LeaveRequestRecord['leave_type'];
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  reason: string | null;
  days_count: string | number;
  hours_count: string | number;
  status: LeaveRequestRecord['status'];
  created_at: Date;
  decided_at: Date | null;
}

/** Postgres `time` comes back as HH:MM:SS; the API speaks HH:MM like the form. */
export const clock = (value: string | null) => (value ? value.slice(0, 5) : null);

export function toLeaveRecord(row: LeaveRow): LeaveRequestRecord {
  return {
    id: row.id,
    employee_id: row.employee_id,
    employee_name: row.employee_name,
    request_type: row.request_type,
    leave_type: row.leave_type,
    start_date: row.start_date,
    end_date: row.end_date,
    start_time: clock(row.start_time),
    end_time: clock(row.end_time),
    reason: row.reason,
    days_count: Number(row.days_count),
    hours_count: Number(row.hours_count),
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}

/** toLeaveRecord's record as Postgres writes it (for lists): a select list over `leave_requests l`. */
export const LEAVE_RECORD_SELECT = `l.id, l.employee_id, l.employee_name, l.request_type, l.leave_type, l.start_date,
  l.end_date, to_char(l.start_time, 'HH24:MI') AS start_time, to_char(l.end_time, 'HH24:MI') AS end_time, l.reason,
  trim_scale(l.days_count) AS days_count, trim_scale(l.hours_count) AS hours_count, l.status,
  ${isoTimestamp('l.created_at')} AS created_at, ${isoTimestamp('l.decided_at')} AS decided_at`;
