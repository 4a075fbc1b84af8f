import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import { generalTexts, type Employee } from '@teamfolk/shared';
import {
  activateSubscription,
  createCompanyWithAdmin,
  createEmployees,
  type CompanyWithAdmin,
} from '../testing/factories';
import { startApiProcess, type ApiProcess } from '../testing/api-process';
import { bearerFor, eventually, startTestApp, type TestApp } from '../testing/harness';
import { percentile, statusCounts, timedFetch, type TimedAnswer } from '../testing/load';
import { COMPANY_BUSY_RETRY_AFTER_SECONDS } from './company-bulkhead';

jest.setTimeout(120_000);

/**
 * The bulkhead between companies: one company's burst of writes waits its turn (or is refused with
 * 429 once its queue is full) instead of taking the pool from the others, whose requests keep their
 * pace. The pool is the production default (DATABASE_POOL_MAX=10), the bulkhead as configured by it.
 * The timed tests meet the API in a process of its own, as production runs it: sharing this process's
 * event loop with the load generator and the workers measured them as much as the API.
 */
const BURST = 50;
/**
 * Tells reads kept apart from another company's burst from reads starved by it: with the bulkhead
 * opened wide (COMPANY_WRITE_CONCURRENCY=50) their p99 was 333-442 ms, with it 65-106 ms on the
 * 2-core host (2026-12-02). The 100 ms budget of issue 27 is the benchmark's, at a steady 50/s.
 */
const ISOLATED_P99_MS = 200;

let t: TestApp;
let api: ApiProcess;

beforeAll(async () => {
  t = await startTestApp({ config: { DATABASE_POOL_MAX: '10' }, schedules: false });
  api = await startApiProcess(t, { DATABASE_POOL_MAX: '10' });
});
afterAll(async () => {
  await api?.stop();
  await t?.close();
});

interface Tenant extends CompanyWithAdmin {
  auth: string;
  employees: Employee[];
}

async function subscribedCompany(people = 5): Promise<Tenant> {
  const created = await createCompanyWithAdmin();
  await activateSubscription(created.company);
  const employees = await createEmployees(created.company, people);
  return { ...created, employees, auth: await bearerFor(t, created.admin.email, created.password) };
}

const call = (tenant: Tenant, method: string, path: string, body?: unknown) =>
  timedFetch(`${api.baseUrl}${path}`, {
    method,
    headers: { authorization: tenant.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Working days from 2032 on, one per call: no two leave requests of the burst overlap. */
function workdays(count: number): string[] {
  const days: string[] = [];
  for (let day = Date.UTC(2032, 0, 5); days.length < count; day += 24 * 3600 * 1000) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Reads of the bystander a p99 is taken over: with fewer than 100 it is only the slowest read, which
 * one garbage collection of this process (API, workers and test in one) can make.
 */
const MIN_READS = 300;
const MAX_ROUNDS = 30;

/**
 * Runs bursts of `BURST` writes at once (`burst(round)`), one after another, and while they last reads
 * the bystander's employee list one request after another, as a user clicking through the console,
 * until at least MIN_READS reads were made during bursts: the reads' answers and times, and the
 * bursts' answers.
 */
async function readWhile(
  bystander: Tenant,
  burst: (round: number) => Promise<TimedAnswer[]>,
): Promise<{ reads: TimedAnswer[]; writes: TimedAnswer[] }> {
  // The bystander has had its page open for a while: its first look is not what is measured.
  for (let warmUp = 0; warmUp < 20; warmUp++) await call(bystander, 'GET', '/api/employees');
  // The workers share the load generator's process here: the bursts' e-mails wait until their
  // answers are in, so the machine's cores serve the API and Postgres alone.
  await t.workers.queues.email.pause();
  try {
    const reads: TimedAnswer[] = [];
    const writes: TimedAnswer[] = [];
    let bursting = true;
    const reading = (async () => {
      while (bursting) reads.push(await call(bystander, 'GET', '/api/employees'));
    })();
    for (let round = 0; round < MAX_ROUNDS && reads.length < MIN_READS; round++) writes.push(...(await burst(round)));
    bursting = false;
    await reading;
    return { reads, writes };
  } finally {
    await t.workers.queues.email.resume();
  }
}

function report(name: string, { reads, writes }: { reads: TimedAnswer[]; writes: TimedAnswer[] }) {
  const times = reads.map((read) => read.ms);
  const p99 = percentile(times, 0.99);
  process.stdout.write(
    `${name}: ${writes.length} writes in bursts of ${BURST}, ${JSON.stringify(statusCounts(writes.map((write) => write.status)))}; ` +
      `the other company's ${reads.length} GET /api/employees meanwhile ` +
      `${JSON.stringify(statusCounts(reads.map((read) => read.status)))}, p50 ${percentile(times, 0.5).toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms\n`,
  );
  return p99;
}

describe(`while one company sends ${BURST} writes at once`, () => {
  it(`another company's GET /api/employees keeps p99 under ${ISOLATED_P99_MS} ms (leave requests)`, async () => {
    const [busy, bystander] = [await subscribedCompany(), await subscribedCompany()];
    const days = workdays(BURST * MAX_ROUNDS);
    const figures = await readWhile(bystander, (round) =>
      Promise.all(
        days.slice(round * BURST, (round + 1) * BURST).map((day, index) =>
          call(busy, 'POST', '/api/leaves', {
            employee_id: busy.employees[index % busy.employees.length]!.id,
            start_date: day,
            end_date: day,
            request_type: 'other',
            leave_type: 'full_day',
          }),
        ),
      ),
    );
    const p99 = report('leave requests', figures);
    expect(figures.reads.length).toBeGreaterThanOrEqual(MIN_READS);
    expect(figures.reads.every((read) => read.status === 200)).toBe(true);
    expect(statusCounts(figures.writes.map((write) => write.status))).toEqual({ 201: figures.writes.length });
    expect(p99).toBeLessThan(ISOLATED_P99_MS);
  });

  it(`another company's GET /api/employees keeps p99 under ${ISOLATED_P99_MS} ms (billing: new cards)`, async () => {
    const [busy, bystander] = [await subscribedCompany(), await subscribedCompany()];
    const figures = await readWhile(bystander, () =>
      Promise.all(
        Array.from({ length: BURST }, () => call(busy, 'POST', '/api/billing/create-setup-intent', { hosted: true })),
      ),
    );
    const p99 = report('billing setup intents', figures);
    expect(figures.reads.length).toBeGreaterThanOrEqual(MIN_READS);
    expect(figures.reads.every((read) => read.status === 200)).toBe(true);
    expect(statusCounts(figures.writes.map((write) => write.status))).toEqual({ 200: figures.writes.length });
    expect(p99).toBeLessThan(ISOLATED_P99_MS);
  });
});

describe('a company over its share', () => {
  /** Holds the lock of an employee row from outside the API, so that a write of it waits. */
  async function lockEmployee(employee: Employee): Promise<{ release(): Promise<void> }> {
    const client = new Client({ connectionString: t.db.url });
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT id FROM employees WHERE id = $1 FOR UPDATE', [employee.id]);
    return {
      async release() {
        await client.query('ROLLBACK');
        await client.end();
      },
    };
  }

  /** Whether a transaction waits for a row lock (the held employee's). */
  async function someoneWaitsForALock(): Promise<boolean> {
    const [row] = await t.db.sequelize.query<{ waiting: string }>(
      "SELECT count(*) AS waiting FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'",
      { type: QueryTypes.SELECT },
    );
    return Number(row!.waiting) > 0;
  }

  it("has its writes beyond the queue refused at once with 429 and Retry-After, and nobody else's", async () => {
    const narrow = t.requestWith({ COMPANY_WRITE_CONCURRENCY: '1', COMPANY_WRITE_QUEUE: '2' });
    const [busy, other] = [await subscribedCompany(), await subscribedCompany()];
    const held = busy.employees[0]!;
    const lock = await lockEmployee(held);
    try {
      const rename = (tenant: Tenant, employee: Employee, name: string) =>
        narrow
          .put(`/api/employees/${employee.id}`)
          .set('Authorization', tenant.auth)
          .send({ name })
          .then((reply) => reply);
      // The first write runs, and waits for the lock; of the four after it, two wait their turn.
      const first = rename(busy, held, 'First');
      await eventually(someoneWaitsForALock);
      const later = ['Second', 'Third', 'Fourth', 'Fifth'].map((name) => rename(busy, held, name));
      // The two beyond the queue are answered while the lock still holds the others.
      const answeredAtOnce: number[] = [];
      for (const reply of later) void reply.then(({ status }) => answeredAtOnce.push(status));
      await eventually(async () => answeredAtOnce.length === 2);
      expect(answeredAtOnce).toEqual([429, 429]);

      // Meanwhile another company's writes and the busy company's own reads go through.
      const othersWrite = await rename(other, other.employees[0]!, 'Unhindered');
      expect(othersWrite.status).toBe(200);
      await narrow.get(`/api/employees/${held.id}`).set('Authorization', busy.auth).expect(200);
      // A leave preview writes nothing: it passes as a read, and waits for no lock of the held person's.
      const [day] = workdays(1);
      await narrow
        .post('/api/leaves/preview')
        .set('Authorization', busy.auth)
        .send({
          employee_id: held.id,
          start_date: day,
          end_date: day,
          request_type: 'vacation',
          leave_type: 'full_day',
        })
        .expect(200);

      await lock.release();
      const replies = await Promise.all([first, ...later]);
      expect(statusCounts(replies.map((reply) => reply.status))).toEqual({ 200: 3, 429: 2 });
      for (const reply of replies.filter((answer) => answer.status === 429)) {
        expect(reply.headers['retry-after']).toBe(String(COMPANY_BUSY_RETRY_AFTER_SECONDS));
        expect(reply.body).toEqual({ message: generalTexts.companyBusy });
      }
    } finally {
      await lock.release().catch(() => undefined);
    }
  });
});
