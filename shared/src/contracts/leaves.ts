import { z } from 'zod';
import { DEFAULT_LEAVE_TIMES } from './constants';
import { leaveTexts } from './texts';

export const REQUEST_TYPES = ['vacation', 'sick_day', 'hours_bank', 'other'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const LEAVE_TYPES = ['full_day', 'partial_day'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

const leaveDate = (invalid: string) =>
  z
    .string({ error: invalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      // Postgres has no year 0: '0000-01-01' would pass the format and fail the query (a 500).
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '0001-01-01';
    }, invalid);

const clockTime = (field: string) =>
  z
    .string({ error: `${field} must be a time (HH:MM)` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} must be a time (HH:MM)`);

/**
 * A leave request as the 'Submit Leave Request' dialog sends it (spec section 7), with the spec's
 * texts for bad dates. `employee_id` lets an admin record leave for someone; others never send it.
 */
export const leaveRequestInputSchema = z
  .object({
    start_date: leaveDate(leaveTexts.invalidStartDate),
    end_date: leaveDate(leaveTexts.invalidEndDate),
    request_type: z.enum(REQUEST_TYPES, { error: `request_type must be one of: ${REQUEST_TYPES.join(', ')}` }),
    leave_type: z.enum(LEAVE_TYPES, { error: `leave_type must be one of: ${LEAVE_TYPES.join(', ')}` }),
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(500, 'reason must be at most 500 characters')
      .optional(),
    start_time: clockTime('start_time').optional(),
    end_time: clockTime('end_time').optional(),
    employee_id: z.number({ error: 'employee_id must be an employee id' }).int().positive().optional(),
    /** An admin recording leave for someone accepts it inside a blackout period (audited); ignored otherwise. */
    override_blackout: z.boolean({ error: 'override_blackout must be true or false' }).optional(),
  })
  .transform((input) =>
    input.leave_type === 'partial_day'
      ? {
          ...input,
          start_time: input.start_time ?? DEFAULT_LEAVE_TIMES.start,
          end_time: input.end_time ?? DEFAULT_LEAVE_TIMES.end,
        }
      : { ...input, start_time: undefined, end_time: undefined },
  )
  .superRefine((input, ctx) => {
    if (input.leave_type === 'partial_day' && input.start_date !== input.end_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: leaveTexts.partialDaySameDate });
    } else if (input.start_date > input.end_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: leaveTexts.endAfterStart });
    } else if (input.start_time && input.end_time && input.end_time <= input.start_time) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: leaveTexts.endTimeAfterStart });
    }
  });
export type LeaveRequestInput = z.input<typeof leaveRequestInputSchema>;
export type LeaveRequestParsed = z.output<typeof leaveRequestInputSchema>;

export const leaveDecisionSchema = z.object({
  approved: z.boolean({ error: 'approved must be true or false' }),
});

/** A leave request as every leaves route returns it (spec section 3, plus the employee's id). */
export interface LeaveRequestRecord {
  id: number;
  employee_id: number | null;
  employee_name: string;
  request_type: RequestType;
  leave_type: LeaveType;
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  reason: string | null;
  /** Working days (a fraction for a partial day). */
  days_count: number;
  /** Hours: what an hours-bank request takes from the bank. */
  hours_count: number;
  status: LeaveStatus;
  created_at: string;
  decided_at: string | null;
}

export interface LeaveSavedReply extends LeaveRequestRecord {
  message: string;
  warning?: string;
}

export const LEAVE_SORT_FIELDS = [
  'id',
  'created_at',
  'start_date',
  'end_date',
  'status',
  'request_type',
  'employee_name',
  'days_count',
] as const;

/** Upcoming birthday or work anniversary (spec section 3). */
export interface UpcomingEvent {
  id: string;
  type: 'birthday' | 'anniversary';
  message: string;
  daysUntil: number;
  employeeName: string;
  date: string;
}

export interface DashboardSummary {
  /** Admins only. */
  totalEmployees?: number;
  totalRequests: number;
  pendingRequests: number;
  approvedRequests: number;
}
