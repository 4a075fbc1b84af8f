import { QueryTypes } from 'sequelize';
import { outboxJobId, type QueueName } from '@teamfolk/shared';
import { createSubscribedCompany, twoWorkingDaysAhead, type SubscribedCompany } from './support/company';
import { call, inParallel, signIn, type Reply } from './support/http';
import { sleep, waitUntil } from './support/processes';
import { countByMessageId } from './support/smtp-sink';
import { startChaosWorld, type ApiProcess, type ChaosWorld } from './support/world';

const EMPLOYEES = 200;
const OUTAGE_MS = 30_000;
/** No API write may take longer than this while Redis is away: producers fail fast, nothing waits for it. */
const NO_HANG_MS = 5_000;

interface OutboxRow {
  id: string;
  queue: QueueName;
  created_at: Date;
  dispatched_at: Date | null;
  idempotency_key: string | null;
}

describe('Redis stopped for 30 s while 200 employees are created and 200 leaves submitted', () => {
  let world: ChaosWorld;
  let api: ApiProcess;
  let seeded: SubscribedCompany;
  let token: string;

  beforeAll(async () => {
    world = await startChaosWorld({ redisAppendOnly: true });
    seeded = await createSubscribedCompany();
    [api] = await Promise.all([world.startApi(), world.startWorkers()]);
    token = await signIn(api.baseUrl, seeded.admin.email, seeded.password);
  }, 120_000);

  afterAll(async () => {
    await world?.close();
  }, 60_000);

  it('should answer every write, keep the events in the outbox, and deliver each once when Redis returns', async () => {
    const outageStarted = Date.now();
    await world.redis.stop();

    const readiness = await call(api.baseUrl, 'GET', '/readyz', { timeoutMs: NO_HANG_MS });
    // The sign-in limits count in Redis: without it they let people in rather than lock everyone out.
    const signInWhileDown = await call(api.baseUrl, 'POST', '/api/auth/login', {
      body: { email: seeded.admin.email, password: seeded.password },
      timeoutMs: NO_HANG_MS,
    });
    const created = await inParallel(
      Array.from({ length: EMPLOYEES }, (_, index) => index + 1),
      4,
      (index) =>
        call(api.baseUrl, 'POST', '/api/employees', {
          token,
          body: { name: `Outage Hire ${index}`, email: `outage-hire-${index}@example.com` },
          timeoutMs: NO_HANG_MS,
        }),
    );
    const employeeIds = created.map((reply) => (reply.body as { id?: number }).id).filter(Number.isInteger);
    const submitted = await inParallel(employeeIds as number[], 4, (employeeId) =>
      call(api.baseUrl, 'POST', '/api/leaves', {
        token,
        body: { employee_id: employeeId, request_type: 'vacation', leave_type: 'full_day', ...twoWorkingDaysAhead() },
        timeoutMs: NO_HANG_MS,
      }),
    );
    const writesDoneAfter = Date.now() - outageStarted;
    const waiting = await world.count('SELECT count(*)::int AS count FROM outbox WHERE dispatched_at IS NULL');
    await sleep(OUTAGE_MS - writesDoneAfter);
    await world.redis.start();
    const redisBackAt = Date.now();

    const summary = (replies: Reply[]) => ({
      answered: replies.filter((reply) => reply.status >= 200 && reply.status < 300).length,
      failures: replies
        .filter((reply) => reply.status < 200 || reply.status >= 300)
        .map((reply) => `${reply.status} ${reply.error ?? JSON.stringify(reply.body)}`)
        .slice(0, 5),
    });
    expect(readiness).toMatchObject({ status: 503, body: { redis: 'down' } });
    expect(signInWhileDown).toMatchObject({ status: 200, body: { token: expect.any(String) } });
    expect(summary(created)).toEqual({ answered: EMPLOYEES, failures: [] });
    expect(summary(submitted)).toEqual({ answered: EMPLOYEES, failures: [] });
    expect(Math.max(...[...created, ...submitted].map((reply) => reply.ms))).toBeLessThan(NO_HANG_MS);
    // Each employee: an invitation e-mail and a seat update; each leave: an e-mail to the other admin
    // and the scheduling of its reminder.
    expect(waiting).toBe(4 * EMPLOYEES);

    const rows = await waitUntil(
      'the outbox to drain after Redis returned',
      async () => {
        const rows = await world.sequelize.query<OutboxRow>(
          `SELECT id, queue, created_at, dispatched_at, payload->>'idempotencyKey' AS idempotency_key FROM outbox`,
          { type: QueryTypes.SELECT },
        );
        return rows.every((row) => row.dispatched_at !== null) && rows;
      },
      60_000,
      250,
    );
    const expectedMessageIds = rows.flatMap((row) =>
      row.idempotency_key ? [`<${row.idempotency_key}@teamfolk>`] : [],
    );
    const queues = world.queues();
    const jobStates = () =>
      Promise.all(rows.map((row) => queues[row.queue].getJobState(outboxJobId(row.id, new Date(row.created_at)))));
    await waitUntil(
      "every event's job to finish",
      async () => {
        const finished = (await jobStates()).every((state) => state === 'completed' || state === 'failed');
        return finished && world.mail.deliveries().length >= expectedMessageIds.length;
      },
      60_000,
      250,
    );
    const drainedAfterMs = Date.now() - redisBackAt;
    const deliveries = world.mail.deliveries();
    const perMessageId = countByMessageId(deliveries);
    const writes = [...created, ...submitted];
    process.stdout.write(
      `redis outage: ${writes.length} writes answered while Redis was down for ` +
        `${((redisBackAt - outageStarted) / 1000).toFixed(1)} s (slowest ${Math.round(
          Math.max(...writes.map((reply) => reply.ms)),
        )} ms); ${rows.length} events delivered within ${(drainedAfterMs / 1000).toFixed(1)} s of its return\n`,
    );
    expect((await jobStates()).filter((state) => state !== 'completed')).toEqual([]);
    expect(deliveries).toHaveLength(expectedMessageIds.length);
    expect(expectedMessageIds.filter((id) => perMessageId.get(id) !== 1)).toEqual([]);
  }, 180_000);
});
