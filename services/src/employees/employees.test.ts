import {
  AuditEntry,
  authTexts,
  balancesVersionOf,
  employeeBalancesSchema,
  employeeTexts,
  firstLink,
  Subscription,
  User,
  type EmployeeRecord,
} from '@teamfolk/shared';
import {
  activateSubscription,
  createCompanyWithAdmin,
  createEmployees,
  createInvitedEmployee,
} from '../testing/factories';
import { eventually, startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee, signedInAdmin, type SignedInAdmin } from '../testing/signed-in';

let t: TestApp;
let companyA: SignedInAdmin;
let adminA: string;
let adminB: string;
let employeeOfA: string;

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  companyA = await signedInAdmin(t, { subscribed: true });
  adminA = companyA.auth;
  adminB = (await signedInAdmin(t, { subscribed: true })).auth;
  employeeOfA = (await joinedEmployee(t, companyA.company)).auth;
});
afterAll(async () => {
  await t.close();
});

let sequence = 0;
const newPerson = (overrides: Record<string, unknown> = {}) => ({
  name: `Person ${++sequence}`,
  email: `person-${sequence}-${Date.now()}@example.com`,
  role: 'Baker',
  ...overrides,
});

async function addEmployee(auth = adminA, body: Record<string, unknown> = newPerson()) {
  const reply = await t.request().post('/api/employees').set('Authorization', auth).send(body).expect(201);
  return reply.body as { id: number; email: string } & Record<string, unknown>;
}

describe('who may reach the employee routes', () => {
  let idOfA: number;
  beforeAll(async () => {
    idOfA = (await addEmployee()).id;
  });

  const routes = (id: () => number) =>
    [
      { method: 'get', path: () => '/api/employees' },
      { method: 'get', path: () => `/api/employees/${id()}` },
      { method: 'post', path: () => '/api/employees', body: newPerson() },
      { method: 'put', path: () => `/api/employees/${id()}`, body: { name: 'Renamed' } },
      {
        method: 'put',
        path: () => `/api/employees/${id()}/balances`,
        body: {
          vacation_days_total: 1,
          vacation_days_used: 0,
          sick_days_total: 1,
          sick_days_used: 0,
          bank_hours_total: 0,
          bank_hours_used: 0,
        },
      },
      { method: 'delete', path: () => `/api/employees/${id()}` },
      { method: 'post', path: () => `/api/employees/${id()}/resend-invitation` },
      { method: 'get', path: () => '/api/billing/seats' },
    ] as const;

  it.each(routes(() => idOfA).map((route) => [`${route.method.toUpperCase()} ${route.path()}`, route]))(
    '%s: anonymous 401, employee 403',
    async (_name, route) => {
      const call = (auth?: string) => {
        const request = t.request()[route.method](route.path());
        if (auth) request.set('Authorization', auth);
        return 'body' in route ? request.send(route.body) : request;
      };
      expect((await call()).status).toBe(401);
      const asEmployee = await call(employeeOfA);
      expect(asEmployee.status).toBe(403);
      expect(asEmployee.body).toEqual({ message: authTexts.adminOnly });
    },
  );

  it.each(
    routes(() => idOfA)
      .filter((route) => route.path().includes(String(idOfA)))
      .map((route) => [`${route.method.toUpperCase()} ${route.path()}`, route]),
  )("%s: another company's admin gets 404 and changes nothing", async (_name, route) => {
    const request = t.request()[route.method](route.path()).set('Authorization', adminB);
    const reply = await ('body' in route ? request.send(route.body) : request);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: employeeTexts.notFound });
    const stillThere = await t.request().get(`/api/employees/${idOfA}`).set('Authorization', adminA).expect(200);
    expect(stillThere.body.name).not.toBe('Renamed');
  });

  it.each(['not-an-id', '0', '1.5', '3000000000'])('answers 404 naming the employee for the id %s', async (id) => {
    const reply = await t.request().get(`/api/employees/${id}`).set('Authorization', adminA).expect(404);
    expect(reply.body).toEqual({ message: employeeTexts.notFound });
  });

  it("lists only the caller's company", async () => {
    const ofB = await addEmployee(adminB);
    const listA = await t.request().get('/api/employees').set('Authorization', adminA).expect(200);
    const listB = await t.request().get('/api/employees').set('Authorization', adminB).expect(200);
    const emailsA = listA.body.map((employee: { email: string }) => employee.email);
    expect(emailsA).not.toContain(ofB.email);
    expect(listB.body.map((employee: { email: string }) => employee.email)).toEqual([ofB.email]);
  });
});

describe('POST /api/employees', () => {
  it('adds the employee with the spec defaults and e-mails an invitation that signs them in', async () => {
    const body = newPerson({ name: 'Maria Lopez' });
    const created = await addEmployee(adminA, body);
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Maria Lopez',
      email: body.email,
      role: 'Baker',
      hire_date: today(),
      birthday: today(),
      vacation_days_total: 25,
      vacation_days_used: 0,
      vacation_days_remaining: 25,
      sick_days_total: 10,
      sick_days_used: 0,
      sick_days_remaining: 10,
      bank_hours_total: 0,
      bank_hours_used: 0,
      bank_hours_remaining: 0,
      account_status: 'invited',
      work_pattern: null,
      end_date: null,
      team_id: null,
      vacation_days_carried: 0,
      vacation_days_expiring: 0,
      vacation_days_expiring_on: null,
      created_at: expect.any(String),
      message: 'Employee added successfully and invitation email sent',
    });

    await t.flushOutbox();
    const mail = await t.mail.waitFor((message) => message.to.includes(body.email));
    const token = firstLink(mail.text)!.split('/invitation/')[1];
    const accepted = await t
      .request()
      .post('/api/auth/invitation/accept')
      .send({ token, password: 's3cret' })
      .expect(200);
    const me = await t.request().get('/api/auth/me').set('Authorization', `Bearer ${accepted.body.token}`).expect(200);
    expect(me.body).toMatchObject({
      role: 'employee',
      employeeName: 'Maria Lopez',
      vacationDaysTotal: 25,
      vacationDaysUsed: 0,
      vacationDaysRemaining: 25,
      sickDaysTotal: 10,
      sickDaysRemaining: 10,
      bankHoursTotal: 0,
      bankHoursRemaining: 0,
    });
    const listed = await t.request().get(`/api/employees/${created.id}`).set('Authorization', adminA).expect(200);
    expect(listed.body.account_status).toBe('active');
  });

  it('sends one invitation e-mail even when its job runs again', async () => {
    const body = newPerson();
    await addEmployee(adminA, body);
    await t.flushOutbox();
    await t.mail.waitFor((message) => message.to.includes(body.email));
    const job = await eventually(async () =>
      (await t.workers.queues.email.getJobs(['completed'])).find(
        (candidate) => candidate.data.payload.to === body.email,
      ),
    );
    const retried = await t.workers.queues.email.add(job.name, job.data, { jobId: `${job.id}-retried` });
    await eventually(async () => (await retried.getState()) === 'completed');
    expect(t.mail.messages().filter((message) => message.to.includes(body.email))).toHaveLength(1);
  });

  it('keeps a chosen birthday, no birthday, and given balances to one decimal', async () => {
    const created = await addEmployee(
      adminA,
      newPerson({ hire_date: '2024-02-29', birthday: null, vacation_days_total: 20.5, bank_hours_total: 7.25 }),
    );
    expect(created).toMatchObject({
      hire_date: '2024-02-29',
      birthday: null,
      vacation_days_total: 20.5,
      bank_hours_total: 7.3,
    });
  });

  it.each([
    [{ name: undefined }, 'name', 'name is required'],
    [{ email: undefined }, 'email', 'email is required'],
    [{ email: 'maria@' }, 'email', 'email must be a valid email address'],
    [{ role: 'x'.repeat(121) }, 'role', 'role must be at most 120 characters'],
    [{ hire_date: '21/11/2026' }, 'hire_date', 'hire_date must be a date (YYYY-MM-DD)'],
    [{ hire_date: '2026-02-30' }, 'hire_date', 'hire_date is not a real date'],
    [{ birthday: 'soon' }, 'birthday', 'birthday must be a date (YYYY-MM-DD)'],
    [{ vacation_days_total: -1 }, 'vacation_days_total', 'vacation_days_total cannot be negative'],
    [{ sick_days_total: '10' }, 'sick_days_total', 'sick_days_total must be a number'],
    [{ bank_hours_total: 1e9 }, 'bank_hours_total', 'bank_hours_total cannot be above 9999'],
  ])('refuses %j with 400 naming %s', async (overrides, field, message) => {
    const reply = await t
      .request()
      .post('/api/employees')
      .set('Authorization', adminA)
      .send(newPerson(overrides))
      .expect(400);
    expect(reply.body).toEqual({ message, field });
  });

  it("refuses an e-mail already used by the company's employees or users, whatever its case", async () => {
    const existing = await addEmployee();
    for (const email of [existing.email.toUpperCase(), companyA.admin.email]) {
      const reply = await t
        .request()
        .post('/api/employees')
        .set('Authorization', adminA)
        .send(newPerson({ email }))
        .expect(409);
      expect(reply.body).toEqual({ message: employeeTexts.emailTaken, field: 'email' });
    }
  });

  it('refuses an e-mail that signs in at another company, before any payment: the invitation could never be accepted', async () => {
    const elsewhere = await createCompanyWithAdmin();
    const freshAdmin = (await signedInAdmin(t)).auth;
    for (const auth of [adminA, freshAdmin]) {
      const reply = await t
        .request()
        .post('/api/employees')
        .set('Authorization', auth)
        .send(newPerson({ email: elsewhere.admin.email.toUpperCase() }))
        .expect(409);
      expect(reply.body).toEqual({ message: employeeTexts.emailTakenElsewhere, field: 'email' });
    }
  });

  it('asks for payment setup before the first employee, and for a card before later ones', async () => {
    const fresh = await signedInAdmin(t);
    const { auth } = fresh;
    const first = await t.request().post('/api/employees').set('Authorization', auth).send(newPerson()).expect(402);
    expect(first.body).toEqual({
      message: employeeTexts.firstEmployeeRequiresPayment,
      error: employeeTexts.firstEmployeeRequiresPayment,
      requiresPayment: true,
      isFirstEmployee: true,
    });

    await activateSubscription(fresh.company);
    await addEmployee(auth);
    await Subscription.update({ defaultPaymentMethodId: null }, { where: { companyId: fresh.company.id } });
    const later = await t.request().post('/api/employees').set('Authorization', auth).send(newPerson()).expect(402);
    expect(later.body).toMatchObject({
      message: employeeTexts.paymentMethodRequired,
      requiresPayment: true,
      isFirstEmployee: false,
    });
  });

  it('refuses an admin whose e-mail is not verified yet', async () => {
    const { auth } = await signedInAdmin(t, { subscribed: true, verified: false });
    const reply = await t.request().post('/api/employees').set('Authorization', auth).send(newPerson()).expect(403);
    expect(reply.body).toEqual({ message: authTexts.emailVerificationRequired });
  });
});

describe('GET /api/employees', () => {
  let company: SignedInAdmin;
  let auth: string;
  beforeAll(async () => {
    company = await signedInAdmin(t, { subscribed: true });
    auth = company.auth;
    for (const [name, role] of [
      ['Anna Zed', 'Chef'],
      ['Bruno Young', 'Baker'],
      ['Carla Xu', 'Cashier'],
      ['Dan 50% Off', 'Baker'],
    ]) {
      await addEmployee(auth, newPerson({ name, role }));
    }
  });

  it('answers a plain GET with the whole list by name', async () => {
    const reply = await t.request().get('/api/employees').set('Authorization', auth).expect(200);
    expect(reply.body.map((employee: { name: string }) => employee.name)).toEqual([
      'Anna Zed',
      'Bruno Young',
      'Carla Xu',
      'Dan 50% Off',
    ]);
  });

  it("speaks react-admin's sort, range and search", async () => {
    const page = await t
      .request()
      .get('/api/employees')
      .query({ sort: '["name","DESC"]', range: '[1,2]', filter: '{}' })
      .set('Authorization', auth)
      .expect(200);
    expect(page.body.map((employee: { name: string }) => employee.name)).toEqual(['Carla Xu', 'Bruno Young']);
    expect(page.headers['content-range']).toBe('employees 1-2/4');

    const search = await t
      .request()
      .get('/api/employees')
      .query({ filter: '{"q":"baker"}', range: '[0,9]' })
      .set('Authorization', auth)
      .expect(200);
    expect(search.body.map((employee: { name: string }) => employee.name)).toEqual(['Bruno Young', 'Dan 50% Off']);

    const literal = await t
      .request()
      .get('/api/employees')
      .query({ filter: '{"q":"50%"}' })
      .set('Authorization', auth)
      .expect(200);
    expect(literal.body.map((employee: { name: string }) => employee.name)).toEqual(['Dan 50% Off']);

    const beyond = await t.request().get('/api/employees').query({ range: '[10,19]' }).set('Authorization', auth);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['content-range']).toBe('employees */4');
  });

  it('lists each employee exactly as GET /api/employees/:id answers for them', async () => {
    const fractional = await addEmployee(
      auth,
      newPerson({ name: 'Zoë "Zed" O\\Brien 😀', birthday: null, vacation_days_total: 20.5, bank_hours_total: 7.25 }),
    );
    await t
      .request()
      .put(`/api/employees/${fractional.id}/balances`)
      .set('Authorization', auth)
      .send({
        vacation_days_total: 20.5,
        vacation_days_used: 0.5,
        sick_days_total: 5,
        sick_days_used: 7.5,
        bank_hours_total: 7.3,
        bank_hours_used: 0,
      })
      .expect(200);
    const { token } = await createInvitedEmployee(t.db.sequelize, company.company, { name: 'Zack Joined' });
    await t.request().post('/api/auth/invitation/accept').send({ token, password: 's3cret' }).expect(200);

    const list = await t.request().get('/api/employees').set('Authorization', auth).expect(200);
    expect(list.body.map((employee: { account_status: string }) => employee.account_status)).toContain('active');
    for (const listed of list.body as Array<{ id: number }>) {
      const detail = await t.request().get(`/api/employees/${listed.id}`).set('Authorization', auth).expect(200);
      expect(listed).toStrictEqual(detail.body);
    }
    // Written as res.json writes it: no `20.0` for a total, no spaces.
    expect(list.text).toBe(JSON.stringify(list.body));
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers a list of many pieces whole, in order, with names in any script', async () => {
    const large = await signedInAdmin(t, { subscribed: true });
    const largeAuth = large.auth;
    // Postgres sends lists 32 records a piece; past Latin-1, V8 keeps a piece's text in two bytes.
    const scripts = ['Łucja Wiśniewska', 'Zoë Brontë', 'Ζωή Παππά', '美咲 山田', 'Ana 😀 Ruiz'];
    const names = Array.from({ length: 70 }, (_, index) => `${String(index).padStart(2, '0')} ${scripts[index % 5]}`);
    await createEmployees(large.company, names.length, (index) => names[index]!);
    const nameList = (reply: { body: Array<{ name: string }> }) => reply.body.map((employee) => employee.name);

    const whole = await t
      .request()
      .get('/api/employees')
      .set('Authorization', largeAuth)
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(nameList(whole)).toEqual(names);
    expect(whole.text).toBe(JSON.stringify(whole.body));
    expect(whole.headers['content-range']).toBe('employees 0-69/70');
    expect(whole.headers['content-length']).toBe(String(Buffer.byteLength(whole.text)));

    const across = await t
      .request()
      .get('/api/employees')
      .query({ range: '[30,39]' })
      .set('Authorization', largeAuth)
      .expect(200);
    expect(nameList(across)).toEqual(names.slice(30, 40));
    expect(across.headers['content-range']).toBe('employees 30-39/70');
  });

  it.each([
    [{ sort: '["password","ASC"]' }, /sort field must be one of/],
    [{ sort: 'name' }, /sort must be valid JSON/],
    [{ range: '[5,1]' }, /range must be/],
    [{ filter: '[1]' }, /filter must be a JSON object/],
    [{ filter: '{"id":["x"]}' }, /filter id/],
    [{ filter: '{"id":[1,3000000000]}' }, /filter id/],
    [{ filter: '{"q":"a\\u0000b"}' }, /NUL character/],
  ])('refuses the malformed list query %j with 400', async (query, message) => {
    const reply = await t.request().get('/api/employees').query(query).set('Authorization', auth).expect(400);
    expect(reply.body.message).toMatch(message);
  });
});

describe('changing an employee', () => {
  it('updates the profile, keeps what was not sent, and writes the audit log', async () => {
    const created = await addEmployee(adminA, newPerson({ birthday: '1990-05-17' }));
    const reply = await t
      .request()
      .put(`/api/employees/${created.id}`)
      .set('Authorization', adminA)
      .send({ name: 'New Name', role: 'Head Baker', vacation_days_total: 30, id: 999, vacation_days_used: 20 })
      .expect(200);
    expect(reply.body).toMatchObject({
      id: created.id,
      name: 'New Name',
      role: 'Head Baker',
      birthday: '1990-05-17',
      vacation_days_total: 30,
      vacation_days_used: 0,
      message: employeeTexts.updated,
    });
    const audit = await AuditEntry.findOne({ where: { action: 'employee.updated', entityId: String(created.id) } });
    expect(audit).toMatchObject({
      companyId: companyA.company.id,
      actorUserId: companyA.admin.id,
      before: expect.objectContaining({ name: created.name, vacation_days_total: 25 }),
      after: expect.objectContaining({ name: 'New Name', vacation_days_total: 30 }),
    });
  });

  it('greets an invited person by their corrected name on the invitation page', async () => {
    const { employee, token } = await createInvitedEmployee(t.db.sequelize, companyA.company, { name: 'Jon Smiht' });
    await t
      .request()
      .put(`/api/employees/${employee.id}`)
      .set('Authorization', adminA)
      .send({ name: 'Jon Smith' })
      .expect(200);
    const preview = await t.request().get(`/api/auth/invitation/${token}`).expect(200);
    expect(preview.body).toEqual({ name: 'Jon Smith', email: employee.email });
  });

  it('refuses to save balances over ones that changed since the edit opened them (If-Match)', async () => {
    const created = await addEmployee(adminA, newPerson({ name: 'Ines Balance' }));
    const listed = await t
      .request()
      .get('/api/employees')
      .query({ filter: JSON.stringify({ q: 'Ines Balance' }) })
      .set('Authorization', adminA)
      .expect(200);
    const opened = listed.body.find((record: EmployeeRecord) => record.id === created.id) as EmployeeRecord;
    const save = (used: number, startedFrom: string) =>
      t
        .request()
        .put(`/api/employees/${created.id}/balances`)
        .set('Authorization', adminA)
        .set('If-Match', startedFrom)
        .send({ ...employeeBalancesSchema.parse(opened), vacation_days_used: used });

    const first = await save(2.5, balancesVersionOf(opened)).expect(200);
    const stale = await save(1, balancesVersionOf(opened)).expect(409);
    expect(stale.body).toEqual({ message: employeeTexts.balancesChanged });
    const detail = await t.request().get(`/api/employees/${created.id}`).set('Authorization', adminA).expect(200);
    expect(detail.body.vacation_days_used).toBe(2.5);
    await save(1, balancesVersionOf(first.body)).expect(200);
  });

  it('sets the six balance fields, allows overdrawn sick days but not vacation or bank hours', async () => {
    const created = await addEmployee();
    const balances = {
      vacation_days_total: 20,
      vacation_days_used: 4.5,
      sick_days_total: 5,
      sick_days_used: 7,
      bank_hours_total: 16,
      bank_hours_used: 2.5,
    };
    const reply = await t
      .request()
      .put(`/api/employees/${created.id}/balances`)
      .set('Authorization', adminA)
      .send(balances)
      .expect(200);
    expect(reply.body).toMatchObject({
      ...balances,
      vacation_days_remaining: 15.5,
      sick_days_remaining: -2,
      bank_hours_remaining: 13.5,
      message: employeeTexts.balancesUpdated,
    });
    expect(
      await AuditEntry.count({ where: { action: 'employee.balances_updated', entityId: String(created.id) } }),
    ).toBe(1);

    const overdrawn = await t
      .request()
      .put(`/api/employees/${created.id}/balances`)
      .set('Authorization', adminA)
      .send({ ...balances, vacation_days_used: 21 })
      .expect(400);
    expect(overdrawn.body).toEqual({ message: employeeTexts.vacationUsedAboveTotal, field: 'vacation_days_used' });
    const missing = await t
      .request()
      .put(`/api/employees/${created.id}/balances`)
      .set('Authorization', adminA)
      .send({ ...balances, bank_hours_used: undefined })
      .expect(400);
    expect(missing.body.field).toBe('bank_hours_used');
  });

  it('refuses to lower a total below what was already used', async () => {
    const created = await addEmployee();
    await t
      .request()
      .put(`/api/employees/${created.id}/balances`)
      .set('Authorization', adminA)
      .send({
        vacation_days_total: 25,
        vacation_days_used: 10,
        sick_days_total: 10,
        sick_days_used: 0,
        bank_hours_total: 0,
        bank_hours_used: 0,
      })
      .expect(200);
    await t
      .request()
      .put(`/api/employees/${created.id}`)
      .set('Authorization', adminA)
      .send({ vacation_days_total: 5 })
      .expect(400);
  });

  it('re-invites an invited employee whose address changed', async () => {
    const created = await addEmployee();
    const newEmail = `moved-${Date.now()}@example.com`;
    await t
      .request()
      .put(`/api/employees/${created.id}`)
      .set('Authorization', adminA)
      .send({ email: newEmail })
      .expect(200);
    await t.flushOutbox();
    const mail = await t.mail.waitFor((message) => message.to.includes(newEmail));
    const token = firstLink(mail.text)!.split('/invitation/')[1];
    const preview = await t.request().get(`/api/auth/invitation/${token}`).expect(200);
    expect(preview.body.email).toBe(newEmail);
  });
});

describe('DELETE /api/employees/:id', () => {
  it("removes the employee from the list and the seats, and ends the person's sign-in", async () => {
    const { employee, auth: session } = await joinedEmployee(t, companyA.company);
    const seatsBefore = (await t.request().get('/api/billing/seats').set('Authorization', adminA)).body.currentSeats;

    const reply = await t.request().delete(`/api/employees/${employee.id}`).set('Authorization', adminA).expect(200);
    expect(reply.body).toMatchObject({ id: employee.id, message: employeeTexts.deleted });

    await t.request().get(`/api/employees/${employee.id}`).set('Authorization', adminA).expect(404);
    const list = await t.request().get('/api/employees').set('Authorization', adminA);
    expect(list.body.map((row: { id: number }) => row.id)).not.toContain(employee.id);
    const seats = await t.request().get('/api/billing/seats').set('Authorization', adminA).expect(200);
    expect(seats.body.currentSeats).toBe(seatsBefore - 1);
    await t.request().get('/api/auth/me').set('Authorization', session).expect(401);
    await t.request().post('/api/auth/login').send({ email: employee.email, password: 's3cret' }).expect(403);
    expect(await User.count({ where: { email: employee.email, disabledAt: null } })).toBe(0);
    expect(await AuditEntry.count({ where: { action: 'employee.deleted', entityId: String(employee.id) } })).toBe(1);
  });

  it('lets the company invite a removed person again, who gets their sign-in back', async () => {
    const { employee, token } = await createInvitedEmployee(t.db.sequelize, companyA.company);
    await t.request().post('/api/auth/invitation/accept').send({ token, password: 'first-password' }).expect(200);
    await t.request().delete(`/api/employees/${employee.id}`).set('Authorization', adminA).expect(200);

    const rehired = await addEmployee(adminA, newPerson({ name: 'Back Again', email: employee.email }));
    await t.flushOutbox();
    const mail = await t.mail.waitFor(
      (message) =>
        message.to.includes(employee.email) &&
        firstLink(message.text)?.includes('/invitation/') === true &&
        message.text.includes('Back Again'),
    );
    const newToken = firstLink(mail.text)!.split('/invitation/')[1];
    const accepted = await t
      .request()
      .post('/api/auth/invitation/accept')
      .send({ token: newToken, password: 'second-password' })
      .expect(200);
    expect(accepted.body.user).toMatchObject({ email: employee.email, employeeName: 'Back Again', role: 'employee' });
    await t.request().post('/api/auth/login').send({ email: employee.email, password: 'first-password' }).expect(401);
    await t.request().post('/api/auth/login').send({ email: employee.email, password: 'second-password' }).expect(200);
    const listed = await t.request().get(`/api/employees/${rehired.id}`).set('Authorization', adminA).expect(200);
    expect(listed.body.account_status).toBe('active');
  });

  it('makes an open invitation unusable', async () => {
    const { employee, token } = await createInvitedEmployee(t.db.sequelize, companyA.company);
    await t.request().delete(`/api/employees/${employee.id}`).set('Authorization', adminA).expect(200);
    await t.request().get(`/api/auth/invitation/${token}`).expect(404);
  });
});

describe('POST /api/employees/:id/resend-invitation', () => {
  it('sends a new link and retires the old one', async () => {
    const { employee, token: oldToken } = await createInvitedEmployee(t.db.sequelize, companyA.company);
    const reply = await t
      .request()
      .post(`/api/employees/${employee.id}/resend-invitation`)
      .set('Authorization', adminA)
      .expect(200);
    expect(reply.body).toEqual({ message: employeeTexts.invitationResent });
    await t.flushOutbox();
    await eventually(
      async () => t.mail.messages().filter((message) => message.to.includes(employee.email)).length === 2,
    );
    await t.request().get(`/api/auth/invitation/${oldToken}`).expect(404);
  });

  it('refuses a person who already joined', async () => {
    const { employee, token } = await createInvitedEmployee(t.db.sequelize, companyA.company);
    await t.request().post('/api/auth/invitation/accept').send({ token, password: 's3cret' }).expect(200);
    const reply = await t
      .request()
      .post(`/api/employees/${employee.id}/resend-invitation`)
      .set('Authorization', adminA)
      .expect(409);
    expect(reply.body).toEqual({ message: employeeTexts.alreadyJoined });
  });
});

describe('GET /api/billing/seats', () => {
  it('previews the cost of one more seat in cents, not counting the admin', async () => {
    const { auth } = await signedInAdmin(t, { subscribed: true });
    await addEmployee(auth);
    await addEmployee(auth);
    const reply = await t.request().get('/api/billing/seats').set('Authorization', auth).expect(200);
    expect(reply.body).toEqual({
      currentSeats: 2,
      currentMonthlyCost: 400,
      newSeatCost: 200,
      newTotalCost: 600,
      chargedNow: 0,
      nextChargeOn: expect.any(String),
    });
  });
});
