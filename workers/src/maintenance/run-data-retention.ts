import {
  DEFAULT_JOB_OPTIONS,
  deletionNoticeDueAt,
  erasureDueAt,
  mailAdmins,
  runAsCompany,
  runDataRetentionPayload,
  SCHEDULED_JOB_IDS,
  securityEventsKeptFrom,
  subscriptionEndedAt,
  type JobEnvelope,
} from '@teamfolk/shared';
import type { JobHandler } from '../jobs';
import type { MaintenanceDependencies } from './maintenance-jobs';
import { MaintenanceRepository } from './maintenance.repository';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

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
  const { queues } = deps;
  const maintenance = new MaintenanceRepository(deps.sequelize);
  const candidates = await maintenance.retentionCandidates();
  const result: RetentionRunResult = {
    noticesSent: [],
    erasuresQueued: [],
    exportsExpired: await maintenance.expireDataExports(asOf),
    securityEventsExpired: await maintenance.expireSecurityEvents(securityEventsKeptFrom(asOf)),
  };
  for (const candidate of candidates) {
    const { companyId, noticeFor, noticeSentAt, erasedAt } = candidate;
    const endedAt = subscriptionEndedAt(candidate, asOf);
    if (!endedAt) continue;
    const noticeIsForThisEnd = noticeFor?.getTime() === endedAt.getTime();
    if (noticeIsForThisEnd && erasedAt) continue;
    if (!noticeIsForThisEnd || !noticeSentAt) {
      if (asOf.getTime() >= deletionNoticeDueAt(endedAt).getTime()) {
        await runAsCompany(companyId, () => sendDeletionNotice(deps, maintenance, companyId, endedAt, asOf));
        result.noticesSent.push(companyId);
      }
      continue;
    }
    if (asOf.getTime() >= erasureDueAt(endedAt, noticeSentAt).getTime()) {
      const jobId = SCHEDULED_JOB_IDS.eraseCompanyData(companyId, endedAt);
      // A failed erasure keeps its id, and BullMQ adds nothing under an id it holds: without this,
      // one that ran out of attempts (the provider down for a minute) was never tried again.
      const failed = await queues.maintenance.getJob(jobId);
      if (failed && (await failed.isFailed())) await failed.remove();
      await queues.maintenance.add(
        'erase-company-data',
        {
          companyId,
          requestId: null,
          payload: { companyId, asOf: asOf.toISOString() },
        } satisfies JobEnvelope<'erase-company-data'>,
        // Once done, not even the job that names the company stays behind (the erasure is recorded in Postgres).
        {
          ...DEFAULT_JOB_OPTIONS,
          removeOnComplete: true,
          jobId,
        },
      );
      result.erasuresQueued.push(companyId);
    }
  }
  return result;
}

async function sendDeletionNotice(
  deps: MaintenanceDependencies,
  maintenance: MaintenanceRepository,
  companyId: number,
  endedAt: Date,
  asOf: Date,
) {
  await maintenance.transaction(async (transaction) => {
    await maintenance.recordDeletionNotice(companyId, endedAt, asOf, transaction);
    await mailAdmins(
      transaction,
      companyId,
      { appUrl: deps.appUrl },
      `data-deletion-notice-${companyId}-${endedAt.getTime()}`,
      { template: 'data-deletion-notice', deletionDate: isoDay(erasureDueAt(endedAt, asOf)) },
    );
  });
}

export function runDataRetentionJob(
  deps: MaintenanceDependencies,
): JobHandler<'run-data-retention', RetentionRunResult> {
  return async (job) => {
    const { asOf } = runDataRetentionPayload.parse(job.data.payload);
    const result = await runDataRetention(deps, new Date(asOf));
    deps.logger.info({ ...result }, 'data retention');
    return result;
  };
}
