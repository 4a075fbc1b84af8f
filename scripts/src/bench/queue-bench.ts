import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { closeRedis, createRedisConnection, freePort, openQueues } from '@teamfolk/shared';

/** Counts mails by their Message-ID (the send-email job's idempotency key) without parsing them. */
interface CountingSink {
  url: string;
  receivedAt: Map<string, number>;
  duplicates: number;
  close(): Promise<void>;
}

const MESSAGE_ID = /^Message-ID:\s*<([^@>]+)@/im;

async function startCountingSink(): Promise<CountingSink> {
  const receivedAt = new Map<string, number>();
  const sink = { receivedAt, duplicates: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const key = MESSAGE_ID.exec(Buffer.concat(chunks).subarray(0, 4_096).toString())?.[1];
        if (key) {
          if (receivedAt.has(key)) sink.duplicates += 1;
          else receivedAt.set(key, Date.now());
        }
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    receivedAt,
    get duplicates() {
      return sink.duplicates;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface QueueFigures {
  events: number;
  eventsPerSecond: number;
  /** Outbox row written → mail in the sink, at a steady 1,000 events/s. */
  lagP50Ms: number;
  lagP99Ms: number;
  lost: number;
  duplicates: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** Writes outbox rows for `keys` in one transaction, as the application would, and returns when it committed. */
async function writeEvents(client: Client, companyId: number, keys: string[]): Promise<number> {
  await client.query(
    `INSERT INTO outbox (company_id, queue, job_name, payload)
     SELECT $1, 'email', 'send-email',
            jsonb_build_object(
              'idempotencyKey', key, 'to', 'bench+' || key || '@example.com',
              'mail', jsonb_build_object('template', 'leave-decided', 'name', 'Bench Reader', 'decision', 'approved',
                                         'summary', 'Vacation, 2 days', 'link', 'http://localhost:3000/leaves'))
       FROM unnest($2::text[]) AS key`,
    [companyId, keys],
  );
  return Date.now();
}

/**
 * Waits until every key's mail is in the sink. Keys are crossed off as they arrive, so a poll looks at
 * the missing ones only: the sink shares this process, and rescanning 10,000 keys every 20 ms would
 * take CPU from the pipeline under measurement.
 */
async function waitForMails(sink: CountingSink, keys: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let missing = keys;
  while (Date.now() < deadline) {
    missing = missing.filter((key) => !sink.receivedAt.has(key));
    if (missing.length === 0) return;
    await sleep(20);
  }
}

export interface QueueBenchTarget {
  ownerUrl: string;
  companyId: number;
  runId: string;
  /** Where the workers' queues are, to wait out their start-up work. */
  redisUrl: string;
  queuePrefix: string;
  /** Starts the workers with the given SMTP URL; returns their stop function. */
  startWorkers(smtpUrl: string): Promise<{ stop(): Promise<void> }>;
}

/**
 * Waits until no queue has jobs waiting or running, then pauses every queue but e-mail's. A fresh
 * start of the workers schedules its catch-up work (a subscription sync per company: a thousand
 * jobs on the scale data), which would otherwise take the CPU from the pipeline under measurement.
 * Against the benchmark's unreachable Stripe each sync fails and is retried 2, 4, 8, 16 and 32 s
 * later: unpaused, those rounds ran during the measurement, each a thousand failed connections,
 * stack traces and log lines.
 */
async function quietenOtherQueues(redisUrl: string, queuePrefix: string, timeoutMs: number): Promise<void> {
  const connection = createRedisConnection(redisUrl, 'producer');
  const queues = openQueues(connection, queuePrefix);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const counts = await Promise.all(
        Object.values(queues).map((queue) => queue.getJobCounts('wait', 'active', 'prioritized')),
      );
      if (counts.every((count) => Object.values(count).every((jobs) => jobs === 0))) break;
      if (Date.now() > deadline) throw new Error(`the workers' queues were still busy after ${timeoutMs / 1000} s`);
      await sleep(200);
    }
    await Promise.all(
      Object.entries(queues)
        .filter(([name]) => name !== 'email')
        .map(([, queue]) => queue.pause()),
    );
  } finally {
    await Promise.all(Object.values(queues).map((queue) => queue.close()));
    await closeRedis(connection);
  }
}

/**
 * 10,000 outbox events written at once → the time until 10,000 mails are in the sink; then 5 s at a
 * steady 1,000 events/s for the lag of each event (written → delivered). The clock starts once one
 * warm-up event has gone all the way through and the start-up jobs are done (and the other queues
 * paused), so it times the pipeline, not the workers' start-up.
 */
export async function measureOutboxToMail(target: QueueBenchTarget): Promise<QueueFigures> {
  const sink = await startCountingSink();
  const workers = await target.startWorkers(sink.url);
  const client = new Client({ connectionString: target.ownerUrl });
  await client.connect();
  try {
    const warmUp = [`bench-${target.runId}-warm-up`];
    await writeEvents(client, target.companyId, warmUp);
    await waitForMails(sink, warmUp, 60_000);
    if (!sink.receivedAt.has(warmUp[0]!)) throw new Error('the workers delivered no warm-up mail within 60 s');
    await quietenOtherQueues(target.redisUrl, target.queuePrefix, 120_000);

    const burst = Array.from({ length: 10_000 }, (_, index) => `bench-${target.runId}-burst-${index}`);
    const burstStart = Date.now();
    await writeEvents(client, target.companyId, burst);
    await waitForMails(sink, burst, 120_000);
    const delivered = burst.filter((key) => sink.receivedAt.has(key));
    const lastDelivery = Math.max(...delivered.map((key) => sink.receivedAt.get(key)!));
    const eventsPerSecond = delivered.length / ((lastDelivery - burstStart) / 1000);

    const writtenAt = new Map<string, number>();
    const steady: string[] = [];
    for (let tick = 0; tick < 50; tick += 1) {
      const keys = Array.from({ length: 100 }, (_, index) => `bench-${target.runId}-steady-${tick}-${index}`);
      const tickStart = Date.now();
      const committed = await writeEvents(client, target.companyId, keys);
      for (const key of keys) writtenAt.set(key, committed);
      steady.push(...keys);
      await sleep(Math.max(0, 100 - (Date.now() - tickStart)));
    }
    await waitForMails(sink, steady, 60_000);
    const lags = steady
      .filter((key) => sink.receivedAt.has(key))
      .map((key) => sink.receivedAt.get(key)! - writtenAt.get(key)!)
      .sort((a, b) => a - b);
    const lost = [...burst, ...steady].filter((key) => !sink.receivedAt.has(key)).length;
    return {
      events: burst.length + steady.length,
      eventsPerSecond,
      lagP50Ms: percentile(lags, 0.5),
      lagP99Ms: percentile(lags, 0.99),
      lost,
      duplicates: sink.duplicates,
    };
  } finally {
    await workers.stop();
    // The benchmark's own events and mails go again, so repeated runs measure the same database.
    const keys = `bench-${target.runId}-%`;
    await client.query("DELETE FROM outbox WHERE payload->>'idempotencyKey' LIKE $1", [keys]);
    await client.query('DELETE FROM sent_emails WHERE idempotency_key LIKE $1', [keys]);
    await client.end();
    await sink.close();
  }
}
