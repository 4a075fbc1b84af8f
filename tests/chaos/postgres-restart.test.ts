import { QueryTypes } from 'sequelize';
import { createCompanyWithAdmin } from '@teamfolk/services/testing';
import { createSubscribedCompany, twoWorkingDaysAhead } from './support/company';
import { call, signIn, type Reply } from './support/http';
import { sleep, waitUntil } from './support/processes';
import { CHAOS_SEED, seededRandom } from './support/random';
import { startChaosWorld, type ApiProcess, type ChaosWorld } from './support/world';

const LANES = 6;
const BILLING_COMPANIES = 6;
const DOWN_MS = 8_000;
/** The API must be answering normally again this long after Postgres accepts connections. */
const RECOVERY_MS = 10_000;
/** A reply slower than this is a hang. */
const NO_HANG_MS = 12_000;

interface Outcome extends Reply {
  operation: string;
  sentAt: number;
  doneAt: number;
}

interface BillingCompany {
  token: string;
  companyId: number;
}

const ok = (reply: Reply) => reply.status >= 200 && reply.status < 300;

describe('Postgres restarted under a mixed load of employees, leave and billing', () => {
  let world: ChaosWorld;
  let api: ApiProcess;
  let adminToken: string;
  let companyId: number;
  let billingCompanies: BillingCompany[];

  beforeAll(async () => {
    world = await startChaosWorld();
    const seeded = await createSubscribedCompany();
    companyId = seeded.company.id;
    const billing = await Promise.all(Array.from({ length: BILLING_COMPANIES }, () => createCompanyWithAdmin()));
    [api] = await Promise.all([world.startApi(), world.startWorkers()]);
    adminToken = await signIn(api.baseUrl, seeded.admin.email, seeded.password);
    billingCompanies = await Promise.all(
      billing.map(async ({ company, admin, password }) => ({
        companyId: company.id,
        token: await signIn(api.baseUrl, admin.email, password),
      })),
    );
  }, 120_000);

  afterAll(async () => {
    await world?.close();
  }, 60_000);

  it('should answer 503 with a JSON message while it is down, recover within 10 s, and leave nothing half-written', async () => {
    const random = seededRandom();
    const outcomes: Outcome[] = [];
    let loadRunning = true;
    let hires = 0;
    const hiredEmployees: number[] = [];
    const pendingLeaves: number[] = [];

    const send = async (operation: string, method: string, path: string, token: string, body?: unknown) => {
      const sentAt = Date.now();
      const reply = await call(api.baseUrl, method, path, { token, body, timeoutMs: NO_HANG_MS });
      outcomes.push({ ...reply, operation, sentAt, doneAt: Date.now() });
      return reply;
    };

    /** A user who gets 503 tries again a moment later, as the console's retry would. */
    const untilAnswered = async (operation: string, method: string, path: string, token: string, body?: unknown) => {
      for (;;) {
        const reply = await send(operation, method, path, token, body);
        if (reply.status !== 503 || !loadRunning) return reply;
        await sleep(250);
      }
    };

    const subscribe = async ({ token }: BillingCompany, index: number) => {
      const checkout = await untilAnswered('checkout', 'POST', '/api/billing/create-checkout-session', token, {
        pendingEmployeeData: { name: `First Hire ${index}`, email: `first-hire-${index}@example.com` },
      });
      const { sessionId } = checkout.body as { sessionId?: string };
      if (!ok(checkout) || !sessionId) return;
      const paid = await untilAnswered('pay', 'POST', `/dev/checkout/${sessionId}/complete`, token, {
        cardNumber: '4242 4242 4242 4242',
      });
      if (!ok(paid)) return;
      await untilAnswered('payment-success', 'POST', '/api/billing/payment-success', token, { sessionId });
    };

    const step = async () => {
      const dice = random();
      if (dice < 0.3 || hiredEmployees.length === 0) {
        const index = ++hires;
        const reply = await send('hire', 'POST', '/api/employees', adminToken, {
          name: `Restart Hire ${index}`,
          email: `restart-hire-${index}@example.com`,
        });
        if (reply.status === 201) hiredEmployees.push((reply.body as { id: number }).id);
      } else if (dice < 0.55) {
        const employeeId = hiredEmployees.shift()!;
        const reply = await send('submit leave', 'POST', '/api/leaves', adminToken, {
          employee_id: employeeId,
          request_type: 'vacation',
          leave_type: 'full_day',
          ...twoWorkingDaysAhead(),
        });
        if (reply.status === 201) pendingLeaves.push((reply.body as { id: number }).id);
      } else if (dice < 0.7 && pendingLeaves.length > 0) {
        await send('approve', 'PUT', `/api/leaves/${pendingLeaves.shift()}/approve`, adminToken, { approved: true });
      } else if (dice < 0.8 && billingCompanies.length > 0) {
        await subscribe(billingCompanies.shift()!, BILLING_COMPANIES - billingCompanies.length);
      } else {
        await send('list', 'GET', '/api/employees', adminToken);
      }
    };

    const lanes = Array.from({ length: LANES }, async () => {
      while (loadRunning) {
        await step();
        await sleep(20);
      }
    });

    await sleep(3_000);
    const stopBegan = Date.now();
    await world.postgres.stop();
    const downAt = Date.now();
    await sleep(DOWN_MS);
    const startBegan = Date.now();
    await world.postgres.start();
    const upAt = Date.now();
    await sleep(RECOVERY_MS + 3_000);
    loadRunning = false;
    await Promise.all(lanes);

    const unexpected = outcomes.filter((outcome) => !ok(outcome) && outcome.status !== 503);
    const notJson = outcomes.filter(
      (outcome) => !ok(outcome) && typeof (outcome.body as { message?: unknown } | null)?.message !== 'string',
    );
    const whileDown = outcomes.filter((outcome) => outcome.sentAt >= downAt && outcome.doneAt <= startBegan);
    const lastUnavailable = Math.max(0, ...outcomes.filter((outcome) => outcome.status === 503).map((o) => o.doneAt));
    const answeredAfterRecovery = outcomes.filter((outcome) => outcome.sentAt > lastUnavailable && ok(outcome));
    const explain = (list: Outcome[]) =>
      list
        .slice(0, 5)
        .map((outcome) => `${outcome.operation}: ${outcome.status} ${outcome.error ?? JSON.stringify(outcome.body)}`);
    process.stdout.write(
      `postgres restart: ${outcomes.length} requests, ${outcomes.filter((o) => o.status === 503).length} answered 503 ` +
        `(${whileDown.length} while down, slowest ${Math.round(Math.max(...whileDown.map((o) => o.ms)))} ms); ` +
        `last 503 ${((lastUnavailable - upAt) / 1000).toFixed(1)} s after Postgres was back (stop took ` +
        `${downAt - stopBegan} ms, start ${upAt - startBegan} ms) (CHAOS_SEED=${CHAOS_SEED})\n`,
    );
    // Refused connections mean the API went away: its last lines say why.
    expect(api.isRunning() ? 'running' : api.output().slice(-3_000)).toBe('running');
    expect(explain(unexpected)).toEqual([]);
    expect(explain(notJson)).toEqual([]);
    expect(whileDown.length).toBeGreaterThan(20);
    expect(explain(whileDown.filter((outcome) => outcome.status !== 503))).toEqual([]);
    expect(whileDown.filter((outcome) => !outcome.retryAfter)).toEqual([]);
    expect(lastUnavailable - upAt).toBeLessThanOrEqual(RECOVERY_MS);
    expect(answeredAfterRecovery.length).toBeGreaterThan(20);

    await expectNothingHalfWritten(world, companyId);

    // The workers found their way back too: every e-mail written before, during and after the restart went out.
    const expected = await world.sequelize.query<{ key: string }>(
      "SELECT payload->>'idempotencyKey' AS key FROM outbox WHERE job_name = 'send-email'",
      { type: QueryTypes.SELECT },
    );
    await waitUntil(
      `the ${expected.length} e-mails of the run to arrive`,
      () => {
        const arrived = new Set(world.mail.mailbox().map((mail) => mail.messageId));
        return expected.every(({ key }) => arrived.has(`<${key}@teamfolk>`));
      },
      60_000,
      250,
    );
  }, 180_000);
});

/** Every write is whole or absent: the rows one transaction writes together are all there, or none is. */
async function expectNothingHalfWritten(world: ChaosWorld, companyId: number): Promise<void> {
  const select = <T extends object>(sql: string) =>
    world.sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements: { companyId } });

  // An employee comes with its invitation, its invitation e-mail, its audit entry and a seat update.
  const employees = await select<{ id: number; invitations: number; mails: number; audits: number }>(`
    SELECT e.id,
           (SELECT count(*)::int FROM invitations i WHERE i.employee_id = e.id) AS invitations,
           (SELECT count(*)::int FROM invitations i JOIN outbox o
              ON o.payload->>'idempotencyKey' = 'invitation-' || i.id WHERE i.employee_id = e.id) AS mails,
           (SELECT count(*)::int FROM audit_log a
             WHERE a.entity = 'employee' AND a.entity_id = e.id::text AND a.action = 'employee.created') AS audits
      FROM employees e`);
  const seatUpdates = await world.count(
    `SELECT count(*)::int AS count FROM outbox WHERE job_name = 'update-seat-quantity' AND company_id = ${companyId}`,
  );
  const hires = await world.count(`SELECT count(*)::int AS count FROM employees WHERE company_id = ${companyId}`);
  expect(employees.filter((row) => row.invitations !== 1 || row.mails !== 1 || row.audits !== 1)).toEqual([]);
  expect(seatUpdates).toBe(hires);

  // A leave comes with its audit entry and the other admin's e-mail; an approval moved the balance.
  const leaves = await select<{ id: number; audits: number; mails: number; approvals: number; status: string }>(`
    SELECT l.id, l.status,
           (SELECT count(*)::int FROM audit_log a WHERE a.entity = 'leave_request' AND a.entity_id = l.id::text
               AND a.action = 'leave.submitted') AS audits,
           (SELECT count(*)::int FROM audit_log a WHERE a.entity = 'leave_request' AND a.entity_id = l.id::text
               AND a.action = 'leave.approved') AS approvals,
           (SELECT count(*)::int FROM outbox o WHERE o.payload->>'idempotencyKey' LIKE 'leave-submitted-' || l.id || '-%')
             AS mails
      FROM leave_requests l`);
  expect(
    leaves.filter(
      (row) => row.audits !== 1 || row.mails !== 1 || row.approvals !== (row.status === 'approved' ? 1 : 0),
    ),
  ).toEqual([]);
  // Each approval wrote its days into the ledger, and the stored figures are this leave year's
  // (the company keeps the default January year, so a leave year is a calendar year).
  const balances = await select<{ id: number; taken: string; approved: string; used: string; usedThisYear: string }>(`
    SELECT e.id, e.vacation_days_used AS used,
           COALESCE((SELECT -sum(b.amount) FROM balance_entries b
                      WHERE b.employee_id = e.id AND b.balance = 'vacation' AND b.kind IN ('leave', 'leave_returned')), 0)
             AS taken,
           COALESCE((SELECT sum(l.days_count) FROM leave_requests l
                      WHERE l.employee_id = e.id AND l.status = 'approved' AND l.request_type = 'vacation'), 0) AS approved,
           COALESCE((SELECT -sum(b.amount) FROM balance_entries b
                      WHERE b.employee_id = e.id AND b.balance = 'vacation' AND b.figure = 'used'
                        AND b.leave_year = extract(year FROM current_date)), 0) AS "usedThisYear"
      FROM employees e`);
  expect(
    balances.filter(
      (row) => Number(row.taken) !== Number(row.approved) || Number(row.used) !== Number(row.usedThisYear),
    ),
  ).toEqual([]);

  // A paid checkout comes with the running subscription, the month's billing record and the first employee.
  const companies = await select<{
    id: number;
    completed: number;
    status: string | null;
    cycles: number;
    staff: number;
  }>(`
    SELECT c.id,
           (SELECT count(*)::int FROM billing_checkouts b WHERE b.company_id = c.id AND b.completed_at IS NOT NULL
               AND b.employee_id IS NOT NULL) AS completed,
           (SELECT s.status FROM subscriptions s WHERE s.company_id = c.id) AS status,
           (SELECT count(*)::int FROM billing_cycles y WHERE y.company_id = c.id) AS cycles,
           (SELECT count(*)::int FROM employees e WHERE e.company_id = c.id) AS staff
      FROM companies c WHERE c.id <> :companyId`);
  expect(companies.filter((row) => row.completed === 1)).not.toHaveLength(0);
  expect(
    companies.filter((row) =>
      row.completed === 1
        ? row.status !== 'active' || row.cycles !== 1 || row.staff !== 1
        : row.completed !== 0 || row.status === 'active' || row.cycles !== 0 || row.staff !== 0,
    ),
  ).toEqual([]);
}
