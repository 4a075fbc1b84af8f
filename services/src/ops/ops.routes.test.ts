import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type supertest from 'supertest';
import { QUEUE_NAMES, SecurityEvent, runAsCompany, writeOutbox } from '@teamfolk/shared';
import { metricSamples, metricValue } from '@teamfolk/shared/testing';
import { activateSubscription, createCompanyWithAdmin, createInvitedEmployee } from '../testing/factories';
import { bearerFor, eventually, startTestApp, type TestApp } from '../testing/harness';

const OPERATOR = { OPS_USERNAME: 'operator', OPS_PASSWORD: 'a long operator password' };
const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
const operatorAuth = basic('operator:a long operator password');

let t: TestApp;
/** One API with the operator configured, kept for the whole file so its request metrics add up. */
let ops: supertest.Agent;
let adminBearer: string;

beforeAll(async () => {
  t = await startTestApp();
  ops = t.requestWith(OPERATOR);
  const { company, admin, password } = await createCompanyWithAdmin();
  await activateSubscription(company);
  adminBearer = await bearerFor(t, admin.email, password);
});
afterAll(async () => {
  await t.close();
});

describe('operator routes without operator credentials configured', () => {
  it('should serve neither the queue dashboard nor /metrics, even where the console answers every other path', async () => {
    const consoleDist = await mkdtemp(path.join(os.tmpdir(), 'teamfolk-console-'));
    await writeFile(path.join(consoleDist, 'index.html'), '<!doctype html><title>Teamfolk</title>');
    const withConsole = t.requestWith({ CONSOLE_DIST: consoleDist });
    await withConsole.get('/dashboard/employees').expect(200);
    for (const url of ['/ops/queues', '/ops/queues/api/queues', '/metrics']) {
      const reply = await withConsole.get(url).set('Authorization', operatorAuth).expect(404);
      expect(reply.body).toEqual({ message: 'Not found' });
    }
    await rm(consoleDist, { recursive: true });
  });
});

describe('operator sign-in', () => {
  it.each(['/ops/queues', '/ops/queues/api/queues', '/metrics'])(
    'should ask for it at %s, and refuse a wrong password and an admin session',
    async (path) => {
      const anonymous = await ops.get(path).expect(401);
      expect(anonymous.headers['www-authenticate']).toBe('Basic realm="Teamfolk operations", charset="UTF-8"');
      expect(anonymous.body).toEqual({ message: 'Operator sign-in required' });
      await ops.get(path).set('Authorization', basic('operator:a wrong password')).expect(401);
      await ops.get(path).set('Authorization', adminBearer).expect(401);
    },
  );

  it('should write each refusal to the security log', async () => {
    await ops.get('/metrics').set('Authorization', basic('operator:guess')).expect(401);
    const refusals = await SecurityEvent.findAll({ where: { route: 'GET /metrics', kind: 'access.unauthenticated' } });
    expect(refusals.length).toBeGreaterThanOrEqual(1);
    expect(refusals.every((event) => event.status === 401)).toBe(true);
  });
});

describe('the queue dashboard', () => {
  it('should show every queue of the catalogue', async () => {
    const reply = await ops.get('/ops/queues/api/queues').set('Authorization', operatorAuth).expect(200);
    const names = (reply.body.queues as Array<{ name: string }>).map((queue) => queue.name);
    expect(names.sort()).toEqual([...QUEUE_NAMES].sort());
  });

  it('should serve its page and scripts under a CSP that admits its <base href> there only', async () => {
    const page = await ops.get('/ops/queues').set('Authorization', operatorAuth).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("base-uri 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-powered-by']).toBeUndefined();
    expect(page.text).toContain('<base href="/ops/queues/"');
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const asset = await ops.get(`/ops/queues/${script}`).set('Authorization', operatorAuth).expect(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);

    const console = await ops.get('/healthz').expect(200);
    expect(console.headers['content-security-policy']).toContain("base-uri 'none'");
  });
});

describe('/metrics', () => {
  const scrape = async () => (await ops.get('/metrics').set('Authorization', operatorAuth).expect(200)).text;

  it('should time requests by route pattern and status, never by the raw URL', async () => {
    const { company: otherCompany } = await createCompanyWithAdmin();
    const { employee: someoneElse } = await createInvitedEmployee(t.db.sequelize, otherCompany);
    await ops.get(`/api/employees/${someoneElse.id}`).set('Authorization', adminBearer).expect(404);
    await ops.get('/api/employees/not-a-number').set('Authorization', adminBearer).expect(404);
    await ops.get(`/no/such/page/${someoneElse.id}`).expect(404);
    await ops.get('/api/employees').set('Authorization', adminBearer).expect(200);

    const text = await scrape();
    const count = (labels: Record<string, string>) =>
      metricValue(text, 'http_request_duration_seconds_count', labels) ?? 0;
    // A 404 the route answers itself, and one its error handler answers after the routers unwound.
    expect(count({ method: 'GET', route: '/api/employees/:id', status_code: '404' })).toBe(2);
    expect(count({ method: 'GET', route: '/api/employees', status_code: '200' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    const routes = metricSamples(text, 'http_request_duration_seconds_count').map((sample) => sample.labels.route);
    expect(routes.filter((route) => /\d/.test(route ?? ''))).toEqual([]);
  });

  it('should count e-mails and time jobs by queue and name', async () => {
    const { company } = await createCompanyWithAdmin();
    const { employee } = await createInvitedEmployee(t.db.sequelize, company);
    await t.flushOutbox();
    await eventually(async () => t.mail.messages().some((mail) => mail.to.includes(employee.email)));

    const text = await eventually(async () => {
      const scraped = await scrape();
      return (metricValue(scraped, 'teamfolk_emails_sent_total', { template: 'invitation' }) ?? 0) >= 1 && scraped;
    });
    expect(
      metricValue(text, 'teamfolk_job_duration_seconds_count', {
        queue: 'email',
        job: 'send-email',
        outcome: 'completed',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'teamfolk_emails_failed_total', { template: 'invitation' }) ?? 0).toBe(0);
    for (const queue of QUEUE_NAMES) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(metricValue(text, 'teamfolk_queue_jobs', { queue, state })).toEqual(expect.any(Number));
      }
    }
    expect(metricValue(text, 'process_cpu_user_seconds_total', {})).toBeGreaterThan(0);
  });

  // Last: it stops the outbox relay.
  it('should show the age of the oldest event the relay has not delivered yet', async () => {
    await t.flushOutbox();
    expect(metricValue(await scrape(), 'teamfolk_outbox_lag_seconds', {})).toBe(0);

    await t.workers.relay.stop();
    const { company } = await createCompanyWithAdmin();
    const event = await runAsCompany(company.id, () =>
      t.db.sequelize.transaction((transaction) =>
        writeOutbox(transaction, {
          companyId: company.id,
          job: 'sync-subscription',
          payload: { companyId: company.id },
        }),
      ),
    );
    // Outside a request or job: the schema owner's connection, which row-level security lets through.
    await t.db.sequelize.query("UPDATE outbox SET created_at = now() - interval '90 seconds' WHERE id = :id", {
      replacements: { id: event.id },
    });

    const lag = metricValue(await scrape(), 'teamfolk_outbox_lag_seconds', {});
    expect(lag).toBeGreaterThanOrEqual(90);
    expect(lag).toBeLessThan(120);
  });
});
