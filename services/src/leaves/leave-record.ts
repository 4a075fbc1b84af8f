import { LEAVE_STATUSES, LEAVE_TYPES, REQUEST_TYPES, type LeaveRequestRecord } from '@teamfolk/shared';
import {
  clock,
  date,
  defineRecord,
  instant,
  integer,
  nullableInstant,
  nullableInteger,
  nullableText,
  numeric,
  oneOf,
  text,
} from '../db/record-definition';

/** Spec section 3's leave request, over `leave_requests l`. */
export const LEAVE_RECORD = defineRecord<LeaveRequestRecord>()('leave_requests', 'l', {
  id: integer('id'),
  employee_id: nullableInteger('employee_id'),
  employee_name: text('employee_name'),
  request_type: oneOf('request_type', REQUEST_TYPES),
  leave_type: oneOf('leave_type', LEAVE_TYPES),
  start_date: date('start_date'),
  end_date: date('end_date'),
  start_time: clock('start_time'),
  end_time: clock('end_time'),
  reason: nullableText('reason'),
  days_count: numeric('days_count'),
  hours_count: numeric('hours_count'),
  status: oneOf('status', LEAVE_STATUSES),
  created_at: instant('created_at'),
  decided_at: nullableInstant('decided_at'),
});

/** A leave request's row, as its record reads it. */
export type LeaveRow = Parameters<typeof LEAVE_RECORD.of>[0];

/** The record of a row read or written. */
export const toLeaveRecord = (row: LeaveRow): LeaveRequestRecord => LEAVE_RECORD.of(row);
