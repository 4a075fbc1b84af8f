import type { Job } from 'bullmq';
import { JOBS, type JobEnvelope, type JobName, type Logger } from '@teamfolk/shared';

/** A queued job of the catalogue's `Name`: its data carries that job's payload. */
export type JobOf<Name extends JobName> = Job<JobEnvelope<Name>, unknown, Name>;

/** Runs one job of `Name`; what it resolves to is kept as the job's result. */
export type JobHandler<Name extends JobName, Result = unknown> = (job: JobOf<Name>) => Promise<Result>;

/**
 * A handler for every job of the catalogue, each made for the job's own logger (every line it
 * writes names the job and its request). A job name without a handler does not compile.
 */
export type JobHandlers = { [Name in JobName]: (logger: Logger) => JobHandler<Name> };

/** Refuses to start workers that would leave a job of the catalogue without a handler. */
export function assertEveryJobHasAHandler(handlers: JobHandlers): void {
  const missing = Object.keys(JOBS).filter((name) => typeof handlers[name as JobName] !== 'function');
  if (missing.length) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
}

/** Runs `job` with the handler of its name, which decides its payload's type. */
export function runJob<Name extends JobName>(handlers: JobHandlers, job: JobOf<Name>, logger: Logger) {
  return handlers[job.name](logger)(job);
}
