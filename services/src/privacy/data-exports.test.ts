import { addDays, format, nextMonday } from 'date-fns';
import type supertest from 'supertest';
import {
  DataExport,
  Employee,
  firstLink,
  outsideConnectionHoldings,
  privacyTexts,
  Subscription,
  User,
  type DataExportRecord,
  type DataExportReply,
} from '@teamfolk/shared';
import { eventually, startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee, signedInAdmin, type SignedInAdmin } from '../testing/signed-in';
import { unzipText } from '../testing/zip';

let t: TestApp;
let company: SignedInAdmin;
let admin: string;
let otherAdmin: string;
let erin: { email: string; name: string; auth: string };
let colleague: { email: string; name: string; auth: string };

const day = format(nextMonday(addDays(new Date(), 10)), 'yyyy-MM-dd');

async function joined(name: string, email: string) {
  const { auth } = await joinedEmployee(t, company.company, { name, email, password: 's3cret-pass' });
  return { email, name, auth };
}

/** Asks for an export and waits until the job has made it. */
async function readyExport(auth: string, scope: 'company' | 'self'): Promise<DataExportRecord> {
  const requested = await t.request().post('/api/privacy/exports').set('Authorization', auth).send({ scope });
  expect(requested.status).toBe(202);
  const id = (requested.body as DataExportReply).id;
  return eventually(async () => {
    await t.flushOutbox();
    const status = await t.request().get(`/api/privacy/exports/${id}`).set('Authorization', auth).expect(200);
    const record = status.body as DataExportRecord;
    return record.status === 'ready' && record;
  }, 20_000);
}

/** Downloads through the link the status gave, as a binary body. */
function download(path: string, auth?: string): supertest.Test {
  const request = t
    .request()
    .get(`/api${path}`)
    .buffer(true)
    .parse((reply, done) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return auth ? request.set('Authorization', auth) : request;
}

beforeAll(async () => {
  t = await startTestApp();
  company = await signedInAdmin(t, { subscribed: true });
  admin = company.auth;
  otherAdmin = (await signedInAdmin(t)).auth;
  erin = await joined('Erin Export', `erin-export-${Date.now()}@example.com`);
  colleague = await joined('Carl Colleague', `carl-colleague-${Date.now()}@example.com`);
  // Sick days may be overdrawn: two days past the allowance.
  await Employee.update({ sickDaysUsed: 12 }, { where: { email: colleague.email } });
  for (const person of [erin, colleague]) {
    await t
      .request()
      .post('/api/leaves')
      .set('Authorization', person.auth)
      .send({
        start_date: day,
        end_date: day,
        request_type: 'vacation',
        leave_type: 'full_day',
        reason: `=HYPERLINK("http://evil.test","${person.name}")`,
      })
      .expect(201);
  }
});
afterAll(async () => {
  await t.close();
});

describe('the company export', () => {
  it("gives the admin a zip of the company's records as JSON and CSV, and e-mails a link to it", async () => {
    const record = await readyExport(admin, 'company');
    expect(record).toMatchObject({ scope: 'company', status: 'ready', sizeBytes: expect.any(Number) });
    const expiresIn = new Date(record.expiresAt!).getTime() - new Date(record.readyAt!).getTime();
    expect(expiresIn).toBe(24 * 3600 * 1000);

    const reply = await download(record.downloadPath!, admin).expect(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['content-disposition']).toMatch(
      /^attachment; filename="teamfolk-company-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = await unzipText(reply.body as Buffer);
    const datasets = ['company', 'accounts', 'employees', 'leave_requests', 'billing_cycles', 'audit_log'];
    expect([...files.keys()].sort()).toEqual(
      ['README.txt', ...datasets.flatMap((name) => [`${name}.json`, `${name}.csv`])].sort(),
    );
    const employees = JSON.parse(files.get('employees.json')!) as { email: string; vacation_days_remaining: unknown }[];
    expect(employees.map((employee) => employee.email).sort()).toEqual([colleague.email, erin.email].sort());
    const leave = JSON.parse(files.get('leave_requests.json')!) as { employee_name: string; start_date: string }[];
    expect(leave).toEqual(
      expect.arrayContaining([expect.objectContaining({ employee_name: erin.name, start_date: day })]),
    );
    expect(JSON.parse(files.get('company.json')!)).toEqual([expect.objectContaining({ name: company.company.name })]);
    const auditActions = (JSON.parse(files.get('audit_log.json')!) as { action: string }[]).map((e) => e.action);
    expect(auditActions).toEqual(expect.arrayContaining(['leave.submitted', 'data_export.requested']));
    // A spreadsheet opens the CSV with a header row, and a typed-in formula stays text.
    const csv = files.get('leave_requests.csv')!;
    expect(csv.split('\r\n')[0]).toContain('employee_name,request_type');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""${erin.name}"")"`);
    expect(files.get('README.txt')).toContain('- employees.json / employees.csv: 2 record(s)');
    // A negative balance stays a number.
    const employeesCsv = files.get('employees.csv')!;
    expect(employeesCsv).toMatch(/,-2(\.0)?(,|\r\n)/);
    expect(employeesCsv).not.toContain("'-");

    const mail = await t.mail.waitFor(
      (message) => message.to.includes(company.admin.email) && message.subject === 'Your Teamfolk data export is ready',
    );
    expect(firstLink(mail.text)).toBe('http://teamfolk.test/dashboard/account');
  });

  it('works only for the admin who asked, with the token of the link, until the link expires', async () => {
    const record = await readyExport(admin, 'company');
    const path = record.downloadPath!;
    const id = record.id;
    await download(path).expect(401);
    await download(path, erin.auth).expect(404);
    await download(path, otherAdmin).expect(404);
    await t.request().get(`/api/privacy/exports/${id}`).set('Authorization', otherAdmin).expect(404);
    await t.request().get(`/api/privacy/exports/${id}`).set('Authorization', erin.auth).expect(404);
    const forged = path.replace(/token=.{5}/, 'token=AAAAA');
    expect((await download(forged, admin).expect(404)).body.toString()).toContain(privacyTexts.exportNotFound);
    await download(path.replace(/token=.*/, ''), admin).expect(400);

    await DataExport.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { id } });
    const expired = await t.request().get(`/api/privacy/exports/${id}`).set('Authorization', admin).expect(200);
    expect(expired.body).toMatchObject({ status: 'expired', downloadPath: null });
    const gone = await download(path, admin).expect(410);
    expect(JSON.parse((gone.body as Buffer).toString())).toEqual({ message: privacyTexts.exportExpired });
  });

  it('is for admins only', async () => {
    const reply = await t
      .request()
      .post('/api/privacy/exports')
      .set('Authorization', erin.auth)
      .send({ scope: 'company' })
      .expect(403);
    expect(reply.body).toEqual({ message: privacyTexts.companyExportAdminOnly });
    const invalid = await t.request().post('/api/privacy/exports').set('Authorization', admin).send({ scope: 'all' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: privacyTexts.scopeInvalid, field: 'scope' });
  });

  /** A company export the admin asked for, whose job has not started. */
  const waitingCompanyExport = () =>
    DataExport.create({ companyId: company.company.id, requestedBy: company.admin.id, scope: 'company' });
  const requestCompanyExport = () =>
    t.request().post('/api/privacy/exports').set('Authorization', admin).send({ scope: 'company' }).expect(202);

  it('answers a second request while one is being made with the export already on its way', async () => {
    const waiting = await waitingCompanyExport();
    const reply = await requestCompanyExport();
    expect(reply.body).toMatchObject({ id: waiting.id, status: 'pending', message: privacyTexts.exportInProgress });
    await waiting.update({ status: 'failed' });
  });

  it('starts a new export when the one in the way finishes while the request is answered', async () => {
    const finishing = await waitingCompanyExport();
    // Its job ends (here: gives up) just after the request's insert met it, before the request reads it;
    // the job runs in the workers' process, on a connection of its own.
    let finished = false;
    t.db.sequelize.addHook('afterQuery', 'export-finishes-meanwhile', async (_options, query) => {
      const { sql } = query as unknown as { sql: string };
      if (finished || !sql.includes('ON CONFLICT (requested_by, scope)')) return;
      finished = true;
      await outsideConnectionHoldings(() => DataExport.update({ status: 'failed' }, { where: { id: finishing.id } }));
    });
    try {
      const reply = await requestCompanyExport();
      expect(finished).toBe(true);
      expect(reply.body).toMatchObject({ status: 'pending', message: privacyTexts.exportRequested });
      expect((reply.body as DataExportReply).id).not.toBe(finishing.id);
    } finally {
      t.db.sequelize.removeHook('afterQuery', 'export-finishes-meanwhile');
    }
  });

  it('stays available after the subscription has ended, while the data is kept', async () => {
    const where = { where: { companyId: company.company.id } };
    const anHourAgo = new Date(Date.now() - 3600_000);
    await Subscription.update({ status: 'canceled', endedAt: anHourAgo, currentPeriodEnd: anHourAgo }, where);
    try {
      await t.request().get('/api/employees').set('Authorization', admin).expect(402);
      const record = await readyExport(admin, 'company');
      await download(record.downloadPath!, admin).expect(200);
    } finally {
      await Subscription.update({ status: 'active', endedAt: null, currentPeriodEnd: addDays(new Date(), 30) }, where);
    }
  });
});

describe("a person's own export", () => {
  it('holds their account, profile, leave and sign-ins, and nothing of a colleague', async () => {
    const record = await readyExport(erin.auth, 'self');
    const listed = await t.request().get('/api/privacy/exports').set('Authorization', erin.auth).expect(200);
    expect((listed.body as DataExportRecord[]).map((row) => row.id)).toEqual([record.id]);

    const reply = await download(record.downloadPath!, erin.auth).expect(200);
    expect(reply.headers['content-disposition']).toMatch(/filename="teamfolk-my-data-/);
    const files = await unzipText(reply.body as Buffer);
    const names = ['account', 'employee_profile', 'leave_requests', 'audit_log', 'sign_in_history'];
    expect([...files.keys()].sort()).toEqual(
      ['README.txt', ...names.flatMap((name) => [`${name}.json`, `${name}.csv`])].sort(),
    );
    expect(JSON.parse(files.get('account.json')!)).toEqual([
      expect.objectContaining({ email: erin.email, name: erin.name, company: company.company.name }),
    ]);
    expect(JSON.parse(files.get('leave_requests.json')!)).toEqual([
      expect.objectContaining({ employee_name: erin.name, request_type: 'vacation' }),
    ]);
    expect(JSON.parse(files.get('sign_in_history.json')!)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'sign-in.succeeded' })]),
    );
    const everything = [...files.values()].join('\n');
    expect(everything).not.toContain(colleague.email);
    expect(everything).not.toContain(colleague.name);
    expect(everything).not.toContain(company.admin.email);
  });

  it('answers a new export as pending, even when its job starts the moment the request commits', async () => {
    // The worker may claim the export as soon as the request's transaction commits (the outbox wakes
    // it at once): here it always does, before the request goes on to answer.
    const { id: requestedBy } = await User.findOne({ where: { email: colleague.email }, rejectOnEmpty: true });
    let requestTransaction: unknown;
    let jobStarted = false;
    t.db.sequelize.addHook('afterQuery', 'job-starts-at-commit', async (options, query) => {
      const { sql } = query as unknown as { sql: string };
      const { transaction } = options as { transaction?: unknown };
      if (sql.includes('ON CONFLICT (requested_by, scope)')) requestTransaction = transaction;
      if (jobStarted || !requestTransaction || transaction !== requestTransaction || !/^\s*COMMIT/i.test(sql)) return;
      jobStarted = true;
      await eventually(async () => {
        await t.flushOutbox();
        return (await DataExport.count({ where: { requestedBy, status: ['running', 'ready'] } })) > 0;
      });
    });
    try {
      const reply = await t
        .request()
        .post('/api/privacy/exports')
        .set('Authorization', colleague.auth)
        .send({ scope: 'self' })
        .expect(202);
      expect(jobStarted).toBe(true);
      expect(reply.body).toMatchObject({
        status: 'pending',
        downloadPath: null,
        message: privacyTexts.exportRequested,
      });
    } finally {
      t.db.sequelize.removeHook('afterQuery', 'job-starts-at-commit');
    }
  });

  it("is the admin's own data when an admin asks for it", async () => {
    const record = await readyExport(admin, 'self');
    const files = await unzipText((await download(record.downloadPath!, admin).expect(200)).body as Buffer);
    expect(JSON.parse(files.get('account.json')!)).toEqual([
      expect.objectContaining({ email: company.admin.email, role: 'admin' }),
    ]);
    expect(JSON.parse(files.get('employee_profile.json')!)).toEqual([]);
  });
});
