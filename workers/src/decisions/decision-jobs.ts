import type { Queue } from 'bullmq';
import type { Sequelize } from 'sequelize';
import {
  DEFAULT_JOB_OPTIONS,
  describeLeave,
  remindLeavePayload,
  REMINDER_AFTER_WORKING_DAYS,
  routingTexts,
  scheduleLeaveReminderPayload,
  SCHEDULED_JOB_IDS,
  sendDecisionDigestsPayload,
  type JobEnvelope,
  type Logger,
} from '@teamfolk/shared';
import type { JobHandler } from '../jobs';
import { DecisionsRepository } from './decisions.repository';

export interface DecisionJobDependencies {
  sequelize: Sequelize;
  appUrl: string;
  /** The queue the reminders wait in (the e-mail queue). */
  queue: Queue;
  logger: Logger;
}

const leavesPage = (appUrl: string, leaveId?: number) =>
  new URL(
    leaveId === undefined ? '/dashboard/leaves?status=pending' : `/dashboard/leaves?status=pending&focus=${leaveId}`,
    appUrl,
  ).toString();

/**
 * Adds a request's reminder, delayed until its time, under the job id remind-leave-<id>: whichever
 * replica (or retry) adds it, BullMQ keeps one.
 */
export function scheduleLeaveReminderJob(deps: DecisionJobDependencies): JobHandler<'schedule-leave-reminder'> {
  return async (job) => {
    const { leaveRequestId, remindAt } = scheduleLeaveReminderPayload.parse(job.data.payload);
    const jobId = SCHEDULED_JOB_IDS.leaveReminder(leaveRequestId);
    await deps.queue.add(
      'remind-leave',
      {
        companyId: job.data.companyId,
        requestId: job.data.requestId,
        payload: { leaveRequestId },
      } satisfies JobEnvelope<'remind-leave'>,
      { ...DEFAULT_JOB_OPTIONS, jobId, delay: Math.max(0, Date.parse(remindAt) - Date.now()) },
    );
    return { jobId, remindAt };
  };
}

/**
 * Reminds the deciders of a request still pending, once: each reminder's e-mail has an idempotency
 * key of the request and the recipient, so a job run twice (two replicas, a retry) sends one mail.
 */
export async function remindLeave(
  deps: Pick<DecisionJobDependencies, 'sequelize' | 'appUrl'>,
  companyId: number,
  leaveRequestId: number,
  requestId: string | null,
): Promise<{ reminded: number[] }> {
  const decisions = new DecisionsRepository(deps.sequelize);
  const leave = await decisions.pendingLeave(companyId, leaveRequestId);
  if (!leave) return { reminded: [] };
  const deciders = await decisions.deciders(companyId, leave.record.id, leave.ownerUserId);
  await decisions.send(
    deciders.map((decider) => ({
      companyId,
      job: 'send-email',
      requestId: requestId ?? undefined,
      payload: {
        idempotencyKey: `leave-reminder-${leaveRequestId}-${decider.id}`,
        to: decider.email,
        mail: {
          template: 'leave-reminder',
          name: decider.name,
          employeeName: leave.record.employee_name,
          summary: describeLeave(leave.record),
          waiting: routingTexts.reminder(REMINDER_AFTER_WORKING_DAYS),
          link: leavesPage(deps.appUrl, leaveRequestId),
        },
      },
    })),
  );
  return { reminded: deciders.map((decider) => decider.id) };
}

export function remindLeaveJob(deps: DecisionJobDependencies): JobHandler<'remind-leave'> {
  return async (job) => {
    const { leaveRequestId } = remindLeavePayload.parse(job.data.payload);
    if (job.data.companyId === null) throw new Error('remind-leave needs a company');
    const result = await remindLeave(deps, job.data.companyId, leaveRequestId, job.data.requestId);
    deps.logger.info({ leaveRequestId, reminded: result.reminded.length }, 'leave reminder');
    return result;
  };
}

/** The company's digests of `day`: one e-mail per user who chose them and has requests to decide, once a day. */
export async function sendDecisionDigests(
  deps: Pick<DecisionJobDependencies, 'sequelize' | 'appUrl'>,
  companyId: number,
  day: string,
): Promise<{ sent: number[] }> {
  const decisions = new DecisionsRepository(deps.sequelize);
  const digests = (await decisions.digests(companyId)).filter((digest) => digest.requests.length > 0);
  await decisions.send(
    digests.map(({ decider, requests }) => ({
      companyId,
      job: 'send-email',
      payload: {
        idempotencyKey: `decision-digest-${day}-${decider.id}`,
        to: decider.email,
        mail: {
          template: 'decision-digest',
          name: decider.name,
          day,
          requests: requests.map((request) => ({
            employeeName: request.employee_name,
            summary: describeLeave(request),
          })),
          link: leavesPage(deps.appUrl),
        },
      },
    })),
  );
  return { sent: digests.map((digest) => digest.decider.id) };
}

export function sendDecisionDigestsJob(deps: DecisionJobDependencies): JobHandler<'send-decision-digests'> {
  return async (job) => {
    const { companyId, day } = sendDecisionDigestsPayload.parse(job.data.payload);
    const result = await sendDecisionDigests(deps, companyId, day);
    deps.logger.info({ companyId, day, digests: result.sent.length }, 'decision digests');
    return result;
  };
}
