import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Sequelize } from 'sequelize';
import { outboxLagSeconds } from './ops.repository';
import { withinTime } from './readiness';

/**
 * Metrics counted where the work happens (a job, an e-mail). A process has one set, whichever
 * endpoint serves them: the workers' ops server, or the API's /metrics when `npm start` runs both in
 * one process.
 */
const workMetrics = new Registry();

export const jobDurationSeconds = new Histogram({
  name: 'teamfolk_job_duration_seconds',
  help: 'How long a job ran, by queue, job name and outcome (completed or failed)',
  labelNames: ['queue', 'job', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [workMetrics],
});

export const emailsSentTotal = new Counter({
  name: 'teamfolk_emails_sent_total',
  help: 'E-mails the SMTP server accepted, by template',
  labelNames: ['template'] as const,
  registers: [workMetrics],
});

export const emailsFailedTotal = new Counter({
  name: 'teamfolk_emails_failed_total',
  help: 'Attempts to send an e-mail that failed (SMTP server unreachable or refusing), by template; the job retries',
  labelNames: ['template'] as const,
  registers: [workMetrics],
});

/** The states whose job counts /metrics shows per queue. */
export const MEASURED_JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** How long a scrape waits for Redis or Postgres before showing NaN for what they would have said. */
const SCRAPE_TIMEOUT_MS = 2_000;

let processMetrics: Registry | undefined;

/** Node's own metrics (CPU, memory, event loop lag, garbage collection), collected once per process. */
function processMetricsRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/** What the scrape-time gauges read: the queues (a producer connection) and the database. */
export interface MetricsSources {
  queues: Queue[];
  sequelize: Sequelize;
}

function scrapedMetrics({ queues, sequelize }: MetricsSources): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'teamfolk_queue_jobs',
    help: 'Jobs in each queue by state, read at scrape time (NaN while Redis does not answer)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      await Promise.all(
        queues.map(async (queue) => {
          const counts = await withinTime(() => queue.getJobCounts(...MEASURED_JOB_STATES), SCRAPE_TIMEOUT_MS);
          for (const state of MEASURED_JOB_STATES) {
            this.set({ queue: queue.name, state }, counts ? (counts.value[state] ?? 0) : Number.NaN);
          }
        }),
      );
    },
  });
  new Gauge({
    name: 'teamfolk_outbox_lag_seconds',
    help: 'Age of the oldest outbox event not yet handed to its queue, 0 when none waits (NaN while Postgres does not answer)',
    registers: [registry],
    async collect() {
      const lag = await withinTime(() => outboxLagSeconds(sequelize), SCRAPE_TIMEOUT_MS);
      this.set(lag?.value ?? Number.NaN);
    },
  });
  return registry;
}

/**
 * The registry one /metrics endpoint serves: the process's own metrics, what its work counted, the
 * queue depths and outbox lag read from `sources` at scrape time, and `extra` (a process's own, such
 * as the API's request durations).
 */
export function createMetricsRegistry(sources: MetricsSources, ...extra: Registry[]): Registry {
  return Registry.merge([processMetricsRegistry(), workMetrics, scrapedMetrics(sources), ...extra]);
}
