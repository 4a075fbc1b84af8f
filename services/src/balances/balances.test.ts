import { QueryTypes } from 'sequelize';
import {
  countLeave,
  DEFAULT_LEAVE_POLICY,
  DEFAULT_WORK_PATTERN,
  leavePolicyTexts,
  leaveYearBounds,
  leaveYearOf,
  plusMonths,
  type BalanceLedgerReply,
  type EmployeeRecord,
} from '@teamfolk/shared';
import { eventually, startTestApp, type TestApp } from '../testing/harness';
import { unzipText } from '../testing/zip';
import { joinedEmployee, signedInAdmin, type JoinedEmployee, type SignedInAdmin } from '../testing/signed-in';

let t: TestApp;
let companyA: SignedInAdmin;
let adminA: string;
let adminB: string;
/** An employee of A who signs in, and a colleague of theirs. */
let erin: JoinedEmployee;
let colleagueId: number;
let otherCompanysEmployeeId: number;

const today = () => new Date().toISOString().slice(0, 10);
const thisYear = () => Number(today().slice(0, 4));

let sequence = 0;
async function hire(body: Record<string, unknown> = {}, auth = adminA): Promise<EmployeeRecord> {
  sequence += 1;
  const reply = await t
    .request()
    .post('/api/employees')
    .set('Authorization', auth)
    .send({ name: `Person ${sequence}`, email: `person-${sequence}-${Date.now()}@example.com`, ...body })
    .expect(201);
  return reply.body as EmployeeRecord;
}

const ledgerOf = async (id: number, year?: number, auth = adminA) =>
  (
    await t
      .request()
      .get(`/api/employees/${id}/balance-ledger`)
      .query(year ? { year } : {})
      .set('Authorization', auth)
      .expect(200)
  ).body as BalanceLedgerReply;

const record = async (id: number) =>
  (await t.request().get(`/api/employees/${id}`).set('Authorization', adminA).expect(200)).body as EmployeeRecord;

const setBalances = (id: number, figures: Record<string, number | string>, auth = adminA) =>
  t
    .request()
    .put(`/api/employees/${id}/balances`)
    .set('Authorization', auth)
    .send({
      vacation_days_total: 25,
      vacation_days_used: 0,
      sick_days_total: 10,
      sick_days_used: 0,
      bank_hours_total: 0,
      bank_hours_used: 0,
      ...figures,
    })
    .expect(200);

beforeAll(async () => {
  t = await startTestApp();
  companyA = await signedInAdmin(t, { subscribed: true });
  adminA = companyA.auth;
  const companyB = await signedInAdmin(t, { subscribed: true });
  adminB = companyB.auth;
  erin = await joinedEmployee(t, companyA.company, { name: 'Erin Employee' });
  colleagueId = (await hire()).id;
  otherCompanysEmployeeId = (await joinedEmployee(t, companyB.company, { name: 'Bo Other' })).employee.id;
});
afterAll(async () => {
  await t.close();
});

describe('GET/PUT /api/leave-policy', () => {
  it('answers the default policy to everyone of a company that never set one', async () => {
    for (const auth of [adminA, erin.auth]) {
      const reply = await t.request().get('/api/leave-policy').set('Authorization', auth).expect(200);
      expect(reply.body).toEqual(DEFAULT_LEAVE_POLICY);
    }
  });

  it("lets an admin change parts of it for the current year on, not an employee, not another company's", async () => {
    await t
      .request()
      .put('/api/leave-policy')
      .set('Authorization', erin.auth)
      .send({ vacation: { annual_days: 30 } })
      .expect(403);
    const saved = await t
      .request()
      .put('/api/leave-policy')
      .set('Authorization', adminA)
      .send({ vacation: { carry_over_max_days: 5 }, sick: { annual_days: 12 } })
      .expect(200);
    expect(saved.body).toEqual({
      ...DEFAULT_LEAVE_POLICY,
      vacation: { ...DEFAULT_LEAVE_POLICY.vacation, carry_over_max_days: 5 },
      sick: { annual_days: 12 },
      message: leavePolicyTexts.saved,
    });
    const read = await t.request().get('/api/leave-policy').set('Authorization', erin.auth).expect(200);
    expect(read.body.sick).toEqual({ annual_days: 12 });
    const other = await t.request().get('/api/leave-policy').set('Authorization', adminB).expect(200);
    expect(other.body).toEqual(DEFAULT_LEAVE_POLICY);

    // The company's people follow it at once: a new sick allowance for those without their own.
    const person = await hire();
    expect(person.sick_days_total).toBe(12);
    await t
      .request()
      .put('/api/leave-policy')
      .set('Authorization', adminA)
      .send({ vacation: { carry_over_max_days: 0 }, sick: { annual_days: 10 } })
      .expect(200);
    expect((await record(person.id)).sick_days_total).toBe(10);
  });

  it('shows what an admin took off beyond what has accrued when accrual turns monthly', async () => {
    const person = await hire();
    await setBalances(person.id, { vacation_days_total: 0 });
    const monthly = { vacation: { accrual: 'monthly', carry_over_expiry_months: 2, pro_rata: true } };
    await t.request().put('/api/leave-policy').set('Authorization', adminA).send(monthly).expect(200);
    // Hired today: a month's share of a pro-rated allowance, less the 25 days the admin took off.
    expect((await ledgerOf(person.id)).balances.vacation.total).toBeLessThan(0);
    const upfront = { vacation: { accrual: 'upfront', carry_over_expiry_months: 0, pro_rata: false } };
    await t.request().put('/api/leave-policy').set('Authorization', adminA).send(upfront).expect(200);
    expect((await record(person.id)).vacation_days_total).toBe(0);
  });

  it('keeps the leave year where it is once balances are recorded in it', async () => {
    const reply = await t
      .request()
      .put('/api/leave-policy')
      .set('Authorization', adminA)
      .send({ leave_year_start_month: 4 })
      .expect(409);
    expect(reply.body.message).toBe(leavePolicyTexts.startMonthFixed);
  });

  it('refuses a policy it cannot use, naming the field', async () => {
    const reply = await t
      .request()
      .put('/api/leave-policy')
      .set('Authorization', adminA)
      .send({ vacation: { accrual: 'weekly' } })
      .expect(400);
    expect(reply.body.message).toContain('vacation.accrual');
  });
});

describe('GET /api/employees/:id/balance-ledger', () => {
  it("shows a person's year, the figures kept before the ledger as its opening, to them and their admin", async () => {
    // Erin's profile was written with 5 days used and 12.5 hours banked, outside the ledger.
    const ledger = await ledgerOf(erin.employee.id);
    expect(ledger.year).toEqual({ year: thisYear(), start: `${thisYear()}-01-01`, end: `${thisYear()}-12-31` });
    expect(ledger.balances.vacation).toMatchObject({ total: 25, used: 5, remaining: 20 });
    expect(ledger.balances.bank).toMatchObject({ total: 12.5, used: 0, remaining: 12.5 });
    expect(ledger.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'allowance', balance: 'vacation', amount: 25 }),
        expect.objectContaining({ kind: 'adjustment', balance: 'vacation', figure: 'used', amount: -5 }),
        expect.objectContaining({ kind: 'adjustment', balance: 'bank', amount: 12.5 }),
      ]),
    );
    expect(await ledgerOf(erin.employee.id, undefined, erin.auth)).toEqual(ledger);
    // Next year starts afresh.
    const next = await ledgerOf(erin.employee.id, thisYear() + 1, erin.auth);
    expect(next.balances.vacation).toMatchObject({ total: 25, used: 0 });
  });

  it("hides a colleague's ledger from an employee and another company's from an admin", async () => {
    for (const [auth, id] of [
      [erin.auth, colleagueId],
      [adminB, erin.employee.id],
      [adminA, otherCompanysEmployeeId],
    ] as const) {
      await t.request().get(`/api/employees/${id}/balance-ledger`).set('Authorization', auth).expect(404);
      await t
        .request()
        .get(`/api/employees/${id}/balances`)
        .query({ on: today() })
        .set('Authorization', auth)
        .expect(404);
    }
  });

  it('follows a new start of the leave year on the next read', async () => {
    const company = await signedInAdmin(t, { subscribed: true });
    const person = await t
      .request()
      .post('/api/employees')
      .set('Authorization', company.auth)
      .send({ name: 'Ola April', email: `ola-${Date.now()}@example.com` })
      .expect(201);
    const read = async () =>
      (
        await t
          .request()
          .get(`/api/employees/${person.body.id}/balance-ledger`)
          .set('Authorization', company.auth)
          .expect(200)
      ).body as BalanceLedgerReply;
    expect((await read()).year.start).toBe(`${thisYear()}-01-01`);
    await t
      .request()
      .put('/api/leave-policy')
      .set('Authorization', company.auth)
      .send({ leave_year_start_month: 4 })
      .expect(200);
    const year = leaveYearOf(today(), 4);
    // A weekday of February next calendar year: in the new leave year, never in the old one of its number.
    const february = [1, 2, 3]
      .map((day) => `${year + 1}-02-0${day}`)
      .find((day) => new Date(day).getUTCDay() % 6 !== 0)!;
    await t
      .request()
      .post('/api/leaves')
      .set('Authorization', company.auth)
      .send({
        employee_id: person.body.id,
        request_type: 'vacation',
        leave_type: 'full_day',
        start_date: february,
        end_date: february,
      })
      .expect(201);
    const ledger = await read();
    expect(ledger.year).toEqual(leaveYearBounds(year, 4));
    expect(ledger.balances.vacation.pending).toBe(1);
  });

  it('refuses a year that is not one', async () => {
    const reply = await t
      .request()
      .get(`/api/employees/${erin.employee.id}/balance-ledger`)
      .query({ year: 'soon' })
      .set('Authorization', adminA)
      .expect(400);
    expect(reply.body.message).toBe('year must be a leave year (YYYY)');
  });

  it('refuses a year past the next, which it would have to walk to', async () => {
    const reply = await t
      .request()
      .get(`/api/employees/${erin.employee.id}/balance-ledger`)
      .query({ year: 9998 })
      .set('Authorization', adminA)
      .expect(400);
    expect(reply.body.message).toBe('year must be no later than next leave year');
  });
});

describe('GET /api/employees/:id/balances?on=', () => {
  it('answers what is available on a day of this year or the next, and refuses other days', async () => {
    const person = await hire();
    const now = await t
      .request()
      .get(`/api/employees/${person.id}/balances`)
      .query({ on: today() })
      .set('Authorization', adminA)
      .expect(200);
    expect(now.body).toEqual({
      on: today(),
      vacation: { available: 25 },
      sick: { available: 10 },
      bank: { available: 0 },
    });
    const nextYear = `${thisYear() + 1}-06-01`;
    const later = await t
      .request()
      .get(`/api/employees/${person.id}/balances`)
      .query({ on: nextYear })
      .set('Authorization', adminA)
      .expect(200);
    expect(later.body.vacation).toEqual({ available: 25 });
    const far = await t
      .request()
      .get(`/api/employees/${person.id}/balances`)
      .query({ on: `${thisYear() + 2}-01-01` })
      .set('Authorization', adminA)
      .expect(400);
    expect(far.body.message).toBe('on must be a date in this leave year or the next');
  });
});

describe('a forecast of next year', () => {
  it("opens from this year's closing as kept with the figures, which moves with this year's balance", async () => {
    const company = await signedInAdmin(t, { subscribed: true });
    await t
      .request()
      .put('/api/leave-policy')
      .set('Authorization', company.auth)
      .send({ vacation: { carry_over_max_days: 5 } })
      .expect(200);
    const person = await hire({}, company.auth);
    const nextJune = async () =>
      (
        await t
          .request()
          .get(`/api/employees/${person.id}/balances`)
          .query({ on: `${thisYear() + 1}-06-01` })
          .set('Authorization', company.auth)
          .expect(200)
      ).body.vacation.available as number;
    // Next year's 25 days and the 5 of this year's that may be carried.
    expect(await nextJune()).toBe(30);

    // 22 of this year's 25 days used: 3 left to carry.
    await setBalances(person.id, { vacation_days_used: 22 }, company.auth);
    expect(await nextJune()).toBe(28);
    // This year's entries are not read again: a closing changed by hand is what the forecast opens from.
    const byHand = (set: string) =>
      t.db.sequelize.query(`UPDATE employees SET derived_closing = ${set} WHERE id = $1`, { bind: [person.id] });
    await byHand(`jsonb_set(derived_closing, '{balances,vacation,remaining}', '1')`);
    expect(await nextJune()).toBe(26);
    // Without it, worked out from this year's entries, the forecast is the same as with the right one.
    await byHand('NULL');
    expect(await nextJune()).toBe(28);
  });
});

describe('PUT /api/employees/:id/balances', () => {
  it('records adjustments with their note, so the six figures read back exactly as sent', async () => {
    const person = await hire();
    const sent = {
      vacation_days_total: 27.5,
      vacation_days_used: 3,
      sick_days_total: 8,
      sick_days_used: 1.5,
      bank_hours_total: 12,
      bank_hours_used: 2,
    };
    const reply = await setBalances(person.id, { ...sent, note: 'Opening balance' });
    expect(reply.body).toMatchObject(sent);
    expect(await record(person.id)).toMatchObject({ ...sent, vacation_days_remaining: 24.5 });
    const ledger = await ledgerOf(person.id);
    const adjustments = ledger.entries.filter((entry) => entry.kind === 'adjustment');
    expect(adjustments).toHaveLength(6);
    expect(adjustments.every((entry) => entry.note === 'Opening balance')).toBe(true);
    const listed = await t.request().get('/api/employees').set('Authorization', adminA).expect(200);
    expect((listed.body as EmployeeRecord[]).find((row) => row.id === person.id)).toMatchObject(sent);
  });
});

describe('employees: work pattern and end date', () => {
  it('keeps a pattern and an end date, and counts leave by the pattern', async () => {
    const pattern = { mon: 8, tue: 8, wed: 8, thu: 0, fri: 0, sat: 0, sun: 0 };
    const person = await hire({ work_pattern: pattern, end_date: `${thisYear() + 3}-12-31` });
    expect(person).toMatchObject({ work_pattern: pattern, end_date: `${thisYear() + 3}-12-31` });
    // A Monday-to-Friday week of next year counts 3 days for a Monday-to-Wednesday person.
    const monday = mondayOf(`${thisYear() + 1}-03-10`);
    const leave = await t
      .request()
      .post('/api/leaves')
      .set('Authorization', adminA)
      .send({
        employee_id: person.id,
        request_type: 'vacation',
        leave_type: 'full_day',
        start_date: monday,
        end_date: plusDays(monday, 4),
      })
      .expect(201);
    expect(leave.body.days_count).toBe(3);
    const changed = await t
      .request()
      .put(`/api/employees/${person.id}`)
      .set('Authorization', adminA)
      .send({ work_pattern: null, end_date: null })
      .expect(200);
    expect(changed.body).toMatchObject({ work_pattern: null, end_date: null });
  });

  it('refuses an end date before the hire date', async () => {
    const reply = await t
      .request()
      .post('/api/employees')
      .set('Authorization', adminA)
      .send({
        name: 'Early Leaver',
        email: `early-${Date.now()}@example.com`,
        hire_date: '2026-05-01',
        end_date: '2026-04-30',
      })
      .expect(400);
    expect(reply.body.message).toBe(leavePolicyTexts.endBeforeHire);
  });
});

const plusDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const mondayOf = (isoDate: string) => {
  const weekday = (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7;
  return plusDays(isoDate, -weekday);
};

describe('leave across New Year', () => {
  const from = () => `${thisYear()}-12-22`;
  const to = () => `${thisYear() + 1}-01-09`;
  const parts = () =>
    countLeave(
      { leaveType: 'full_day', startDate: from(), endDate: to() },
      { companyPattern: DEFAULT_WORK_PATTERN },
    ).perYear.map((part) => part.days);

  const request = (employeeId: number) =>
    t.request().post('/api/leaves').set('Authorization', adminA).send({
      employee_id: employeeId,
      request_type: 'vacation',
      leave_type: 'full_day',
      start_date: from(),
      end_date: to(),
    });

  it("refuses the part this year's balance cannot cover, naming the year", async () => {
    const person = await hire();
    await setBalances(person.id, { vacation_days_total: 25, vacation_days_used: 23 });
    const [thisPart] = parts();
    const refused = await request(person.id).expect(422);
    expect(refused.body).toEqual({
      message: `Insufficient vacation balance for ${thisYear()}: 2 days remaining, ${thisPart} requested`,
    });
  });

  it("refuses the part next year's allowance cannot cover, naming that year", async () => {
    const person = await hire({ vacation_days_total: 3 });
    await setBalances(person.id, { vacation_days_total: 30 });
    const [, nextPart] = parts();
    const refused = await request(person.id).expect(422);
    expect(refused.body).toEqual({
      message: `Insufficient vacation balance for ${thisYear() + 1}: 3 days remaining, ${nextPart} requested`,
    });
  });

  it('takes each part from its own year when both fit, and gives both back when withdrawn', async () => {
    const person = await hire();
    const [thisPart, nextPart] = parts() as [number, number];
    const submitted = await request(person.id).expect(201);
    expect(submitted.body.days_count).toBe(thisPart + nextPart);
    const pending = await ledgerOf(person.id);
    expect(pending.balances.vacation).toMatchObject({ used: 0, pending: thisPart });

    await t
      .request()
      .put(`/api/leaves/${submitted.body.id}/approve`)
      .set('Authorization', adminA)
      .send({ approved: true })
      .expect(200);
    expect((await ledgerOf(person.id)).balances.vacation).toMatchObject({ used: thisPart, remaining: 25 - thisPart });
    expect((await ledgerOf(person.id, thisYear() + 1)).balances.vacation).toMatchObject({ used: nextPart });
    expect(await record(person.id)).toMatchObject({ vacation_days_used: thisPart });

    await t.request().post(`/api/leaves/${submitted.body.id}/cancel`).set('Authorization', adminA).expect(200);
    const [now, next] = [await ledgerOf(person.id), await ledgerOf(person.id, thisYear() + 1)];
    expect([now.balances.vacation.used, next.balances.vacation.used]).toEqual([0, 0]);
    expect(now.entries.filter((entry) => entry.kind === 'leave_returned')).toHaveLength(thisPart);
  });
});

describe('leave of a year gone by', () => {
  it("takes it from that year's balance, leaving this year's figures as they were", async () => {
    const person = await hire({ hire_date: `${thisYear() - 1}-01-01` });
    const day = mondayOf(`${thisYear() - 1}-06-10`);
    const sick = await t
      .request()
      .post('/api/leaves')
      .set('Authorization', adminA)
      .send({
        employee_id: person.id,
        request_type: 'sick_day',
        leave_type: 'full_day',
        start_date: day,
        end_date: day,
      })
      .expect(201);
    await t
      .request()
      .put(`/api/leaves/${sick.body.id}/approve`)
      .set('Authorization', adminA)
      .send({ approved: true })
      .expect(200);
    expect((await ledgerOf(person.id, thisYear() - 1)).balances.sick).toMatchObject({ used: 1 });
    expect(await record(person.id)).toMatchObject({ sick_days_used: 0, sick_days_total: 10 });
  });
});

describe('a server that was off over New Year', () => {
  it('shows the new year right on its first read, with nothing run in between', async () => {
    const person = await hire();
    const lastYear = thisYear() - 1;
    // Up to 5 days carried into this year, never expiring.
    await t
      .request()
      .put('/api/leave-policy')
      .set('Authorization', adminA)
      .send({ vacation: { carry_over_max_days: 5 } })
      .expect(200);
    // As the server left things last year: that year's policy, a week of leave taken then, and the
    // figures of last year stored as valid until its end.
    await t.db.sequelize.query(
      `INSERT INTO leave_policies (company_id, applies_from_year, policy) VALUES (:companyId, :lastYear, :policy::jsonb);
       INSERT INTO balance_entries (company_id, employee_id, leave_year, balance, kind, figure, entry_date, amount)
       SELECT :companyId, :employeeId, :lastYear, 'vacation', 'leave', 'used', day, -1
         FROM generate_series(make_date(:lastYear, 6, 1), make_date(:lastYear, 6, 5), interval '1 day') AS day;
       UPDATE employees SET ledger_from_year = :lastYear, hire_date = make_date(:lastYear, 1, 1), vacation_days_used = 5,
                            balance_figures_valid_until = make_date(:lastYear, 12, 31)
        WHERE id = :employeeId`,
      {
        replacements: {
          companyId: companyA.company.id,
          employeeId: person.id,
          lastYear,
          policy: JSON.stringify({
            ...DEFAULT_LEAVE_POLICY,
            vacation: { ...DEFAULT_LEAVE_POLICY.vacation, carry_over_max_days: 5 },
          }),
        },
      },
    );

    const listed = await t.request().get('/api/employees').set('Authorization', adminA).expect(200);
    expect((listed.body as EmployeeRecord[]).find((row) => row.id === person.id)).toMatchObject({
      vacation_days_total: 30,
      vacation_days_used: 0,
      vacation_days_remaining: 30,
      vacation_days_carried: 5,
      vacation_days_expiring: 0,
    });
    const [closing] = await t.db.sequelize.query<{ year: number; remaining: string }>(
      `SELECT year, closing->'balances'->'vacation'->>'remaining' AS remaining FROM balance_year_closings
        WHERE employee_id = :employeeId`,
      { replacements: { employeeId: person.id }, type: QueryTypes.SELECT },
    );
    expect(closing).toEqual({ year: lastYear, remaining: '20' });
    const ledger = await ledgerOf(person.id);
    expect(ledger.entries[0]).toMatchObject({ kind: 'carry_over', amount: 5 });
  });

  it('shows the new year on /auth/me and in a data export before any list has been read', async () => {
    const fresh = await signedInAdmin(t, { subscribed: true });
    const { employee, auth } = await joinedEmployee(t, fresh.company, { name: 'Nora Newyear' });
    const lastYear = thisYear() - 1;
    // As the server left things last year: a week of leave taken then, its figures stored as valid until its end.
    await t.db.sequelize.query(
      `INSERT INTO balance_entries (company_id, employee_id, leave_year, balance, kind, figure, entry_date, amount)
       SELECT :companyId, :employeeId, :lastYear, 'vacation', 'leave', 'used', day, -1
         FROM generate_series(make_date(:lastYear, 6, 1), make_date(:lastYear, 6, 5), interval '1 day') AS day;
       UPDATE employees SET ledger_from_year = :lastYear, hire_date = make_date(:lastYear, 1, 1), vacation_days_used = 5,
                            balance_figures_valid_until = make_date(:lastYear, 12, 31)
        WHERE id = :employeeId`,
      { replacements: { companyId: fresh.company.id, employeeId: employee.id, lastYear } },
    );

    const me = await t.request().get('/api/auth/me').set('Authorization', auth).expect(200);
    expect(me.body).toMatchObject({ vacationDaysTotal: 25, vacationDaysUsed: 0, vacationDaysRemaining: 25 });

    await t.db.sequelize.query(
      `UPDATE employees SET vacation_days_used = 5, balance_figures_valid_until = make_date(:lastYear, 12, 31)
        WHERE id = :employeeId`,
      { replacements: { employeeId: employee.id, lastYear } },
    );
    const requested = await t.request().post('/api/privacy/exports').set('Authorization', auth).send({ scope: 'self' });
    expect(requested.status).toBe(202);
    const downloadPath = await eventually(async () => {
      await t.flushOutbox();
      const status = await t
        .request()
        .get(`/api/privacy/exports/${requested.body.id}`)
        .set('Authorization', auth)
        .expect(200);
      return status.body.status === 'ready' && (status.body.downloadPath as string);
    }, 20_000);
    const zip = await t
      .request()
      .get(`/api${downloadPath}`)
      .set('Authorization', auth)
      .buffer(true)
      .parse((reply, done) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const files = await unzipText(zip.body as Buffer);
    expect(JSON.parse(files.get('employee_profile.json')!)).toEqual([
      expect.objectContaining({ vacation_days_used: '0.0', vacation_days_remaining: '25.0' }),
    ]);
  });
});

describe('hours bank credits under an expiry term', () => {
  it("removes each credit's unused hours by an expiry entry once its term is over, whatever ran meanwhile", async () => {
    const fresh = await signedInAdmin(t, { subscribed: true });
    const { employee } = await joinedEmployee(t, fresh.company, { name: 'Hal Hours' });
    await t
      .request()
      .put('/api/leave-policy')
      .set('Authorization', fresh.auth)
      .send({ hours_bank: { credit_expiry_months: 3 } })
      .expect(200);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    // Worked over six months ago (its term ran out long since, maybe in last year) and last week.
    const oldCredit = daysAgo(200);
    for (const [date, hours] of [
      [oldCredit, 4],
      [daysAgo(7), 2],
    ] as const) {
      const credit = await t
        .request()
        .post('/api/time-credits')
        .set('Authorization', fresh.auth)
        .send({ employee_id: employee.id, date, hours, reason: 'Stocktake' })
        .expect(201);
      await t
        .request()
        .put(`/api/time-credits/${credit.body.id}/approve`)
        .set('Authorization', fresh.auth)
        .send({ approved: true })
        .expect(200);
    }
    const expiredOn = plusMonths(oldCredit, 3);
    const expiryYear = await ledgerOf(employee.id, Number(expiredOn.slice(0, 4)), fresh.auth);
    expect(expiryYear.entries).toContainEqual(
      expect.objectContaining({ balance: 'bank', kind: 'expiry', amount: -4, date: expiredOn }),
    );
    const ledger = await ledgerOf(employee.id, undefined, fresh.auth);
    expect(ledger.balances.bank).toMatchObject({ total: 2, used: 0, remaining: 2 });
    const me = (await t.request().get(`/api/employees/${employee.id}`).set('Authorization', fresh.auth).expect(200))
      .body as EmployeeRecord;
    expect(me).toMatchObject({ bank_hours_total: 2, bank_hours_remaining: 2 });
  });
});
