import { addDays, format, nextMonday } from 'date-fns';
import { Redis } from 'ioredis';
import {
  AuditEntry,
  closeRedis,
  DataExport,
  ERASED_PERSON_LABEL,
  LeaveRequest,
  privacyTexts,
  rateLimitCounterIdOfEmail,
  SecurityEvent,
  type FormerEmployeeRecord,
  type JobEnvelope,
} from '@teamfolk/shared';
import { redisKeysMentioning, rowsMentioning } from '@teamfolk/shared/testing';
import { eventually, startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee, signedInAdmin, type SignedInAdmin } from '../testing/signed-in';

let t: TestApp;
let redis: Redis;
let company: SignedInAdmin;
let admin: string;
let otherAdmin: string;

const monday = nextMonday(addDays(new Date(), 14));
const day = (offset: number) => format(addDays(monday, offset), 'yyyy-MM-dd');
let sequence = 0;

interface Person {
  employeeId: number;
  name: string;
  email: string;
  auth: string;
}

async function joined(name: string): Promise<Person> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}${++sequence}@example.com`;
  const { employee, auth } = await joinedEmployee(t, company.company, { name, email, password: 's3cret-pass' });
  return { employeeId: employee.id, name, email, auth };
}

async function submitLeave(person: Person, offset: number, reason: string): Promise<number> {
  const reply = await t
    .request()
    .post('/api/leaves')
    .set('Authorization', person.auth)
    .send({
      start_date: day(offset),
      end_date: day(offset + 1),
      request_type: 'vacation',
      leave_type: 'full_day',
      reason,
    })
    .expect(201);
  return reply.body.id as number;
}

const erase = (id: number, auth = admin) =>
  t.request().post(`/api/privacy/former-employees/${id}/erase`).set('Authorization', auth);
const remove = (id: number) => t.request().delete(`/api/employees/${id}`).set('Authorization', admin).expect(200);

beforeAll(async () => {
  t = await startTestApp();
  redis = new Redis(t.redis.url, { maxRetriesPerRequest: 1 });
  company = await signedInAdmin(t, { subscribed: true });
  admin = company.auth;
  otherAdmin = (await signedInAdmin(t)).auth;
});
afterAll(async () => {
  await closeRedis(redis);
  await t.close();
});

describe('erasing a former employee', () => {
  let erin: Person;
  let leaveIds: number[];
  let colleague: Person;

  beforeAll(async () => {
    erin = await joined('Erin Erasable');
    colleague = await joined('Colin Stays');
    const approved = await submitLeave(erin, 0, 'Wedding of my sister');
    const pending = await submitLeave(erin, 7, 'Hospital appointment');
    const decidedWhileMailWaits = await submitLeave(erin, 14, 'Moving house');
    leaveIds = [approved, pending, decidedWhileMailWaits];
    await submitLeave(colleague, 0, 'Colin trip');
    await t.request().put(`/api/leaves/${approved}/approve`).set('Authorization', admin).send({ approved: true });
    const credit = await t
      .request()
      .post('/api/time-credits')
      .set('Authorization', erin.auth)
      .send({ date: format(new Date(), 'yyyy-MM-dd'), hours: 2.5, reason: 'Night shift at the clinic' })
      .expect(201);
    await t
      .request()
      .put(`/api/time-credits/${credit.body.id}/approve`)
      .set('Authorization', admin)
      .send({ approved: true })
      .expect(200);
    await t.flushOutbox();
    // A wrong password leaves a counter (and a security log entry) under her address.
    await t.request().post('/api/auth/login').send({ email: erin.email, password: 'not her password' }).expect(401);
    // A throttled sign-in is logged before anyone is looked up: under her address, with no company.
    await SecurityEvent.create({
      companyId: null,
      userId: null,
      kind: 'sign-in.throttled',
      email: erin.email.toUpperCase(),
      ip: '198.51.100.20',
      userAgent: 'browser',
      requestId: null,
      route: 'POST /api/auth/login',
      status: 429,
    });
    await t.mail.waitFor((mail) => mail.to.includes(erin.email) && mail.subject.includes('approved'));
  });

  it('refuses a current employee, an employee caller and another company', async () => {
    const current = await erase(erin.employeeId).expect(409);
    expect(current.body).toEqual({ message: privacyTexts.stillEmployed });
    await erase(erin.employeeId, erin.auth).expect(403);
    await remove(colleague.employeeId);
    await erase(colleague.employeeId, otherAdmin).expect(404);
    await erase(999_999).expect(404);
    await erase(0).expect(404);
  });

  it('lists the removed employees whose data is still kept', async () => {
    const reply = await t.request().get('/api/privacy/former-employees').set('Authorization', admin).expect(200);
    expect((reply.body as FormerEmployeeRecord[]).map((record) => record.name)).toEqual([colleague.name]);
    await t.request().get('/api/privacy/former-employees').set('Authorization', otherAdmin).expect(200, []);
    await t.request().get('/api/privacy/former-employees').set('Authorization', erin.auth).expect(403);
  });

  it('removes the person everywhere, keeps their leave as anonymous statistics and records the erasure', async () => {
    const counter = `${t.redis.prefix}:rate-limit:login:account:${rateLimitCounterIdOfEmail(erin.email)}`;
    expect(await redis.exists(counter)).toBe(1);
    const companyExport = await DataExport.create({
      companyId: company.company.id,
      requestedBy: company.admin.id,
      scope: 'company',
      status: 'ready',
      content: Buffer.from(`a copy naming ${erin.name}`),
      readyAt: new Date(),
      expiresAt: addDays(new Date(), 1),
    });
    const email = t.workers.queues.email;
    await email.pause();
    try {
      // Decided while the e-mail queue is held: the mail to her waits in Redis when she is erased.
      await t.request().put(`/api/leaves/${leaveIds[2]}/approve`).set('Authorization', admin).send({ approved: false });
      await t.flushOutbox();
      const waitingMail = await eventually(async () => {
        const jobs = await email.getJobs(['wait']);
        return jobs.find((job) => (job.data as JobEnvelope<'send-email'>).payload.to === erin.email);
      });
      expect(Object.keys(await rowsMentioning(t.db.sequelize, [erin.email, erin.name]))).toEqual(
        expect.arrayContaining(['users', 'employees', 'leave_requests', 'audit_log', 'outbox', 'sent_emails']),
      );
      expect(Object.keys(await rowsMentioning(t.db.sequelize, ['Night shift at the clinic']))).toEqual(
        expect.arrayContaining(['time_credits', 'balance_entries', 'audit_log']),
      );

      await remove(erin.employeeId);
      const reply = await erase(erin.employeeId).expect(200);
      expect(reply.body).toEqual({ message: privacyTexts.erased, anonymisedLeaveRequests: 3 });
      await t.flushOutbox();

      expect(
        await rowsMentioning(t.db.sequelize, [
          erin.email,
          erin.name,
          'Wedding of my sister',
          'Night shift at the clinic',
        ]),
      ).toEqual({});
      await eventually(async () => (await email.getJob(waitingMail.id!)) === undefined);
      await eventually(async () => (await redis.exists(counter)) === 0);
      expect(await redisKeysMentioning(redis, t.redis.prefix, [erin.email, erin.name])).toEqual([]);
    } finally {
      await email.resume();
    }

    const leave = await LeaveRequest.findAll({ where: { id: leaveIds }, order: [['id', 'ASC']] });
    expect(leave.map((row) => row.get({ plain: true }))).toEqual([
      expect.objectContaining({ employeeName: ERASED_PERSON_LABEL, employeeId: null, userId: null, reason: null }),
      expect.objectContaining({ employeeName: ERASED_PERSON_LABEL, status: 'cancelled', startDate: day(7) }),
      expect.objectContaining({ employeeName: ERASED_PERSON_LABEL, status: 'rejected', daysCount: 2 }),
    ]);
    expect(leave[0]).toMatchObject({ status: 'approved', startDate: day(0), endDate: day(1), requestType: 'vacation' });

    const record = await AuditEntry.findOne({ where: { action: 'employee.erased' }, rejectOnEmpty: true });
    expect(record).toMatchObject({
      companyId: company.company.id,
      actorUserId: company.admin.id,
      entityId: String(erin.employeeId),
      after: expect.objectContaining({ leaveRequestsAnonymised: 3, timeCreditsAnonymised: 1, accountsRemoved: 1 }),
    });
    // The trail keeps what happened to the record, not who it was: balances stay, names and details go.
    const removal = await AuditEntry.findOne({
      where: { action: 'employee.deleted', entityId: String(erin.employeeId) },
      rejectOnEmpty: true,
    });
    expect(removal.before).toMatchObject({
      name: ERASED_PERSON_LABEL,
      email: null,
      birthday: null,
      hire_date: null,
      vacation_days_total: 25,
    });
    expect(await DataExport.findByPk(companyExport.id)).toMatchObject({ status: 'expired', content: null });

    // Her sign-in is gone with her; the colleague's data is untouched.
    await t.request().get('/api/auth/me').set('Authorization', erin.auth).expect(401);
    expect(Object.keys(await rowsMentioning(t.db.sequelize, [colleague.email]))).toEqual(
      expect.arrayContaining(['users', 'employees']),
    );
    await erase(erin.employeeId).expect(404);
  });

  it('refuses a person who works for the company again under a new record', async () => {
    const fred = await joined('Fred Returning');
    await remove(fred.employeeId);
    await t
      .request()
      .post('/api/employees')
      .set('Authorization', admin)
      .send({ name: fred.name, email: fred.email })
      .expect(201);
    const reply = await erase(fred.employeeId).expect(409);
    expect(reply.body).toEqual({ message: privacyTexts.rehired });
  });
});
