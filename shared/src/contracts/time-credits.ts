import { z } from 'zod';
import { timeCreditTexts } from './balance-texts';
import { isoDate } from './employees';
import { hasOneDecimal } from './leave-policy';

/**
 * Time in lieu (issue 29): extra hours a person logs, which an admin's approval credits to their
 * hours bank through the ledger (a `time_credit` entry dated on the day worked).
 */

export const MIN_TIME_CREDIT_HOURS = 0.5;
export const MAX_TIME_CREDIT_HOURS = 24;

/** POST /api/time-credits. `employee_id` lets an admin log hours for someone; others never send it. */
export const timeCreditInputSchema = z.object({
  date: isoDate('date'),
  hours: z
    .number({ error: 'hours must be a number of hours' })
    .finite('hours must be a number of hours')
    .min(MIN_TIME_CREDIT_HOURS, `hours must be at least ${MIN_TIME_CREDIT_HOURS}`)
    .max(MAX_TIME_CREDIT_HOURS, `hours cannot be above ${MAX_TIME_CREDIT_HOURS}`)
    .refine(hasOneDecimal, 'hours must have at most one decimal'),
  reason: z
    .string({ error: timeCreditTexts.reasonRequired })
    .trim()
    .min(1, timeCreditTexts.reasonRequired)
    .max(500, 'reason must be at most 500 characters'),
  employee_id: z.number({ error: 'employee_id must be an employee id' }).int().positive().optional(),
});
export type TimeCreditInput = z.input<typeof timeCreditInputSchema>;
export type TimeCreditParsed = z.output<typeof timeCreditInputSchema>;

/** PUT /api/time-credits/:id/approve */
export const timeCreditDecisionSchema = z.object({
  approved: z.boolean({ error: 'approved must be true or false' }),
});

export const TIME_CREDIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TimeCreditStatus = (typeof TIME_CREDIT_STATUSES)[number];

/** A time credit as every time-credits route returns it. */
export interface TimeCreditRecord {
  id: number;
  employee_id: number;
  employee_name: string;
  /** The day the extra hours were worked. */
  date: string;
  hours: number;
  reason: string;
  status: TimeCreditStatus;
  created_at: string;
  decided_at: string | null;
}

export interface TimeCreditSavedReply extends TimeCreditRecord {
  message: string;
}

export const TIME_CREDIT_SORT_FIELDS = ['id', 'date', 'created_at', 'status', 'employee_name', 'hours'] as const;

/** A credit as its e-mails name it: 'Worked 3.5 extra hours on 2027-01-09'. */
export function describeTimeCredit(credit: Pick<TimeCreditRecord, 'date' | 'hours'>): string {
  return `Worked ${credit.hours} extra ${credit.hours === 1 ? 'hour' : 'hours'} on ${credit.date}`;
}
