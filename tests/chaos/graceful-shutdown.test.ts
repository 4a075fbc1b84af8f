import net from 'node:net';
import type { Queue } from 'bullmq';
import { createSubscribedCompany, inviteEmployees, type SubscribedCompany } from './support/company';
import { call, signIn } from './support/http';
import { sleep, waitUntil, type Exit, type ManagedProcess } from './support/processes';
import { countByMessageId } from './support/smtp-sink';
import { startChaosWorld, type ChaosWorld } from './support/world';

const LANES = 8;
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** For the deadline cases: short, so the test waits little. */
const SHORT_DEADLINE_MS = 2_000;

/** The process's exit and how long after `since` it came; null when it did not exit within `withinMs`. */
async function exitOf(
  child: ManagedProcess,
  since: number,
  withinMs: number,
): Promise<(Exit & { afterMs: number }) | null> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), withinMs);
  });
  const exit = await Promise.race([child.exited, timedOut]);
  clearTimeout(timer);
  return exit && { ...exit, afterMs: Date.now() - since };
}

/** A request whose body never finishes arriving: the API can only end it by closing the connection. */
async function openStalledRequest(baseUrl: string): Promise<net.Socket> {
  const { port } = new URL(baseUrl);
  const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    'POST /api/auth/login HTTP/1.1\r\nHost: teamfolk.test\r\nContent-Type: application/json\r\n' +
      'Content-Length: 1000\r\n\r\n{"email":',
  );
  return socket;
}

describe('SIGTERM to the API and the workers under load', () => {
  let world: ChaosWorld;
  let seeded: SubscribedCompany;
  let emailQueue: Queue;

  beforeAll(async () => {
    world = await startChaosWorld();
    seeded = await createSubscribedCompany();
    emailQueue = world.queues().email;
  }, 120_000);

  afterAll(async () => {
    await world?.close();
  }, 60_000);

  it('should let the API finish every request in flight, fail none, and exit cleanly', async () => {
    const api = await world.startApi({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    const token = await signIn(api.baseUrl, seeded.admin.email, seeded.password);
    const outcomes: { status: number; error?: string; sentAt: number; doneAt: number; operation: string }[] = [];
    let routing = true;
    let hires = 0;
    const newHire = () => ({ name: `Hire ${++hires}`, email: `sigterm-hire-${hires}@example.com` });
    const credentials = { email: seeded.admin.email, password: seeded.password };
    // Writes, reads, and sign-ins (argon2: the slowest request there is), back to back in every lane.
    const operations = [
      () => ({ operation: 'hire', method: 'POST', path: '/api/employees', body: newHire() }),
      () => ({ operation: 'list', method: 'GET', path: '/api/employees', body: undefined }),
      () => ({ operation: 'sign in', method: 'POST', path: '/api/auth/login', body: credentials }),
    ];
    const lanes = Array.from({ length: LANES }, async (_, lane) => {
      for (let turn = lane; routing; turn++) {
        const { operation, method, path, body } = operations[turn % operations.length]!();
        const sentAt = Date.now();
        const reply = await call(api.baseUrl, method, path, { token, body, timeoutMs: SHUTDOWN_TIMEOUT_MS });
        outcomes.push({ status: reply.status, error: reply.error, sentAt, doneAt: Date.now(), operation });
      }
    });

    await sleep(2_000);
    // The load balancer stops routing to the instance as it is told to stop.
    routing = false;
    const sigtermAt = Date.now();
    api.signal('SIGTERM');
    await Promise.all(lanes);
    const exit = await exitOf(api, sigtermAt, SHUTDOWN_TIMEOUT_MS + 5_000);

    const inFlight = outcomes.filter((outcome) => outcome.sentAt < sigtermAt && outcome.doneAt >= sigtermAt);
    const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
    process.stdout.write(
      `api sigterm: ${outcomes.length} requests, ${inFlight.length} in flight at SIGTERM ` +
        `(${inFlight.map((outcome) => outcome.operation).join(', ')}), exit after ${exit?.afterMs} ms\n`,
    );
    expect(inFlight.length).toBeGreaterThan(0);
    expect(failed.map((outcome) => `${outcome.operation}: ${outcome.status} ${outcome.error ?? ''}`)).toEqual([]);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit!.afterMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  }, 90_000);

  it('should let the workers finish their active jobs: none stalls, no e-mail is lost or sent twice', async () => {
    const messageIds = await inviteEmployees(world.sequelize, seeded.company, 150, 'drain');
    // The hires of the test before were invited too: their e-mails go out with these.
    const emails = await world.count("SELECT count(*)::int AS count FROM outbox WHERE job_name = 'send-email'");
    // A slow mail server keeps e-mail jobs active long enough to be caught mid-send.
    world.mail.setAcceptDelay(400);
    const workers = await world.startWorkers({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    await waitUntil(
      'e-mails to be mid-send',
      () => world.mail.deliveries().length >= 10 && world.mail.unanswered() >= 3,
      30_000,
      20,
    );

    const sigtermAt = Date.now();
    const midSend = world.mail.unanswered();
    const deliveredBefore = world.mail.deliveries().length;
    workers.signal('SIGTERM');
    const exit = await exitOf(workers, sigtermAt, SHUTDOWN_TIMEOUT_MS + 5_000);
    const deliveredByExit = world.mail.deliveries().length;
    const leftActive = await emailQueue.getActiveCount();

    world.mail.setAcceptDelay(0);
    const successor = await world.startWorkers();
    await waitUntil('the remaining e-mails', async () => (await emailQueue.getCompletedCount()) >= emails, 60_000, 250);
    // Gone before the next tests start their own: left running, it would take their e-mail jobs.
    successor.signal('SIGTERM');
    expect(await exitOf(successor, Date.now(), SHUTDOWN_TIMEOUT_MS + 5_000)).toMatchObject({ code: 0 });
    const jobs = await emailQueue.getJobs(['completed', 'failed']);
    const perMessageId = countByMessageId(world.mail.deliveries());

    process.stdout.write(
      `workers sigterm: ${midSend} e-mails mid-send at SIGTERM, ${deliveredByExit - deliveredBefore} finished ` +
        `before the exit ${exit?.afterMs} ms later\n`,
    );
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(deliveredByExit - deliveredBefore).toBeGreaterThanOrEqual(midSend);
    expect(leftActive).toBe(0);
    expect(jobs.filter((job) => job.stalledCounter > 0 || job.failedReason).map((job) => job.id)).toEqual([]);
    expect(messageIds.filter((id) => perMessageId.get(id) !== 1)).toEqual([]);
    expect(world.mail.deliveries()).toHaveLength(emails);
    expect(perMessageId.size).toBe(emails);
  }, 120_000);

  describe('when requests or jobs cannot finish', () => {
    let stalledRequests: net.Socket[] = [];

    beforeAll(async () => {
      // The mail server stops answering: e-mail jobs hang mid-send.
      world.mail.hold(true);
      await inviteEmployees(world.sequelize, seeded.company, 40, 'stuck');
    }, 30_000);

    afterAll(() => {
      world.mail.hold(false);
      for (const socket of stalledRequests) socket.destroy();
      stalledRequests = [];
    });

    const startStuck = async (shutdownTimeoutMs: number) => {
      const env = { SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) };
      const [api, workers] = await Promise.all([world.startApi(env), world.startWorkers(env)]);
      stalledRequests.push(await openStalledRequest(api.baseUrl));
      await waitUntil('e-mail jobs to hang mid-send', () => world.mail.unanswered() > 0, 30_000, 20);
      return { api, workers };
    };

    it('should exit at once on a second SIGTERM', async () => {
      const { api, workers } = await startStuck(SHUTDOWN_TIMEOUT_MS);
      for (const child of [api, workers]) child.signal('SIGTERM');
      await sleep(1_000);
      const stillStopping = [api.isRunning(), workers.isRunning()];
      const secondAt = Date.now();
      for (const child of [api, workers]) child.signal('SIGTERM');
      const exits = await Promise.all([api, workers].map((child) => exitOf(child, secondAt, 5_000)));

      expect(stillStopping).toEqual([true, true]);
      for (const exit of exits) {
        expect(exit).toMatchObject({ code: 1 });
        expect(exit!.afterMs).toBeLessThan(2_000);
      }
    }, 90_000);

    it('should exit when the shutdown deadline passes', async () => {
      const { api, workers } = await startStuck(SHORT_DEADLINE_MS);
      const sigtermAt = Date.now();
      for (const child of [api, workers]) child.signal('SIGTERM');
      const [apiExit, workersExit] = await Promise.all(
        [api, workers].map((child) => exitOf(child, sigtermAt, SHORT_DEADLINE_MS + 10_000)),
      );

      // The API closes the connections still open at the deadline and ends normally; the workers
      // cannot interrupt a job, so they exit with a failure and the job is retried elsewhere.
      expect(apiExit).toMatchObject({ code: 0 });
      expect(workersExit).toMatchObject({ code: 1 });
      for (const exit of [apiExit, workersExit]) {
        expect(exit!.afterMs).toBeGreaterThanOrEqual(SHORT_DEADLINE_MS);
        expect(exit!.afterMs).toBeLessThan(SHORT_DEADLINE_MS + 5_000);
      }
    }, 90_000);
  });
});
