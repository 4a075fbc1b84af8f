import { z } from 'zod';

/**
 * The job catalogue: every queue, every job name and its payload schema, in one place. The outbox
 * validates a payload against it when the event is written, and workers refuse to start when a
 * job of their queue has no handler.
 */
export const QUEUE_NAMES = ['email'] as const;
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
});

const leaveDecidedMail = z.object({
  template: z.literal('leave-decided'),
  name: z.string(),
  decision: z.enum(['approved', 'rejected']),
  summary: z.string(),
  link: z.url(),
});

export const sendEmailPayload = z.object({
  /** Stored in sent_emails: a job that runs twice sends one mail. */
  idempotencyKey: z.string().min(1).max(200),
  to: z.email(),
  mail: z.discriminatedUnion('template', [verifyEmailMail, invitationMail, leaveSubmittedMail, leaveDecidedMail]),
});
export type SendEmailPayload = z.infer<typeof sendEmailPayload>;
export type MailContent = SendEmailPayload['mail'];

export const JOBS = {
  'send-email': { queue: 'email', payload: sendEmailPayload },
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
