import { QueryTypes } from 'sequelize';
import {
  leaveTexts,
  teamTexts,
  type DecisionPageReply,
  type JobEnvelope,
  type LeaveRequestRecord,
} from '@teamfolk/shared';
import { eventually, startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee, signedInAdmin, type JoinedEmployee, type SignedInAdmin } from '../testing/signed-in';

let t: TestApp;
let companyA: SignedInAdmin;
let companyB: SignedInAdmin;
let erin: JoinedEmployee;
let cleo: JoinedEmployee;
/** Mondays of 2027 onwards (within the balances' forecast), one per request, so that no two requests overlap. */
let week = 0;
const nextMonday = () => {
  const day = new Date(Date.UTC(2027, 0, 4 + 7 * week++));
  return day.toISOString().slice(0, 10);
};
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const submit = async (auth: string, body: Record<string, unknown> = {}) => {
  const start = nextMonday();
  const reply = await t
    .request()
    .post('/api/leaves')
    .set('Authorization', auth)
    .send({
      start_date: start,
      end_date: plusDays(start, 1),
      request_type: 'vacation',
      leave_type: 'full_day',
      ...body,
    })
    .expect(201);
  return reply.body as LeaveRequestRecord;
};

/** The Approve and Reject links of the "leave submitted" e-mail the admin got for the request. */
async function linksOf(leave: LeaveRequestRecord, to = companyA.admin.email) {
  await t.flushOutbox();
  const mail = await t.mail.waitFor(
    (message) =>
      message.to.includes(to) && message.text.includes(`focus=${leave.id}`) && /^Leave request/.test(message.subject),
  );
  const link = (label: string) => {
    const url = new RegExp(`${label}: (http://teamfolk\\.test/decide/([A-Za-z0-9_-]+))`).exec(mail.text);
    expect(url).not.toBeNull();
    return { url: url![1]!, token: url![2]! };
  };
  return { approve: link('Approve'), reject: link('Reject'), mail };
}

const page = async (token: string, bearer?: string) => {
  const request = t.request().get(`/api/decisions/${token}`);
  if (bearer) request.set('Authorization', bearer);
  return (await request.expect(200)).body as DecisionPageReply;
};
const decide = (token: string, body: Record<string, unknown>) => t.request().post(`/api/decisions/${token}`).send(body);
const statusOf = async (id: number) => {
  const [row] = await t.db.sequelize.query<{ status: string }>('SELECT status FROM leave_requests WHERE id = :id', {
    replacements: { id },
    type: QueryTypes.SELECT,
  });
  return row!.status;
};

beforeAll(async () => {
  t = await startTestApp();
  companyA = await signedInAdmin(t, { subscribed: true });
  companyB = await signedInAdmin(t, { subscribed: true });
  erin = await joinedEmployee(t, companyA.company, { name: 'Erin Employee' });
  cleo = await joinedEmployee(t, companyA.company, { name: 'Cleo Colleague' });
});
afterAll(async () => {
  await t.close();
});

describe('the "leave submitted" e-mail', () => {
  it('carries Approve and Reject buttons to the public decision page, each its own link', async () => {
    const leave = await submit(erin.auth);
    const { approve, reject, mail } = await linksOf(leave);
    expect(approve.token).not.toBe(reject.token);
    expect(mail.html).toContain(`href="${approve.url}"`);
    expect(mail.html).toContain(`href="${reject.url}"`);
    const stored = await t.db.sequelize.query<{ token_hash: string }>(
      'SELECT token_hash FROM decision_links WHERE leave_request_id = :id',
      { replacements: { id: leave.id }, type: QueryTypes.SELECT },
    );
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => row.token_hash)).not.toContain(approve.token);
  });
});

describe('GET /api/decisions/:token', () => {
  it('shows the request, the balance after it, who else is out, and decides nothing however often opened', async () => {
    const colleagueOut = await submit(cleo.auth);
    const approved = await linksOf(colleagueOut);
    await decide(approved.approve.token, { approved: true }).expect(200);
    const finn = await joinedEmployee(t, companyA.company, { name: 'Finn Fresh' });
    const leave = await submit(finn.auth, { start_date: colleagueOut.start_date, end_date: colleagueOut.start_date });
    const { approve, reject } = await linksOf(leave);

    for (const bearer of [undefined, companyB.auth, finn.auth]) {
      const shown = await page(approve.token, bearer);
      expect(shown).toEqual({
        state: 'open',
        request: expect.objectContaining({ id: leave.id, employee_name: 'Finn Fresh', status: 'pending' }),
        balance_after: 24,
        colleagues_out: [
          {
            employee_id: cleo.employee.id,
            name: 'Cleo Colleague',
            dates: [{ start: colleagueOut.start_date, end: colleagueOut.end_date }],
          },
        ],
        warnings: [],
        approved: true,
        expires_at: expect.any(String),
      });
    }
    expect(await page(reject.token)).toMatchObject({ state: 'open', approved: false });
    expect(await statusOf(leave.id)).toBe('pending');
  });

  it('says a token nobody issued is not valid, with the way to the console', async () => {
    for (const token of ['x'.repeat(43), 'not a token']) {
      expect(await page(encodeURIComponent(token))).toEqual({
        state: 'unknown',
        message: teamTexts.decisionLinkUnknown,
        console_url: 'http://teamfolk.test/dashboard/leaves',
      });
    }
  });
});

describe('POST /api/decisions/:token', () => {
  it('decides once as the link’s approver; the used link and the other button then say so', async () => {
    const leave = await submit(erin.auth);
    const { approve, reject } = await linksOf(leave);
    const refused = await decide(approve.token, { approved: false }).expect(400);
    expect(refused.body.message).toBe(teamTexts.decisionLinkApproves);

    const decided = await decide(approve.token, { approved: true }).expect(200);
    expect(decided.body).toMatchObject({ id: leave.id, status: 'approved', message: leaveTexts.approved });
    const [audit] = await t.db.sequelize.query<{ actor_user_id: number }>(
      `SELECT actor_user_id FROM audit_log WHERE action = 'leave.approved' AND entity_id = :id`,
      { replacements: { id: String(leave.id) }, type: QueryTypes.SELECT },
    );
    expect(audit!.actor_user_id).toBe(companyA.admin.id);

    const consoleUrl = `http://teamfolk.test/dashboard/leaves?focus=${leave.id}`;
    expect(await page(approve.token)).toEqual({
      state: 'used',
      message: teamTexts.decisionLinkUsed,
      console_url: consoleUrl,
    });
    expect(await page(reject.token)).toEqual({
      state: 'decided',
      message: teamTexts.decisionLinkDecided,
      console_url: consoleUrl,
    });
    const again = await decide(approve.token, { approved: true }).expect(410);
    expect(again.body).toEqual({ state: 'used', message: teamTexts.decisionLinkUsed, console_url: consoleUrl });
    await decide(reject.token, { approved: false }).expect(410);
    expect(await statusOf(leave.id)).toBe('approved');
  });

  it('is dead once the request is decided in the console, or after 7 days', async () => {
    const decidedElsewhere = await submit(erin.auth);
    const first = await linksOf(decidedElsewhere);
    await t
      .request()
      .put(`/api/leaves/${decidedElsewhere.id}/approve`)
      .set('Authorization', companyA.auth)
      .send({ approved: false })
      .expect(200);
    expect((await decide(first.approve.token, { approved: true }).expect(410)).body.state).toBe('decided');

    const outlived = await submit(erin.auth);
    const second = await linksOf(outlived);
    await t.db.sequelize.query(
      `UPDATE decision_links SET expires_at = now() - interval '1 second' WHERE leave_request_id = :id`,
      { replacements: { id: outlived.id } },
    );
    expect((await page(second.reject.token)).state).toBe('expired');
    const expired = await decide(second.reject.token, { approved: false }).expect(410);
    expect(expired.body.message).toBe(teamTexts.decisionLinkExpired);
    expect(await statusOf(outlived.id)).toBe('pending');
  });

  it('answers 404 for a token nobody issued, and 400 for a body that is not a decision', async () => {
    await decide('y'.repeat(43), { approved: true }).expect(404);
    await decide('short', { approved: true }).expect(404);
    const leave = await submit(erin.auth);
    const { reject } = await linksOf(leave);
    const bad = await decide(reject.token, { approved: 'no' }).expect(400);
    expect(bad.body.message).toBe('approved must be true or false');
  });

  it('holds a guesser back once a link’s failures reach the limit (429)', async () => {
    const limited = t.requestWith({ RATE_LIMIT_DECISION_PER_ACCOUNT: '2' });
    const token = 'z'.repeat(43);
    await limited.post(`/api/decisions/${token}`).send({ approved: true }).expect(404);
    await limited.post(`/api/decisions/${token}`).send({ approved: true }).expect(404);
    const held = await limited.post(`/api/decisions/${token}`).send({ approved: true }).expect(429);
    expect(held.headers['retry-after']).toBeDefined();
  });
});

describe('the reminder of a pending request', () => {
  it('is scheduled at submission under the job id remind-leave-<id>, delayed two working days', async () => {
    const leave = await submit(erin.auth);
    await t.flushOutbox();
    const job = await eventually(
      async () => (await t.workers.queues.email.getJob(`remind-leave-${leave.id}`)) ?? false,
    );
    expect(await job.isDelayed()).toBe(true);
    expect(job.opts.delay).toBeGreaterThanOrEqual(2 * 86_400_000 - 60_000);
    expect(job.opts.delay).toBeLessThanOrEqual(4 * 86_400_000 + 60_000);
  });

  it('reminds the deciders once, however often the job runs', async () => {
    const leave = await submit(erin.auth);
    const envelope: JobEnvelope<'remind-leave'> = {
      companyId: companyA.company.id,
      requestId: null,
      payload: { leaveRequestId: leave.id },
    };
    const runs = await Promise.all(
      ['first', 'second'].map((run) =>
        t.workers.queues.email.add('remind-leave', envelope, { jobId: `remind-leave-${leave.id}-${run}` }),
      ),
    );
    for (const run of runs) await eventually(async () => (await run.isCompleted()) || undefined);
    await t.flushOutbox();
    const isReminder = (message: { to: string[]; subject: string }) =>
      message.to.includes(companyA.admin.email) && message.subject === 'Reminder: leave request from Erin Employee';
    const reminder = await t.mail.waitFor(isReminder);
    expect(reminder.text).toContain('waiting for a decision for 2 working days');
    expect(reminder.text).toContain(`focus=${leave.id}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      t.mail.messages().filter((message) => isReminder(message) && message.text.includes(`focus=${leave.id}`)),
    ).toHaveLength(1);
  });

  it('reminds nobody of a request decided meanwhile', async () => {
    const leave = await submit(erin.auth);
    const { approve } = await linksOf(leave);
    await decide(approve.token, { approved: true }).expect(200);
    const run = await t.workers.queues.email.add('remind-leave', {
      companyId: companyA.company.id,
      requestId: null,
      payload: { leaveRequestId: leave.id },
    } satisfies JobEnvelope<'remind-leave'>);
    await eventually(async () => (await run.isCompleted()) || undefined);
    expect((await t.workers.queues.email.getJob(run.id!))!.returnvalue).toEqual({ reminded: [] });
  });
});

describe('GET/PUT /api/auth/email-preference and the daily digest', () => {
  const preference = (auth: string) => t.request().get('/api/auth/email-preference').set('Authorization', auth);
  const choose = (auth: string, body: unknown) =>
    t
      .request()
      .put('/api/auth/email-preference')
      .set('Authorization', auth)
      .send(body as object);

  it('lets every user read and set their own choice, immediate by default, audited', async () => {
    expect((await preference(erin.auth).expect(200)).body).toEqual({ decision_emails: 'immediate' });
    const set = await choose(erin.auth, { decision_emails: 'daily' }).expect(200);
    expect(set.body).toEqual({ decision_emails: 'daily', message: teamTexts.preferenceSaved });
    expect((await preference(erin.auth).expect(200)).body).toEqual({ decision_emails: 'daily' });
    expect((await preference(companyA.auth).expect(200)).body).toEqual({ decision_emails: 'immediate' });
    await choose(erin.auth, { decision_emails: 'immediate' }).expect(200);
    const bad = await choose(erin.auth, { decision_emails: 'weekly' }).expect(400);
    expect(bad.body.message).toBe('decision_emails must be one of: immediate, daily');
    await t.request().get('/api/auth/email-preference').expect(401);
    const [audit] = await t.db.sequelize.query<{ count: string }>(
      `SELECT count(*) FROM audit_log
        WHERE action = 'user.decision_emails' AND actor_user_id = (SELECT user_id FROM employees WHERE id = :id)`,
      { replacements: { id: erin.employee.id }, type: QueryTypes.SELECT },
    );
    expect(Number(audit!.count)).toBe(2);
  });

  it('sends a daily user no e-mail per request but one digest a day of those they may decide', async () => {
    const bo = await joinedEmployee(t, companyB.company, { name: 'Bo Other' });
    await choose(companyB.auth, { decision_emails: 'daily' }).expect(200);
    const first = await submit(bo.auth);
    const second = await submit(bo.auth, { request_type: 'other' });
    await t.flushOutbox();
    const immediate = await t.db.sequelize.query(`SELECT 1 FROM outbox WHERE payload->>'idempotencyKey' IN (:keys)`, {
      replacements: { keys: [first, second].map((leave) => `leave-submitted-${leave.id}-${companyB.admin.id}`) },
      type: QueryTypes.SELECT,
    });
    expect(immediate).toEqual([]);

    const envelope: JobEnvelope<'send-decision-digests'> = {
      companyId: companyB.company.id,
      requestId: null,
      payload: { companyId: companyB.company.id, day: '2026-12-01' },
    };
    const runs = await Promise.all(
      ['first', 'second'].map((run) =>
        t.workers.queues.email.add('send-decision-digests', envelope, { jobId: `digest-test-${run}` }),
      ),
    );
    for (const run of runs) await eventually(async () => (await run.isCompleted()) || undefined);
    await t.flushOutbox();
    const isDigest = (message: { to: string[]; subject: string }) =>
      message.to.includes(companyB.admin.email) && message.subject === 'Leave requests to decide (2)';
    const digest = await t.mail.waitFor(isDigest);
    expect(digest.text).toContain('2 leave requests wait for your decision');
    expect(digest.text).toContain('Bo Other: Vacation');
    expect(digest.text).toContain('Bo Other: Other');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(t.mail.messages().filter(isDigest)).toHaveLength(1);
  });
});
