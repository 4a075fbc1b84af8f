import { z } from 'zod';
import { DATA_EXPORT_SCOPES } from '../contracts/privacy';

/**
 * The job catalogue: every queue, every job name and its payload schema, in one place. The outbox
 * validates a payload against it when the event is written, and workers refuse to start when a
 * job of their queue has no handler.
 */
export const QUEUE_NAMES = ['email', 'billing', 'maintenance'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

const verifyEmailMail = z.object({
  template: z.literal('verify-email'),
  name: z.string(),
  companyName: z.string(),
  link: z.url(),
});

const invitationMail = z.object({
  template: z.literal('invitation'),
  name: z.string(),
  companyName: z.string(),
  inviterName: z.string(),
  link: z.url(),
});

const leaveSubmittedMail = z.object({
  template: z.literal('leave-submitted'),
  name: z.string(),
  employeeName: z.string(),
  summary: z.string(),
  reason: z.string().nullable(),
  link: z.url(),
  /** Why the admins, not the team's approvers, were sent it: 'the approver is away until 12 January' (issue 30). */
  routedBecause: z.string().optional(),
});

const leaveDecidedMail = z.object({
  template: z.literal('leave-decided'),
  name: z.string(),
  decision: z.enum(['approved', 'rejected']),
  summary: z.string(),
  link: z.url(),
});

const timeCreditSubmittedMail = z.object({
  template: z.literal('time-credit-submitted'),
  name: z.string(),
  employeeName: z.string(),
  /** 'Worked 3.5 extra hours on 2027-01-09'. */
  summary: z.string(),
  reason: z.string(),
  link: z.url(),
});

const timeCreditDecidedMail = z.object({
  template: z.literal('time-credit-decided'),
  name: z.string(),
  decision: z.enum(['approved', 'rejected']),
  summary: z.string(),
  link: z.url(),
});

const paymentFailedMail = z.object({
  template: z.literal('payment-failed'),
  name: z.string(),
  companyName: z.string(),
  /** Cents. */
  amountDue: z.number().int().min(0),
  /** The billed month, YYYY-MM-01. */
  billingDate: z.string(),
  link: z.url(),
});

const subscriptionCanceledMail = z.object({
  template: z.literal('subscription-canceled'),
  name: z.string(),
  companyName: z.string(),
  /** true: access has ended; false: access lasts until `endsAt`. */
  ended: z.boolean(),
  /** YYYY-MM-DD. */
  endsAt: z.string(),
  link: z.url(),
});

const dataExportReadyMail = z.object({
  template: z.literal('data-export-ready'),
  name: z.string(),
  scope: z.enum(DATA_EXPORT_SCOPES),
  /** ISO instant: when the download link stops working. */
  expiresAt: z.iso.datetime(),
  /** Where the signed-in person downloads it (the link itself needs their session). */
  link: z.url(),
});

const dataDeletionNoticeMail = z.object({
  template: z.literal('data-deletion-notice'),
  name: z.string(),
  companyName: z.string(),
  /** YYYY-MM-DD. */
  deletionDate: z.string(),
  link: z.url(),
});

export const sendEmailPayload = z.object({
  /** Stored in sent_emails: a job that runs twice sends one mail. */
  idempotencyKey: z.string().min(1).max(200),
  to: z.email(),
  mail: z.discriminatedUnion('template', [
    verifyEmailMail,
    invitationMail,
    leaveSubmittedMail,
    leaveDecidedMail,
    timeCreditSubmittedMail,
    timeCreditDecidedMail,
    paymentFailedMail,
    subscriptionCanceledMail,
    dataDeletionNoticeMail,
    dataExportReadyMail,
  ]),
});
export type SendEmailPayload = z.infer<typeof sendEmailPayload>;
export type MailContent = SendEmailPayload['mail'];

const companyPayload = z.object({ companyId: z.number().int().positive() });
const billingMonth = z.string().regex(/^\d{4}-\d{2}-01$/, 'billingDate must be the first day of a month');

/** Pull status, period end, seats and default card from the payments provider. */
export const syncSubscriptionPayload = companyPayload;
/** Set the provider's seat quantity to the company's employee count (no proration). */
export const updateSeatQuantityPayload = companyPayload;
/** Finish the company's checkouts paid without the API hearing of it (a lost return page and webhook). */
export const finishCheckoutsPayload = companyPayload;
/** Record the month's billing cycle and its invoice outcome. */
export const runBillingCyclePayload = companyPayload.extend({ billingDate: billingMonth });
/** Daily: announce and schedule the erasure of companies whose subscription ended. */
export const runDataRetentionPayload = z.object({ asOf: z.iso.datetime() });
/** Erase one company's personal data, if it is still due at `asOf`. */
export const eraseCompanyDataPayload = companyPayload.extend({ asOf: z.iso.datetime() });
/** Build a data export's zip (GDPR Art. 15, 20) and keep it for download. */
export const exportDataPayload = z.object({ exportId: z.number().int().positive() });
/**
 * After a former employee's erasure: remove the queued jobs that named them (by job id, so the
 * payload names no one) and their sign-in rate-limit counters (SHA-256 of the address, base64url).
 */
export const eraseEmployeeTracesPayload = z.object({
  jobs: z.array(z.object({ queue: z.enum(QUEUE_NAMES), jobId: z.string().min(1).max(200) })),
  rateLimitAccounts: z.array(z.string().regex(/^[A-Za-z0-9_-]{43}$/)),
});

export const JOBS = {
  'send-email': { queue: 'email', payload: sendEmailPayload },
  'sync-subscription': { queue: 'billing', payload: syncSubscriptionPayload },
  'update-seat-quantity': { queue: 'billing', payload: updateSeatQuantityPayload },
  'finish-checkouts': { queue: 'billing', payload: finishCheckoutsPayload },
  'run-billing-cycle': { queue: 'billing', payload: runBillingCyclePayload },
  'run-data-retention': { queue: 'maintenance', payload: runDataRetentionPayload },
  'erase-company-data': { queue: 'maintenance', payload: eraseCompanyDataPayload },
  'export-data': { queue: 'maintenance', payload: exportDataPayload },
  'erase-employee-traces': { queue: 'maintenance', payload: eraseEmployeeTracesPayload },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<Name extends JobName> = z.infer<(typeof JOBS)[Name]['payload']>;

/** What a queued job carries: its payload plus the tenant and the request that caused it, for logs. */
export interface JobEnvelope<Name extends JobName = JobName> {
  companyId: number | null;
  requestId: string | null;
  payload: JobPayload<Name>;
}

/** Retries with exponential backoff; finished jobs are trimmed, failed ones kept for operators. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 14 * 24 * 3600 },
} as const;

/**
 * The job id of an outbox row: stable for the row, so delivering it twice makes one job. The row's
 * creation time is part of it because ids restart with a fresh database while Redis may still hold
 * finished jobs of the old one. BullMQ refuses ids that are all digits or contain ':'.
 */
export function outboxJobId(outboxId: string, createdAt: Date): string {
  return `outbox-${outboxId}-${createdAt.getTime()}`;
}

/**
 * Job ids of scheduled jobs: they name the period, so every worker replica that fires the same
 * schedule adds the same job and BullMQ keeps one. Never all digits, never a ':'.
 */
export const SCHEDULED_JOB_IDS = {
  billingCycle: (billingMonth: string, companyId: number) =>
    `billing-cycle-${billingMonth.slice(0, 7)}-company-${companyId}`,
  subscriptionSync: (day: string, companyId: number) => `subscription-sync-${day}-company-${companyId}`,
  /** `slot`: the sweep's five minutes, e.g. '2026-12-01T03-05'. */
  checkoutSweep: (slot: string, companyId: number) => `checkout-sweep-${slot}-company-${companyId}`,
  dataRetention: (day: string) => `data-retention-${day}`,
  eraseCompanyData: (companyId: number, endedAt: Date) =>
    `erase-company-data-company-${companyId}-${endedAt.getTime()}`,
} as const;
