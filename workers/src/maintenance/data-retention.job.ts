import type { Job, JobType, Queue } from 'bullmq';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  AuditEntry,
  DataErasure,
  DEFAULT_JOB_OPTIONS,
  deletionNoticeDueAt,
  eraseCompanyDataPayload,
  erasureDueAt,
  forgetUnattributedSecurityEvents,
  lockSubscription,
  mailAdmins,
  PaymentsRequestError,
  rateLimitCounterIdOfEmail,
  rateLimitCounterIdOfTokenHash,
  runAsCompany,
  runDataRetentionPayload,
  SCHEDULED_JOB_IDS,
  securityEventsKeptFrom,
  subscriptionEndedAt,
  type JobEnvelope,
  type Logger,
  type PaymentsProvider,
  type QueueName,
  type SubscriptionStatus,
} from '@teamfolk/shared';
import { removeAccountCounters, type CounterStore } from '../privacy/rate-limit-counters';

export interface MaintenanceDependencies {
  sequelize: Sequelize;
  payments: PaymentsProvider;
  queues: Record<QueueName, Queue>;
  /** The sign-in rate limits' counters, erased with the people they count. */
  counters: CounterStore;
  appUrl: string;
  logger: Logger;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

interface RetentionRow {
  company_id: number;
  status: SubscriptionStatus;
  current_period_end: Date | null;
  ended_at: Date | null;
  updated_at: Date;
  notice_for: Date | null;
  notice_sent_at: Date | null;
  erased_at: Date | null;
}

export interface RetentionRunResult {
  noticesSent: number[];
  erasuresQueued: number[];
  /** Data exports whose download window ended: their files are deleted. */
  exportsExpired: number;
  /** Security log rows older than SECURITY_EVENT_RETENTION_DAYS, deleted. */
  securityEventsExpired: number;
}

/**
 * The daily retention run, as of `asOf`: companies whose subscription ended 23 days ago are told
 * their data goes in 7 days; those whose 30 days are up (and whose notice is 7 days old) get an
 * erase-company-data job. A company that subscribed again is left alone; one that ends again later
 * is announced anew. Data exports past their download window lose their file, and the security log
 * loses its rows older than SECURITY_EVENT_RETENTION_DAYS (those of no company included).
 */
export async function runDataRetention(deps: MaintenanceDependencies, asOf: Date): Promise<RetentionRunResult> {
  const { sequelize, queues } = deps;
  const rows = await sequelize.query<RetentionRow>(
    `SELECT company_id, status, current_period_end, ended_at, updated_at, notice_for, notice_sent_at, erased_at
       FROM teamfolk_subscription_overview()
      WHERE status IN ('canceled', 'cancel_at_period_end')
      ORDER BY company_id`,
    { type: QueryTypes.SELECT },
  );
  const [expired] = await sequelize.query<{ count: number }>('SELECT teamfolk_expire_data_exports(:asOf) AS count', {
    replacements: { asOf },
    type: QueryTypes.SELECT,
  });
  const [securityEvents] = await sequelize.query<{ count: number }>(
    'SELECT teamfolk_expire_security_events(:before) AS count',
    { replacements: { before: securityEventsKeptFrom(asOf) }, type: QueryTypes.SELECT },
  );
  const result: RetentionRunResult = {
    noticesSent: [],
    erasuresQueued: [],
    exportsExpired: expired?.count ?? 0,
    securityEventsExpired: securityEvents?.count ?? 0,
  };
  for (const row of rows) {
    const endedAt = subscriptionEndedAt(
      {
        status: row.status,
        currentPeriodEnd: row.current_period_end,
        endedAt: row.ended_at,
        updatedAt: row.updated_at,
      },
      asOf,
    );
    if (!endedAt) continue;
    const noticeIsForThisEnd = row.notice_for?.getTime() === endedAt.getTime();
    if (noticeIsForThisEnd && row.erased_at) continue;
    if (!noticeIsForThisEnd || !row.notice_sent_at) {
      if (asOf.getTime() >= deletionNoticeDueAt(endedAt).getTime()) {
        await runAsCompany(row.company_id, () => sendDeletionNotice(deps, row.company_id, endedAt, asOf));
        result.noticesSent.push(row.company_id);
      }
      continue;
    }
    if (asOf.getTime() >= erasureDueAt(endedAt, row.notice_sent_at).getTime()) {
      const jobId = SCHEDULED_JOB_IDS.eraseCompanyData(row.company_id, endedAt);
      // A failed erasure keeps its id, and BullMQ adds nothing under an id it holds: without this,
      // one that ran out of attempts (the provider down for a minute) was never tried again.
      const failed = await queues.maintenance.getJob(jobId);
      if (failed && (await failed.isFailed())) await failed.remove();
      await queues.maintenance.add(
        'erase-company-data',
        {
          companyId: row.company_id,
          requestId: null,
          payload: { companyId: row.company_id, asOf: asOf.toISOString() },
        } satisfies JobEnvelope<'erase-company-data'>,
        // Once done, not even the job that names the company stays behind (the erasure is recorded in Postgres).
        {
          ...DEFAULT_JOB_OPTIONS,
          removeOnComplete: true,
          jobId,
        },
      );
      result.erasuresQueued.push(row.company_id);
    }
  }
  return result;
}

async function sendDeletionNotice(deps: MaintenanceDependencies, companyId: number, endedAt: Date, asOf: Date) {
  await deps.sequelize.transaction(async (transaction) => {
    await deps.sequelize.query(
      `INSERT INTO data_erasures (company_id, subscription_ended_at, notice_sent_at)
       VALUES (:companyId, :endedAt, :asOf)
       ON CONFLICT (company_id) DO UPDATE
         SET subscription_ended_at = EXCLUDED.subscription_ended_at, notice_sent_at = EXCLUDED.notice_sent_at,
             erased_at = NULL, summary = NULL, updated_at = now()`,
      { replacements: { companyId, endedAt, asOf }, transaction },
    );
    await mailAdmins(
      transaction,
      companyId,
      { appUrl: deps.appUrl },
      `data-deletion-notice-${companyId}-${endedAt.getTime()}`,
      { template: 'data-deletion-notice', deletionDate: isoDay(erasureDueAt(endedAt, asOf)) },
    );
  });
}

export type EraseResult = { erased: true; summary: Record<string, number> } | { skipped: string };

/**
 * What the erasure deletes of the company, table by table, in an order the foreign keys accept: its
 * personal data, and its data version (migrations 0018, 0019), of no use without it.
 */
const ERASED_TABLES = [
  'leave_requests',
  'invitations',
  'email_verification_tokens',
  'billing_checkouts',
  'employees',
  'audit_log',
  'security_events',
  'data_exports',
  'two_factor_recovery_codes',
  'user_two_factor',
  'users',
  'sent_emails',
  'outbox',
  'company_versions',
] as const;

/** Job states whose jobs may still carry the company's people (addresses in e-mail payloads). */
const SWEPT_STATES: JobType[] = ['wait', 'delayed', 'prioritized', 'waiting-children', 'failed', 'completed'];

/**
 * Erases the company's personal data if it is still due as of `asOf`: employees, users, leave,
 * invitations, tokens, two-step secrets, data exports, sent-mail records, pending side effects, the
 * audit trail and the security log go; the company is renamed; billing cycles (dates, seat counts,
 * amounts — no personal data) stay, as the law requires. The provider's customer is anonymised
 * first, the erasure is recorded, and the company's queued jobs and its people's sign-in counters
 * are removed from Redis, so nothing is sent to erased people and nothing of them is left there.
 */
export async function eraseCompanyData(
  deps: MaintenanceDependencies,
  companyId: number,
  asOf: Date,
): Promise<EraseResult> {
  const { sequelize, payments } = deps;
  const due = await sequelize.transaction((transaction) => erasureState(transaction, companyId, asOf));
  if ('skipped' in due) return due;
  if (due.customerId) {
    try {
      await payments.redactCustomer(due.customerId, companyId);
    } catch (error) {
      if (!(error instanceof PaymentsRequestError && error.code === 'not-found')) throw error;
    }
  }

  const erased = await sequelize.transaction(async (transaction) => {
    const state = await erasureState(transaction, companyId, asOf);
    if ('skipped' in state) return null;
    const { accounts, addresses } = await peopleOf(sequelize, transaction, companyId);
    const counts: Record<string, number> = {};
    // Before the people go: their throttled sign-ins were logged with no company, by address.
    const unattributedEvents = await forgetUnattributedSecurityEvents(sequelize, addresses, transaction);
    for (const table of ERASED_TABLES) {
      const [, meta] = await sequelize.query(`DELETE FROM ${table} WHERE company_id = :companyId`, {
        replacements: { companyId },
        transaction,
      });
      counts[table] = (meta as { rowCount?: number }).rowCount ?? 0;
    }
    counts.security_events = (counts.security_events ?? 0) + unattributedEvents;
    const [, objects] = await sequelize.query(
      `DELETE FROM local_payment_objects
        WHERE company_id = :companyId AND type IN ('customer', 'checkout_session', 'setup_intent', 'payment_method')`,
      { replacements: { companyId }, transaction },
    );
    counts.local_payment_objects = (objects as { rowCount?: number }).rowCount ?? 0;
    await sequelize.query(
      `UPDATE companies SET name = :name, country = NULL, region = NULL, updated_at = now() WHERE id = :companyId`,
      { replacements: { companyId, name: `Erased company ${companyId}` }, transaction },
    );
    await sequelize.query(
      `UPDATE subscriptions SET default_payment_method_id = NULL, updated_at = now() WHERE company_id = :companyId`,
      { replacements: { companyId }, transaction },
    );
    await state.erasure.update({ erasedAt: new Date(), summary: counts }, { transaction });
    const record: object = { subscriptionEndedAt: state.endedAt.toISOString(), erased: counts };
    await AuditEntry.create(
      {
        companyId,
        actorUserId: null,
        action: 'company.data_erased',
        entity: 'company',
        entityId: String(companyId),
        after: record,
      },
      { transaction },
    );
    return { counts, accounts };
  });
  if (!erased) return { skipped: 'not-due' };
  const { counts: summary, accounts } = erased;
  await removeQueuedJobsOf(deps, companyId);
  await removeAccountCounters(deps.counters, accounts);
  deps.logger.info({ companyId, summary }, 'company data erased');
  return { erased: true, summary };
}

/**
 * The company's people as the erasure reaches them outside its tables: the ids of their sign-in
 * counters (addresses and invitation links), and their addresses.
 */
async function peopleOf(sequelize: Sequelize, transaction: Transaction, companyId: number) {
  const rows = await sequelize.query<{ email: string | null; token_hash: string | null }>(
    `SELECT email, NULL AS token_hash FROM users WHERE company_id = :companyId
     UNION SELECT email, NULL FROM employees WHERE company_id = :companyId
     UNION SELECT email, token_hash FROM invitations WHERE company_id = :companyId`,
    { replacements: { companyId }, type: QueryTypes.SELECT, transaction },
  );
  const accounts = rows.flatMap((row) => [
    ...(row.email ? [rateLimitCounterIdOfEmail(row.email)] : []),
    ...(row.token_hash ? [rateLimitCounterIdOfTokenHash(row.token_hash)] : []),
  ]);
  const addresses = [...new Set(rows.flatMap((row) => (row.email ? [row.email.toLowerCase()] : [])))];
  return { accounts, addresses };
}

type ErasureState = { skipped: string } | { erasure: DataErasure; endedAt: Date; customerId: string | null };

async function erasureState(transaction: Transaction, companyId: number, asOf: Date): Promise<ErasureState> {
  const subscription = await lockSubscription(transaction, companyId);
  const endedAt = subscriptionEndedAt(subscription, asOf);
  const erasure = await DataErasure.findByPk(companyId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!endedAt) return { skipped: 'subscription-not-ended' };
  if (!erasure?.noticeSentAt || erasure.subscriptionEndedAt.getTime() !== endedAt.getTime()) {
    return { skipped: 'not-announced' };
  }
  if (erasure.erasedAt) return { skipped: 'already-erased' };
  if (asOf.getTime() < erasureDueAt(endedAt, erasure.noticeSentAt).getTime()) return { skipped: 'not-due' };
  return { erasure, endedAt, customerId: subscription.providerCustomerId };
}

/** Removes the company's jobs that are not running: an e-mail queued for an erased person is never sent. */
async function removeQueuedJobsOf({ queues, logger }: MaintenanceDependencies, companyId: number): Promise<void> {
  for (const queue of Object.values(queues)) {
    const jobs = await queue.getJobs(SWEPT_STATES);
    for (const job of jobs) {
      if ((job?.data as JobEnvelope | undefined)?.companyId !== companyId) continue;
      await job.remove().catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, 'job not removed'));
    }
  }
}

export function runDataRetentionJob(deps: MaintenanceDependencies) {
  return async (job: Job<JobEnvelope<'run-data-retention'>>): Promise<RetentionRunResult> => {
    const { asOf } = runDataRetentionPayload.parse(job.data.payload);
    const result = await runDataRetention(deps, new Date(asOf));
    deps.logger.info({ ...result }, 'data retention');
    return result;
  };
}

export function eraseCompanyDataJob(deps: MaintenanceDependencies) {
  return async (job: Job<JobEnvelope<'erase-company-data'>>): Promise<EraseResult> => {
    const { companyId, asOf } = eraseCompanyDataPayload.parse(job.data.payload);
    return eraseCompanyData(deps, companyId, new Date(asOf));
  };
}
