import type { JobType } from 'bullmq';
import type { Transaction } from 'sequelize';
import {
  eraseCompanyDataPayload,
  erasureDueAt,
  forgetUnattributedSecurityEvents,
  lockSubscription,
  PaymentsRequestError,
  rateLimitCounterIdOfEmail,
  recordAudit,
  rateLimitCounterIdOfTokenHash,
  subscriptionEndedAt,
  type JobEnvelope,
} from '@teamfolk/shared';
import type { JobHandler } from '../jobs';
import { removeAccountCounters } from '../privacy/rate-limit-counters';
import type { MaintenanceDependencies } from './maintenance-jobs';
import { MaintenanceRepository, type PersonTrace } from './maintenance.repository';

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
  const { payments } = deps;
  const maintenance = new MaintenanceRepository(deps.sequelize);
  const due = await maintenance.transaction((transaction) => erasureState(maintenance, transaction, companyId, asOf));
  if ('skipped' in due) return due;
  if (due.customerId) {
    try {
      await payments.redactCustomer(due.customerId, companyId);
    } catch (error) {
      if (!(error instanceof PaymentsRequestError && error.code === 'not-found')) throw error;
    }
  }

  const erased = await maintenance.transaction(async (transaction) => {
    const state = await erasureState(maintenance, transaction, companyId, asOf);
    if ('skipped' in state) return null;
    const { accounts, addresses } = tracesOf(await maintenance.peopleOf(companyId, transaction));
    // Before the people go: their throttled sign-ins were logged with no company, by address.
    const unattributedEvents = await forgetUnattributedSecurityEvents(deps.sequelize, addresses, transaction);
    const counts = await maintenance.deleteCompanyRows(companyId, ERASED_TABLES, transaction);
    counts.security_events = (counts.security_events ?? 0) + unattributedEvents;
    await maintenance.anonymiseCompany(companyId, transaction);
    await maintenance.recordErasure(companyId, new Date(), counts, transaction);
    const record: object = { subscriptionEndedAt: state.endedAt.toISOString(), erased: counts };
    await recordAudit(
      transaction,
      { companyId, userId: null },
      { action: 'company.data_erased', entity: 'company', entityId: companyId, after: record },
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
function tracesOf(people: PersonTrace[]) {
  const accounts = people.flatMap((person) => [
    ...(person.email ? [rateLimitCounterIdOfEmail(person.email)] : []),
    ...(person.tokenHash ? [rateLimitCounterIdOfTokenHash(person.tokenHash)] : []),
  ]);
  const addresses = [...new Set(people.flatMap((person) => (person.email ? [person.email.toLowerCase()] : [])))];
  return { accounts, addresses };
}

type ErasureState = { skipped: string } | { endedAt: Date; customerId: string | null };

async function erasureState(
  maintenance: MaintenanceRepository,
  transaction: Transaction,
  companyId: number,
  asOf: Date,
): Promise<ErasureState> {
  const subscription = await lockSubscription(transaction, companyId);
  const endedAt = subscriptionEndedAt(subscription, asOf);
  const erasure = await maintenance.lockErasure(companyId, transaction);
  if (!endedAt) return { skipped: 'subscription-not-ended' };
  if (!erasure?.noticeSentAt || erasure.subscriptionEndedAt.getTime() !== endedAt.getTime()) {
    return { skipped: 'not-announced' };
  }
  if (erasure.erasedAt) return { skipped: 'already-erased' };
  if (asOf.getTime() < erasureDueAt(endedAt, erasure.noticeSentAt).getTime()) return { skipped: 'not-due' };
  return { endedAt, customerId: subscription.providerCustomerId };
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

export function eraseCompanyDataJob(deps: MaintenanceDependencies): JobHandler<'erase-company-data', EraseResult> {
  return async (job) => {
    const { companyId, asOf } = eraseCompanyDataPayload.parse(job.data.payload);
    return eraseCompanyData(deps, companyId, new Date(asOf));
  };
}
