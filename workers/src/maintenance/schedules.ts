import type { Queue } from 'bullmq';
import { SCHEDULED_JOB_IDS } from '@teamfolk/shared';
import { addScheduled } from '../billing/schedules';

/** Daily: the data-retention run, e.g. data-retention-2026-11-21. */
export async function enqueueDataRetention(queue: Queue, now: Date): Promise<string[]> {
  const day = now.toISOString().slice(0, 10);
  return addScheduled(queue, 'run-data-retention', [
    { jobId: SCHEDULED_JOB_IDS.dataRetention(day), companyId: null, payload: { asOf: now.toISOString() } },
  ]);
}
