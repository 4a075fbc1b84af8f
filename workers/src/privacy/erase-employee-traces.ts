import type { Queue } from 'bullmq';
import { eraseEmployeeTracesPayload, type JobPayload, type Logger, type QueueName } from '@teamfolk/shared';
import type { JobHandler } from '../jobs';
import { removeAccountCounters, type CounterStore } from './rate-limit-counters';

export interface EmployeeTracesDependencies {
  queues: Record<QueueName, Queue>;
  counters: CounterStore;
  logger: Logger;
}

export interface EmployeeTracesResult {
  removedJobs: number;
  removedCounters: number;
}

/**
 * The Redis half of a former employee's erasure (the database half is done by the API in one
 * transaction): the jobs made from outbox rows that named the person (e-mails to them, or about
 * them) and their sign-in counters go. A job that is running right now cannot be removed: the
 * attempt fails and is retried once that job has finished.
 */
export async function eraseEmployeeTraces(
  { queues, counters, logger }: EmployeeTracesDependencies,
  payload: JobPayload<'erase-employee-traces'>,
): Promise<EmployeeTracesResult> {
  const { jobs, rateLimitAccounts } = eraseEmployeeTracesPayload.parse(payload);
  let removedJobs = 0;
  const running: string[] = [];
  for (const { queue, jobId } of jobs) {
    const job = await queues[queue].getJob(jobId);
    if (!job) continue;
    if (await job.isActive()) {
      running.push(jobId);
      continue;
    }
    await job.remove();
    removedJobs++;
  }
  const removedCounters = await removeAccountCounters(counters, rateLimitAccounts);
  if (running.length) throw new Error(`Jobs still running, removed on a later attempt: ${running.join(', ')}`);
  logger.info({ removedJobs, removedCounters }, 'erased employee traces removed from Redis');
  return { removedJobs, removedCounters };
}

export function eraseEmployeeTracesJob(
  deps: EmployeeTracesDependencies,
): JobHandler<'erase-employee-traces', EmployeeTracesResult> {
  return (job) => eraseEmployeeTraces(deps, job.data.payload);
}
