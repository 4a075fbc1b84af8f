import { addDays, eachDayOfInterval, format, nextMonday } from 'date-fns';
import { QueryTypes } from 'sequelize';
import { AuditEntry, authTexts, Employee, leaveTexts, runAsCompany, upcomingEvents, User } from '@teamfolk/shared';
import { migrationNamed } from '@teamfolk/shared/testing';
import { DashboardService } from '../dashboard/dashboard.service';
import { createCompanyWithAdmin, createInvitedEmployee, type CompanyWithAdmin } from '../testing/factories';
import { bearerFor, startTestApp, type TestApp } from '../testing/harness';
import { signedInAdmin, type SignedInAdmin } from '../testing/signed-in';

let t: TestApp;
let companyA: SignedInAdmin;
let adminA: string;
let adminB: string;

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
/** A Monday safely in the future, so tests never depend on today's weekday. */
const monday = nextMonday(addDays(new Date(), 14));
const day = (offset: number) => iso(addDays(monday, offset));

interface Person {
  employee: Employee;
  auth: string;
}

async function hire(
  company: CompanyWithAdmin,
  overrides: Partial<{ vacationDaysTotal: number; bankHoursTotal: number; sickDaysTotal: number }> = {},
): Promise<Person> {
  const { employee, token } = await createInvitedEmployee(t.db.sequelize, company.company, {
    name: `Worker ${Math.random().toString(36).slice(2, 7)}`,
  });
  await employee.update({ vacationDaysUsed: 0, bankHoursTotal: 0, ...overrides });
  await t.request().post('/api/auth/invitation/accept').send({ token, password: 's3cret' }).expect(200);
  return { employee, auth: await bearerFor(t, employee.email, 's3cret') };
}

const vacation = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
  start_date: start,
  end_date: end,
  request_type: 'vacation',
  leave_type: 'full_day',
  reason: 'Family trip',
  ...extra,
});

async function submit(auth: string, body: Record<string, unknown>, status = 201) {
  const reply = await t.request().post('/api/leaves').set('Authorization', auth).send(body).expect(status);
  return reply.body;
}

beforeAll(async () => {
  t = await startTestApp();
  companyA = await signedInAdmin(t, { subscribed: true });
  adminA = companyA.auth;
  adminB = (await signedInAdmin(t)).auth;
});
afterAll(async () => {
  await t.close();
});

describe('submitting leave', () => {
  it('records a pending 3-day vacation without touching the balance, and e-mails the admins', async () => {
    const person = await hire(companyA);
    const reply = await submit(person.auth, vacation(day(0), day(2)));
    expect(reply).toMatchObject({
      employee_id: person.employee.id,
      employee_name: person.employee.name,
      request_type: 'vacation',
      leave_type: 'full_day',
      start_date: day(0),
      end_date: day(2),
      start_time: null,
      reason: 'Family trip',
      days_count: 3,
      status: 'pending',
      message: leaveTexts.submitted,
    });
    const me = await t.request().get('/api/auth/me').set('Authorization', person.auth);
    expect(me.body.vacationDaysRemaining).toBe(25);

    await t.flushOutbox();
    const mail = await t.mail.waitFor(
      (message) => message.to.includes(companyA.admin.email) && message.text.includes(person.employee.name),
    );
    expect(mail.subject).toBe(`Leave request from ${person.employee.name}`);
    expect(mail.text).toContain('(3 days)');
    expect(mail.text).toContain(`http://teamfolk.test/dashboard/leaves?status=pending&focus=${reply.id}`);
  });

  it("tells every other admin, but not the one who sent it, of leave sent on an employee's behalf", async () => {
    const person = await hire(companyA);
    const colleague = await User.create({
      companyId: companyA.company.id,
      email: `colleague-${Math.random().toString(36).slice(2, 7)}@example.com`,
      passwordHash: 'not used',
      role: 'admin',
      name: 'Cleo Colleague',
    });
    const reply = await submit(adminA, vacation(day(14), day(14), { employee_id: person.employee.id }));

    await t.flushOutbox();
    const mail = await t.mail.waitFor(
      (message) => message.to.includes(colleague.email) && message.text.includes(person.employee.name),
    );
    expect(mail.text).toContain(`focus=${reply.id}`);
    const told = await t.db.sequelize.query<{ to: string }>(
      `SELECT payload->>'to' AS to FROM outbox WHERE payload->>'idempotencyKey' LIKE :key`,
      { type: QueryTypes.SELECT, replacements: { key: `leave-submitted-${reply.id}-%` } },
    );
    expect(told.map((row) => row.to)).toEqual([colleague.email]);
    await colleague.destroy();
  });

  it('counts a partial day in hours with the default times', async () => {
    const person = await hire(companyA, { bankHoursTotal: 10 });
    const reply = await submit(person.auth, {
      start_date: day(1),
      end_date: day(1),
      request_type: 'hours_bank',
      leave_type: 'partial_day',
    });
    expect(reply).toMatchObject({ start_time: '09:00', end_time: '17:00', days_count: 1, hours_count: 8 });
    const afternoon = await submit(person.auth, {
      start_date: day(3),
      end_date: day(3),
      request_type: 'vacation',
      leave_type: 'partial_day',
      start_time: '13:00',
      end_time: '15:00',
    });
    expect(afternoon).toMatchObject({ days_count: 0.3, hours_count: 2 });
  });

  it('refuses weekends, overlaps and overdrawn vacation or bank hours, with clear messages', async () => {
    const person = await hire(companyA, { vacationDaysTotal: 3, bankHoursTotal: 4 });
    const weekend = await submit(person.auth, vacation(day(5), day(6)), 400);
    expect(weekend).toEqual({ message: leaveTexts.noWorkingDays, field: 'start_date' });

    const overdrawn = await submit(person.auth, vacation(day(0), day(4)), 422);
    expect(overdrawn).toEqual({ message: 'Insufficient vacation balance: 3 days remaining, 5 requested' });
    const bank = await submit(person.auth, { ...vacation(day(0), day(0)), request_type: 'hours_bank' }, 422);
    expect(bank).toEqual({ message: 'Insufficient hours bank balance: 4 hours remaining, 8 requested' });

    await submit(person.auth, vacation(day(0), day(1)));
    const overlap = await submit(person.auth, { ...vacation(day(1), day(1)), request_type: 'other' }, 409);
    expect(overlap).toEqual({ message: leaveTexts.overlap });
  });

  it('writes nothing for a refused request: no row, no audit entry, no e-mail', async () => {
    const person = await hire(companyA, { vacationDaysTotal: 1 });
    const count = () =>
      t.db.sequelize
        .query<{ leaves: string; audit: string; outbox: string }>(
          `SELECT (SELECT count(*) FROM leave_requests WHERE employee_id = :employeeId) AS leaves,
                  (SELECT count(*) FROM audit_log WHERE action = 'leave.submitted') AS audit,
                  (SELECT count(*) FROM outbox WHERE job_name = 'send-email') AS outbox`,
          { replacements: { employeeId: person.employee.id }, type: QueryTypes.SELECT, plain: true },
        )
        .then((row) => row!);
    await submit(person.auth, vacation(day(0), day(0)));
    const before = await count();
    await submit(person.auth, vacation(day(7), day(8)), 422);
    await submit(person.auth, { ...vacation(day(0), day(0)), request_type: 'other' }, 409);
    expect(await count()).toEqual(before);
  });

  it('refuses a reason Postgres could not store with a 400 that names it, and writes no request', async () => {
    const person = await hire(companyA);
    const nul = await submit(person.auth, vacation(day(0), day(0), { reason: 'Family\u0000trip' }), 400);
    expect(nul.message).toBe('reason must not contain the NUL character');
    const halfEmoji = await submit(person.auth, vacation(day(0), day(0), { reason: 'Family trip \ud83c' }), 400);
    expect(halfEmoji.message).toBe('reason must be valid Unicode text (it holds half of a character)');
    const [written] = await t.db.sequelize.query<{ count: string }>(
      'SELECT count(*) FROM leave_requests WHERE employee_id = :employeeId',
      { replacements: { employeeId: person.employee.id }, type: QueryTypes.SELECT },
    );
    expect(written!.count).toBe('0');
    await submit(person.auth, vacation(day(0), day(0), { reason: 'Family trip 🏖️' }));
  });

  it("accepts one of ten simultaneous requests for the same day, an employee's and an admin's own", async () => {
    const person = await hire(companyA);
    for (const auth of [person.auth, adminA]) {
      const replies = await Promise.all(
        Array.from({ length: 10 }, () =>
          t
            .request()
            .post('/api/leaves')
            .set('Authorization', auth)
            .send({ ...vacation(day(21), day(21)), request_type: 'other' }),
        ),
      );
      expect(replies.map((reply) => reply.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    }
  });

  it('lets sick days go below zero, with a warning', async () => {
    const person = await hire(companyA, { sickDaysTotal: 1 });
    const reply = await submit(person.auth, { ...vacation(day(0), day(1)), request_type: 'sick_day' });
    expect(reply).toMatchObject({ days_count: 2, warning: leaveTexts.sickOverdrawn });
  });

  it.each([
    [{ start_date: 'soon' }, 'start_date', leaveTexts.invalidStartDate],
    [{ end_date: '2026-02-30' }, 'end_date', leaveTexts.invalidEndDate],
    [{ leave_type: 'partial_day' }, 'end_date', leaveTexts.partialDaySameDate],
    [{ request_type: 'holiday' }, 'request_type', 'request_type must be one of: vacation, sick_day, hours_bank, other'],
    [{ reason: 'x'.repeat(501) }, 'reason', 'reason must be at most 500 characters'],
    [{ employee_id: 'me' }, 'employee_id', 'employee_id must be an employee id'],
  ])('refuses %j with 400 naming %s', async (overrides, field, message) => {
    const person = await hire(companyA);
    const reply = await submit(person.auth, { ...vacation(day(0), day(2)), ...overrides }, 400);
    expect(reply).toEqual({ message, field });
  });

  it('refuses an end before the start with the spec text', async () => {
    const person = await hire(companyA);
    expect(await submit(person.auth, vacation(day(2), day(0)), 400)).toEqual({
      message: leaveTexts.endAfterStart,
      field: 'end_date',
    });
  });

  it('lets an admin record leave for an employee of the company, and their own leave without balances', async () => {
    const person = await hire(companyA);
    const forEmployee = await submit(adminA, vacation(day(0), day(0), { employee_id: person.employee.id }));
    expect(forEmployee.employee_id).toBe(person.employee.id);
    const own = await submit(adminA, vacation(day(0), day(0)));
    expect(own).toMatchObject({ employee_id: null, employee_name: 'Ada Admin' });
  });

  it("refuses an employee naming someone else, and an admin naming another company's employee", async () => {
    const person = await hire(companyA);
    const other = await hire(companyA);
    expect(await submit(person.auth, vacation(day(0), day(0), { employee_id: other.employee.id }), 403)).toEqual({
      message: authTexts.adminOnly,
    });
    await submit(adminB, vacation(day(0), day(0), { employee_id: person.employee.id }), 404);
  });

  it('refuses anonymous callers', async () => {
    await t
      .request()
      .post('/api/leaves')
      .send(vacation(day(0), day(0)))
      .expect(401);
    await t.request().get('/api/leaves').expect(401);
  });
});

describe('deciding leave', () => {
  it('approves in one click: the balance moves, the employee is e-mailed, the decision is audited', async () => {
    const person = await hire(companyA);
    const leave = await submit(person.auth, vacation(day(0), day(2)));
    const reply = await t
      .request()
      .put(`/api/leaves/${leave.id}/approve`)
      .set('Authorization', adminA)
      .send({ approved: true })
      .expect(200);
    expect(reply.body).toMatchObject({ id: leave.id, status: 'approved', message: leaveTexts.approved });

    const me = await t.request().get('/api/auth/me').set('Authorization', person.auth);
    expect(me.body).toMatchObject({ vacationDaysUsed: 3, vacationDaysRemaining: 22 });
    await t.flushOutbox();
    const mail = await t.mail.waitFor(
      (message) => message.to.includes(person.employee.email) && /approved/.test(message.subject),
    );
    expect(mail.subject).toBe('Your leave request was approved');
    expect(await AuditEntry.count({ where: { action: 'leave.approved', entityId: String(leave.id) } })).toBe(1);

    const again = await t
      .request()
      .put(`/api/leaves/${leave.id}/approve`)
      .set('Authorization', adminA)
      .send({ approved: false })
      .expect(409);
    expect(again.body).toEqual({ message: leaveTexts.onlyPendingDecided });
  });

  it('treats leave recorded before the invitation was accepted as the person’s own once they accept', async () => {
    const { employee, token } = await createInvitedEmployee(t.db.sequelize, companyA.company, { name: 'Noor Later' });
    const sick = await submit(adminA, {
      ...vacation(day(0), day(0), { employee_id: employee.id }),
      request_type: 'sick_day',
      reason: 'Dentist',
    });
    await t.request().post('/api/auth/invitation/accept').send({ token, password: 's3cret' }).expect(200);
    const auth = await bearerFor(t, employee.email, 's3cret');

    const calendar = await t
      .request()
      .get('/api/calendar/events')
      .query({ start: day(0), end: day(0) })
      .set('Authorization', auth)
      .expect(200);
    expect(calendar.body.find((event: { id: number }) => event.id === sick.id)).toMatchObject({
      requestType: 'sick_day',
      reason: 'Dentist',
    });
    await t
      .request()
      .put(`/api/leaves/${sick.id}/approve`)
      .set('Authorization', adminA)
      .send({ approved: true })
      .expect(200);
    await t.flushOutbox();
    const mail = await t.mail.waitFor(
      (message) => message.to.includes(employee.email) && /approved/.test(message.subject),
    );
    expect(mail.subject).toBe('Your leave request was approved');
  });

  it('gets, from migration 0016, the sign-in for requests recorded before accepting filled it in', async () => {
    const joined = await createInvitedEmployee(t.db.sequelize, companyA.company, { name: 'Ravi Before' });
    const invited = await createInvitedEmployee(t.db.sequelize, companyA.company, { name: 'Mia Pending' });
    const sickDay = { ...vacation(day(0), day(0)), request_type: 'sick_day' };
    const early = await submit(adminA, { ...sickDay, employee_id: joined.employee.id });
    const stillInvited = await submit(adminA, { ...sickDay, employee_id: invited.employee.id });
    await t.request().post('/api/auth/invitation/accept').send({ token: joined.token, password: 's3cret' }).expect(200);
    // As it was stored before accepting filled it in.
    await t.db.sequelize.query('UPDATE leave_requests SET user_id = NULL WHERE id = :id', {
      replacements: { id: early.id },
    });

    const leaveOfInvitedPeople = migrationNamed('0016-leave-of-invited-people');
    await leaveOfInvitedPeople.up({ name: leaveOfInvitedPeople.name, context: t.db.sequelize });
    const signIns = await t.db.sequelize.query<{ id: number; user_id: number | null }>(
      'SELECT id, user_id FROM leave_requests WHERE id IN (:ids) ORDER BY id',
      { replacements: { ids: [early.id, stillInvited.id] }, type: QueryTypes.SELECT },
    );
    const { userId } = await joined.employee.reload();
    expect(userId).not.toBeNull();
    expect(signIns).toEqual([
      { id: early.id, user_id: userId },
      { id: stillInvited.id, user_id: null },
    ]);
  });

  it('deducts once when 20 approvals of one request arrive together', async () => {
    const person = await hire(companyA);
    const leave = await submit(person.auth, vacation(day(0), day(1)));
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request().put(`/api/leaves/${leave.id}/approve`).set('Authorization', adminA).send({ approved: true }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(19);
    await person.employee.reload();
    expect(person.employee.vacationDaysUsed).toBe(2);
  });

  it('rejects without touching the balance and tells the employee', async () => {
    const person = await hire(companyA, { bankHoursTotal: 20 });
    const leave = await submit(person.auth, { ...vacation(day(0), day(0)), request_type: 'hours_bank' });
    const reply = await t
      .request()
      .put(`/api/leaves/${leave.id}/approve`)
      .set('Authorization', adminA)
      .send({ approved: false })
      .expect(200);
    expect(reply.body).toMatchObject({ status: 'rejected', message: leaveTexts.rejected });
    await person.employee.reload();
    expect(person.employee.bankHoursUsed).toBe(0);
    await t.flushOutbox();
    await t.mail.waitFor(
      (message) => message.to.includes(person.employee.email) && message.subject === 'Your leave request was rejected',
    );
  });

  it('checks the balance again at approval', async () => {
    const person = await hire(companyA, { vacationDaysTotal: 3 });
    const first = await submit(person.auth, vacation(day(0), day(1)));
    const second = await submit(person.auth, vacation(day(7), day(8)));
    await t
      .request()
      .put(`/api/leaves/${first.id}/approve`)
      .set('Authorization', adminA)
      .send({ approved: true })
      .expect(200);
    const refused = await t
      .request()
      .put(`/api/leaves/${second.id}/approve`)
      .set('Authorization', adminA)
      .send({ approved: true })
      .expect(422);
    expect(refused.body).toEqual({ message: 'Insufficient vacation balance: 1 days remaining, 2 requested' });
    await person.employee.reload();
    expect(person.employee.vacationDaysUsed).toBe(2);
    const list = await t.request().get('/api/leaves').set('Authorization', person.auth).expect(200);
    expect(list.body.find((leave: { id: number }) => leave.id === second.id)).toMatchObject({ status: 'pending' });
    expect(await AuditEntry.count({ where: { action: 'leave.approved', entityId: String(second.id) } })).toBe(0);
  });

  it('is for admins of the same company only', async () => {
    const person = await hire(companyA);
    const leave = await submit(person.auth, vacation(day(0), day(0)));
    await t.request().put(`/api/leaves/${leave.id}/approve`).send({ approved: true }).expect(401);
    await t
      .request()
      .put(`/api/leaves/${leave.id}/approve`)
      .set('Authorization', person.auth)
      .send({ approved: true })
      .expect(403);
    await t
      .request()
      .put(`/api/leaves/${leave.id}/approve`)
      .set('Authorization', adminB)
      .send({ approved: true })
      .expect(404);
    await t
      .request()
      .put(`/api/leaves/${leave.id}/approve`)
      .set('Authorization', adminA)
      .send({ approved: 'yes' })
      .expect(400);
    await t
      .request()
      .put('/api/leaves/not-an-id/approve')
      .set('Authorization', adminA)
      .send({ approved: true })
      .expect(404);
  });
});

describe('withdrawing leave', () => {
  it('lets the owner withdraw a pending request, not an approved one', async () => {
    const person = await hire(companyA);
    const pending = await submit(person.auth, vacation(day(0), day(0)));
    const reply = await t
      .request()
      .post(`/api/leaves/${pending.id}/cancel`)
      .set('Authorization', person.auth)
      .expect(200);
    expect(reply.body).toMatchObject({ status: 'cancelled', message: leaveTexts.withdrawn });

    const approved = await submit(person.auth, vacation(day(1), day(1)));
    await t
      .request()
      .put(`/api/leaves/${approved.id}/approve`)
      .set('Authorization', adminA)
      .send({ approved: true })
      .expect(200);
    await t.request().post(`/api/leaves/${approved.id}/cancel`).set('Authorization', person.auth).expect(409);
  });

  it('lets an admin withdraw an approved request and gives the days back', async () => {
    const person = await hire(companyA);
    const leave = await submit(person.auth, vacation(day(0), day(2)));
    await t
      .request()
      .put(`/api/leaves/${leave.id}/approve`)
      .set('Authorization', adminA)
      .send({ approved: true })
      .expect(200);
    await t.request().post(`/api/leaves/${leave.id}/cancel`).set('Authorization', adminA).expect(200);
    await person.employee.reload();
    expect(person.employee.vacationDaysUsed).toBe(0);
  });

  it("hides other people's requests", async () => {
    const person = await hire(companyA);
    const colleague = await hire(companyA);
    const leave = await submit(person.auth, vacation(day(0), day(0)));
    await t.request().post(`/api/leaves/${leave.id}/cancel`).set('Authorization', colleague.auth).expect(404);
    await t.request().post(`/api/leaves/${leave.id}/cancel`).set('Authorization', adminB).expect(404);
  });
});

describe('GET /api/leaves', () => {
  it('shows an admin the whole company and an employee only their own', async () => {
    const company = await signedInAdmin(t);
    const admin = company.auth;
    const alice = await hire(company);
    const bob = await hire(company);
    const aliceLeave = await submit(alice.auth, vacation(day(0), day(0)));
    const bobLeave = await submit(bob.auth, vacation(day(1), day(1)));
    await t
      .request()
      .put(`/api/leaves/${bobLeave.id}/approve`)
      .set('Authorization', admin)
      .send({ approved: true })
      .expect(200);

    const all = await t.request().get('/api/leaves').set('Authorization', admin).expect(200);
    expect(all.body.map((leave: { id: number }) => leave.id)).toEqual([bobLeave.id, aliceLeave.id]);
    const own = await t.request().get('/api/leaves').set('Authorization', alice.auth).expect(200);
    expect(own.body.map((leave: { id: number }) => leave.id)).toEqual([aliceLeave.id]);
    const otherCompany = await t.request().get('/api/leaves').set('Authorization', adminB).expect(200);
    expect(otherCompany.body.map((leave: { id: number }) => leave.id)).not.toContain(aliceLeave.id);

    const pending = await t
      .request()
      .get('/api/leaves')
      .query({ filter: JSON.stringify({ status: 'pending' }), range: '[0,24]', sort: '["start_date","ASC"]' })
      .set('Authorization', admin)
      .expect(200);
    expect(pending.body.map((leave: { id: number }) => leave.id)).toEqual([aliceLeave.id]);
    expect(pending.headers['content-range']).toBe('leaves 0-0/1');

    const inRange = await t
      .request()
      .get('/api/leaves')
      .query({ filter: JSON.stringify({ from: day(1), to: day(10), employee_id: bob.employee.id }) })
      .set('Authorization', admin)
      .expect(200);
    expect(inRange.body.map((leave: { id: number }) => leave.id)).toEqual([bobLeave.id]);
    for (const [filter, message] of [
      ['{"from":"yesterday"}', 'filter from must be a date (YYYY-MM-DD)'],
      ['{"employee_id":3000000000}', 'filter employee_id is not valid'],
      ['{"status":"a\\u0000b"}', 'filter values must not contain the NUL character'],
    ]) {
      const refused = await t.request().get('/api/leaves').query({ filter }).set('Authorization', admin).expect(400);
      expect(refused.body).toEqual({ message });
    }
  });
  it('lists each request exactly as its submission or decision answered it', async () => {
    const company = await signedInAdmin(t);
    const admin = company.auth;
    const person = await hire(company, { bankHoursTotal: 10 });
    const hours = await submit(person.auth, {
      start_date: day(1),
      end_date: day(1),
      request_type: 'hours_bank',
      leave_type: 'partial_day',
    });
    const afternoon = await submit(person.auth, {
      ...vacation(day(3), day(3), { leave_type: 'partial_day', start_time: '13:00', end_time: '15:00' }),
      reason: undefined,
    });
    const trip = await submit(person.auth, vacation(day(7), day(9)));
    const approved = await t
      .request()
      .put(`/api/leaves/${trip.id}/approve`)
      .set('Authorization', admin)
      .send({ approved: true })
      .expect(200);
    const recordOf = ({
      message: _message,
      warning: _warning,
      warnings: _warnings,
      ...record
    }: Record<string, unknown>) => record;

    const list = await t.request().get('/api/leaves').set('Authorization', admin).expect(200);
    expect(list.body).toStrictEqual([recordOf(approved.body), recordOf(afternoon), recordOf(hours)]);
    // Written as res.json writes it: no `1.0` for a day, no spaces.
    expect(list.text).toBe(JSON.stringify(list.body));
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('the dashboard', () => {
  it('counts requests for the role: the company for admins, their own for employees', async () => {
    const company = await signedInAdmin(t);
    const admin = company.auth;
    const alice = await hire(company);
    const bob = await hire(company);
    await submit(alice.auth, vacation(day(0), day(0)));
    const approved = await submit(bob.auth, vacation(day(0), day(0)));
    await t
      .request()
      .put(`/api/leaves/${approved.id}/approve`)
      .set('Authorization', admin)
      .send({ approved: true })
      .expect(200);

    const forAdmin = await t.request().get('/api/dashboard/summary').set('Authorization', admin).expect(200);
    expect(forAdmin.body).toEqual({ totalEmployees: 2, totalRequests: 2, pendingRequests: 1, approvedRequests: 1 });
    const forAlice = await t.request().get('/api/dashboard/summary').set('Authorization', alice.auth).expect(200);
    expect(forAlice.body).toEqual({ totalRequests: 1, pendingRequests: 1, approvedRequests: 0 });
    await t.request().get('/api/dashboard/summary').expect(401);
  });

  it("lists the company's birthdays and anniversaries of the next 30 days, for every role", async () => {
    const company = await signedInAdmin(t);
    const admin = company.auth;
    const person = await hire(company);
    const today = new Date();
    const fiveYearsAgoTomorrow = iso(addDays(new Date(today.getFullYear() - 5, today.getMonth(), today.getDate()), 1));
    await person.employee.update({
      birthday: iso(new Date(1990, today.getMonth(), today.getDate())),
      hireDate: fiveYearsAgoTomorrow,
    });

    const events = await t
      .request()
      .get('/api/dashboard/upcoming-events')
      .set('Authorization', person.auth)
      .expect(200);
    expect(events.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'birthday', message: `${person.employee.name}'s birthday`, daysUntil: 0 }),
      ]),
    );
    const forAdmin = await t.request().get('/api/dashboard/upcoming-events').set('Authorization', admin).expect(200);
    expect(forAdmin.body.length).toBeGreaterThanOrEqual(1);
    const elsewhere = await t.request().get('/api/dashboard/upcoming-events').set('Authorization', adminB).expect(200);
    expect(elsewhere.body.map((event: { employeeName: string }) => event.employeeName)).not.toContain(
      person.employee.name,
    );
  });

  it("counts the days from the caller's own date, which time zones keep within a day of the server's", async () => {
    const company = await createCompanyWithAdmin();
    const person = await hire(company);
    const serverDay = new Date().toISOString().slice(0, 10);
    const dayAfter = (day: string, days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const tomorrow = dayAfter(serverDay, 1);
    // A leap year of birth, in case tomorrow is 29 February.
    await person.employee.update({ birthday: `1992${tomorrow.slice(4)}` });
    const upcoming = (query: Record<string, string>, status = 200) =>
      t
        .request()
        .get('/api/dashboard/upcoming-events')
        .query(query)
        .set('Authorization', person.auth)
        .expect(status)
        .then((reply) => reply.body);
    const birthday = (events: Array<{ type: string; employeeName: string }>) =>
      events.find((event) => event.type === 'birthday' && event.employeeName === person.employee.name);

    expect(birthday(await upcoming({}))).toMatchObject({ daysUntil: 1 });
    expect(birthday(await upcoming({ today: tomorrow }))).toMatchObject({ daysUntil: 0 });
    expect(await upcoming({ today: dayAfter(serverDay, 2) }, 400)).toEqual({
      message: `today must be your own date, within a day of ${serverDay}`,
    });
    expect(await upcoming({ today: '2026-02-30' }, 400)).toMatchObject({ message: 'today is not a real date' });
  });

  it("finds in Postgres every birthday and anniversary the rule finds among all the company's people", async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const everyDay = eachDayOfInterval({ start: new Date(2000, 0, 1), end: new Date(2000, 11, 31) }).map(iso);
    // Hire years are leap years, so that 29 February is a hire day too.
    const people = await runAsCompany(company.id, () =>
      Employee.bulkCreate(
        everyDay.map((day, index) => ({
          companyId: company.id,
          name: `Yearly ${index}`,
          email: `yearly-${index}-${company.id}@example.com`,
          birthday: index % 2 ? day : null,
          hireDate: everyDay[(index * 7) % everyDay.length]!.replace('2000', String(2004 + 4 * (index % 5))),
        })),
      ),
    );
    const dashboard = new DashboardService(t.db.sequelize);
    const auth = { userId: admin.id, companyId: company.id, role: 'admin' as const, emailVerified: true };
    for (const today of ['2027-01-01', '2027-02-14', '2027-02-28', '2027-12-15', '2028-02-10', '2028-02-29']) {
      const found = await runAsCompany(company.id, () => dashboard.upcomingEvents(auth, today));
      const expected = upcomingEvents(
        people.map((person) => ({
          id: person.id,
          name: person.name,
          birthday: person.birthday,
          hireDate: person.hireDate,
        })),
        today,
      );
      expect(found.length).toBeGreaterThan(20);
      expect(found).toEqual(expected);
    }
  });
});
