import { QueryTypes } from 'sequelize';
import { timeCreditTexts, type BalanceLedgerReply, type TimeCreditRecord } from '@teamfolk/shared';
import { startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee, signedInAdmin, type JoinedEmployee, type SignedInAdmin } from '../testing/signed-in';

let t: TestApp;
let companyA: SignedInAdmin;
let adminA: string;
let adminB: string;
/** An employee of A who signs in, a colleague of theirs, and an employee of B. */
let erin: JoinedEmployee;
let cleo: JoinedEmployee;
let bo: JoinedEmployee;

const today = () => new Date().toISOString().slice(0, 10);

const log = (auth: string, body: Record<string, unknown> = {}) =>
  t
    .request()
    .post('/api/time-credits')
    .set('Authorization', auth)
    .send({ date: today(), hours: 3.5, reason: 'Stocktake', ...body });

const decide = (auth: string, id: number, approved: boolean) =>
  t.request().put(`/api/time-credits/${id}/approve`).set('Authorization', auth).send({ approved });

const list = async (auth: string, query: Record<string, string> = {}) =>
  (await t.request().get('/api/time-credits').query(query).set('Authorization', auth).expect(200))
    .body as TimeCreditRecord[];

const me = async (auth: string) =>
  (await t.request().get('/api/auth/me').set('Authorization', auth).expect(200)).body as {
    bankHoursTotal: number;
    bankHoursRemaining: number;
  };

beforeAll(async () => {
  t = await startTestApp();
  companyA = await signedInAdmin(t, { subscribed: true });
  adminA = companyA.auth;
  const companyB = await signedInAdmin(t, { subscribed: true });
  adminB = companyB.auth;
  erin = await joinedEmployee(t, companyA.company, { name: 'Erin Employee' });
  cleo = await joinedEmployee(t, companyA.company, { name: 'Cleo Colleague' });
  bo = await joinedEmployee(t, companyB.company, { name: 'Bo Other' });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/time-credits', () => {
  it("logs an employee's own extra hours as pending and tells the company's admins", async () => {
    const reply = await log(erin.auth).expect(201);
    expect(reply.body).toEqual({
      id: expect.any(Number),
      employee_id: erin.employee.id,
      employee_name: 'Erin Employee',
      date: today(),
      hours: 3.5,
      reason: 'Stocktake',
      status: 'pending',
      created_at: expect.any(String),
      decided_at: null,
      message: timeCreditTexts.submitted,
    });
    await t.flushOutbox();
    const mail = await t.mail.waitFor(
      (message) => message.to.includes(companyA.admin.email) && message.subject === 'Extra hours from Erin Employee',
    );
    expect(mail.text).toContain(`Worked 3.5 extra hours on ${today()}`);
    expect(mail.text).toContain('Reason: Stocktake');
  });

  it('lets an admin log hours for an employee of their company, not of another', async () => {
    const reply = await log(adminA, { employee_id: cleo.employee.id }).expect(201);
    expect(reply.body).toMatchObject({ employee_id: cleo.employee.id, status: 'pending' });
    const other = await log(adminB, { employee_id: cleo.employee.id }).expect(404);
    expect(other.body.message).toBe('Employee not found');
  });

  it('refuses an employee naming someone else, and bad hours with a message', async () => {
    await log(erin.auth, { employee_id: cleo.employee.id }).expect(403);
    expect((await log(erin.auth, { hours: 0.4 }).expect(400)).body.message).toBe('hours must be at least 0.5');
    expect((await log(erin.auth, { hours: 24.5 }).expect(400)).body.message).toBe('hours cannot be above 24');
    expect((await log(erin.auth, { hours: 1.25 }).expect(400)).body.message).toBe(
      'hours must have at most one decimal',
    );
    expect((await log(erin.auth, { reason: ' ' }).expect(400)).body.message).toBe(timeCreditTexts.reasonRequired);
  });

  it('answers 404 to an admin without an employee profile who names nobody', async () => {
    await log(adminA).expect(404);
  });
});

describe('PUT /api/time-credits/:id/approve', () => {
  it("puts an approved credit's hours into the bank through the ledger, once", async () => {
    const before = await me(erin.auth);
    const { body: credit } = await log(erin.auth, { hours: 6, reason: 'Inventory weekend' }).expect(201);

    const approved = await decide(adminA, credit.id as number, true).expect(200);
    expect(approved.body).toMatchObject({ id: credit.id, status: 'approved', message: timeCreditTexts.approved });
    expect(approved.body.decided_at).toEqual(expect.any(String));

    const after = await me(erin.auth);
    expect(after.bankHoursTotal).toBe(before.bankHoursTotal + 6);
    expect(after.bankHoursRemaining).toBe(before.bankHoursRemaining + 6);
    const ledger = (
      await t
        .request()
        .get(`/api/employees/${erin.employee.id}/balance-ledger`)
        .set('Authorization', erin.auth)
        .expect(200)
    ).body as BalanceLedgerReply;
    expect(ledger.entries).toContainEqual(
      expect.objectContaining({
        date: today(),
        balance: 'bank',
        kind: 'time_credit',
        amount: 6,
        note: 'Inventory weekend',
      }),
    );
    expect(ledger.balances.bank.total).toBe(after.bankHoursTotal);

    const again = await decide(adminA, credit.id as number, true).expect(409);
    expect(again.body.message).toBe(timeCreditTexts.onlyPendingDecided);
    expect((await me(erin.auth)).bankHoursTotal).toBe(after.bankHoursTotal);

    await t.flushOutbox();
    const mail = await t.mail.waitFor(
      (message) => message.to.includes(erin.employee.email) && message.subject === 'Your extra hours were approved',
    );
    expect(mail.text).toContain(`Worked 6 extra hours on ${today()}`);
  });

  it('leaves the bank as it was when a credit is rejected, and tells the employee', async () => {
    const before = await me(erin.auth);
    const { body: credit } = await log(erin.auth, { hours: 2 }).expect(201);
    const rejected = await decide(adminA, credit.id as number, false).expect(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', message: timeCreditTexts.rejected });
    expect((await me(erin.auth)).bankHoursTotal).toBe(before.bankHoursTotal);
    await decide(adminA, credit.id as number, true).expect(409);
    await t.flushOutbox();
    await t.mail.waitFor(
      (message) => message.to.includes(erin.employee.email) && message.subject === 'Your extra hours were rejected',
    );
  });

  it('is for admins of the credit’s company only', async () => {
    const { body: credit } = await log(erin.auth).expect(201);
    await decide(erin.auth, credit.id as number, true).expect(403);
    await decide(bo.auth, credit.id as number, true).expect(403);
    await decide(adminB, credit.id as number, true).expect(404);
    expect((await list(erin.auth)).find((listed) => listed.id === credit.id)?.status).toBe('pending');
  });

  it('answers 404 for a credit that is not there and 400 for a bad decision', async () => {
    await decide(adminA, 2_000_000_000, true).expect(404);
    const { body: credit } = await log(erin.auth).expect(201);
    const bad = await t
      .request()
      .put(`/api/time-credits/${credit.id as number}/approve`)
      .set('Authorization', adminA)
      .send({ approved: 'yes' })
      .expect(400);
    expect(bad.body.message).toBe('approved must be true or false');
  });
});

describe('GET /api/time-credits', () => {
  it("lists an employee's own, an admin's company's, and nothing of another company", async () => {
    const { body: boCredit } = await log(bo.auth).expect(201);
    const erins = await list(erin.auth);
    expect(erins.length).toBeGreaterThan(0);
    expect(erins.every((credit) => credit.employee_id === erin.employee.id)).toBe(true);
    const company = await list(adminA);
    expect(new Set(company.map((credit) => credit.employee_id))).toEqual(new Set([erin.employee.id, cleo.employee.id]));
    expect(company.some((credit) => credit.id === boCredit.id)).toBe(false);
    expect((await list(adminB)).map((credit) => credit.id)).toEqual([boCredit.id]);
  });

  it("reads react-admin's sort, range and status filter", async () => {
    const reply = await t
      .request()
      .get('/api/time-credits')
      .query({ sort: JSON.stringify(['hours', 'DESC']), range: JSON.stringify([0, 1]), filter: '{"status":"pending"}' })
      .set('Authorization', adminA)
      .expect(200);
    const credits = reply.body as TimeCreditRecord[];
    expect(credits).toHaveLength(2);
    expect(credits.every((credit) => credit.status === 'pending')).toBe(true);
    expect(credits[0]!.hours).toBeGreaterThanOrEqual(credits[1]!.hours);
    const pending = (await list(adminA, { filter: '{"status":"pending"}' })).length;
    expect(reply.headers['content-range']).toBe(`time-credits 0-1/${pending}`);
    await t
      .request()
      .get('/api/time-credits')
      .query({ filter: '{"status":"lost"}' })
      .set('Authorization', adminA)
      .expect(400);
  });

  it('keeps a credit of a disabled sign-in decided without an e-mail', async () => {
    const { body: credit } = await log(adminA, { employee_id: cleo.employee.id }).expect(201);
    await t.db.sequelize.query('UPDATE users SET disabled_at = now() WHERE email = :email', {
      replacements: { email: cleo.employee.email },
    });
    await decide(adminA, credit.id as number, true).expect(200);
    const told = await t.db.sequelize.query(`SELECT 1 FROM outbox WHERE payload->>'idempotencyKey' = :key`, {
      type: QueryTypes.SELECT,
      replacements: { key: `time-credit-decided-${credit.id as number}` },
    });
    expect(told).toEqual([]);
  });
});
