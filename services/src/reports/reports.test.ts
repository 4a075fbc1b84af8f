import ExcelJS from 'exceljs';
import { QueryTypes } from 'sequelize';
import type supertest from 'supertest';
import {
  reportTexts,
  type AbsenceRateRow,
  type AbsenceReportRow,
  type ActivityRow,
  type BalancesReportRow,
  type BradfordRow,
  type EmployeeRecord,
  type LowUptakeRow,
} from '@teamfolk/shared';
import { startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee, signedInAdmin, type JoinedEmployee, type SignedInAdmin } from '../testing/signed-in';

/**
 * Company A (public holidays of GB: Fri 25 and Mon 28 December 2026) has two teams: North (Ann, who
 * approves for it and signs in, and Ben) and South (Cat); Dan is in no team; Erin signs in and
 * approves nothing. December 2026 has 23 weekdays, 21 working days without the two holidays.
 */
let t: TestApp;
let companyA: SignedInAdmin;
let adminA: string;
let adminB: string;
let ann: JoinedEmployee;
let erin: JoinedEmployee;
let ben: EmployeeRecord;
let cat: EmployeeRecord;
let dan: EmployeeRecord;
let guarded: EmployeeRecord;
let north: number;
let south: number;
let withdrawnId: number;

const december = { from: '2026-12-01', to: '2026-12-31' };
/** Two companies, six people and fourteen requests through the API: beyond the default on a busy host. */
const SETUP_MS = 120_000;

async function hire(auth: string, name: string): Promise<EmployeeRecord> {
  const reply = await t
    .request()
    .post('/api/employees')
    .set('Authorization', auth)
    .send({
      name,
      email: `${name.replace(/\W/g, '').toLowerCase()}-${Date.now()}@example.com`,
      hire_date: '2025-01-01',
    })
    .expect(201);
  return reply.body as EmployeeRecord;
}

/** Submits a request for someone and approves it, as the admin. */
async function approved(employeeId: number, request: Record<string, unknown>): Promise<number> {
  const submitted = await t
    .request()
    .post('/api/leaves')
    .set('Authorization', adminA)
    .send({ leave_type: 'full_day', ...request, employee_id: employeeId })
    .expect(201);
  const id = submitted.body.id as number;
  await t.request().put(`/api/leaves/${id}/approve`).set('Authorization', adminA).send({ approved: true }).expect(200);
  return id;
}

const report = (path: string, auth: string, query: Record<string, string | number> = {}) =>
  t.request().get(`/api/reports/${path}`).set('Authorization', auth).query(query);

async function rowsOf<Row>(path: string, auth: string, query: Record<string, string | number> = {}): Promise<Row[]> {
  const reply = await report(path, auth, query).expect(200);
  return reply.body.rows as Row[];
}

const binary = (reply: supertest.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  reply.on('data', (chunk: Buffer) => chunks.push(chunk));
  reply.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** An XLSX export as exceljs reads it back. */
async function workbookOf(reply: supertest.Response): Promise<ExcelJS.Workbook> {
  const bytes = reply.body as Buffer;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}

/** A CSV as the export writes it (a BOM, RFC 4180 quoting), as rows of text. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push([...row, cell.replace(/\r$/, '')]);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  companyA = await signedInAdmin(t, { subscribed: true });
  adminA = companyA.auth;
  const companyB = await signedInAdmin(t, { subscribed: true });
  adminB = companyB.auth;
  const sql = (query: string, replacements: Record<string, unknown>) =>
    t.db.sequelize.query(query, { replacements, type: QueryTypes.SELECT });
  await sql(`UPDATE companies SET country = 'GB', region = NULL WHERE id = :id`, { id: companyA.company.id });

  ann = await joinedEmployee(t, companyA.company, { name: 'Ann North' });
  erin = await joinedEmployee(t, companyA.company, { name: 'Erin Nobody' });
  await sql(`UPDATE employees SET hire_date = '2025-01-01' WHERE id IN (:ids)`, {
    ids: [ann.employee.id, erin.employee.id],
  });
  ben = await hire(adminA, 'Ben North');
  cat = await hire(adminA, 'Cat South');
  dan = await hire(adminA, 'Dan Teamless');
  guarded = await hire(adminB, '=HYPERLINK("http://evil.test")');

  const [northRow] = await sql(`INSERT INTO teams (company_id, name) VALUES (:company, 'North') RETURNING id`, {
    company: companyA.company.id,
  });
  const [southRow] = await sql(`INSERT INTO teams (company_id, name) VALUES (:company, 'South') RETURNING id`, {
    company: companyA.company.id,
  });
  north = (northRow as { id: number }).id;
  south = (southRow as { id: number }).id;
  await sql(`UPDATE employees SET team_id = :north WHERE id IN (:ids)`, { north, ids: [ann.employee.id, ben.id] });
  await sql(`UPDATE employees SET team_id = :south WHERE id = :id`, { south, id: cat.id });
  await sql(
    `INSERT INTO team_approvers (company_id, team_id, employee_id, position) VALUES (:company, :north, :ann, 0)`,
    { company: companyA.company.id, north, ann: ann.employee.id },
  );

  // Ann: Mon 7 – Fri 11 December, and the morning of Mon 14 (4 of 8 hours): 5.5 days.
  await approved(ann.employee.id, { request_type: 'vacation', start_date: '2026-12-07', end_date: '2026-12-11' });
  await approved(ann.employee.id, {
    request_type: 'vacation',
    leave_type: 'partial_day',
    start_date: '2026-12-14',
    end_date: '2026-12-14',
    start_time: '09:00',
    end_time: '13:00',
  });
  withdrawnId = await approved(ann.employee.id, {
    request_type: 'vacation',
    start_date: '2026-12-16',
    end_date: '2026-12-16',
  });
  await t.request().post(`/api/leaves/${withdrawnId}/cancel`).set('Authorization', adminA).expect(200);
  // Ben: sick Thu 3, Fri 4 – Mon 7 (one spell across the weekend), Thu 10 (a second): 4 days, 2 spells.
  await approved(ben.id, { request_type: 'sick_day', start_date: '2026-12-03', end_date: '2026-12-03' });
  await approved(ben.id, { request_type: 'sick_day', start_date: '2026-12-04', end_date: '2026-12-07' });
  await approved(ben.id, { request_type: 'sick_day', start_date: '2026-12-10', end_date: '2026-12-10' });
  await t
    .request()
    .post('/api/leaves')
    .set('Authorization', adminA)
    .send({
      request_type: 'vacation',
      leave_type: 'full_day',
      start_date: '2026-12-21',
      end_date: '2026-12-21',
      employee_id: ben.id,
    })
    .expect(201);
  // Cat: sick Thu 24 and Tue 29 December, one spell across Christmas, the weekend and the substitute
  // Boxing Day; other leave Mon 21 – Tue 22.
  await approved(cat.id, { request_type: 'sick_day', start_date: '2026-12-24', end_date: '2026-12-24' });
  await approved(cat.id, { request_type: 'sick_day', start_date: '2026-12-29', end_date: '2026-12-29' });
  await approved(cat.id, { request_type: 'other', start_date: '2026-12-21', end_date: '2026-12-22' });
  // Dan: Wed 30 December – Tue 5 January, New Year's Day off: 2 days in each year.
  await approved(dan.id, { request_type: 'vacation', start_date: '2026-12-30', end_date: '2027-01-05' });
}, SETUP_MS);
afterAll(async () => {
  await t.close();
});

const absenceOf = (rows: AbsenceReportRow[], key: AbsenceReportRow['key']) => rows.find((row) => row.key === key);

describe('leave days', () => {
  it('are written when a request is approved and removed when it is withdrawn', async () => {
    const days = await t.db.sequelize.query<{ leave_request_id: number; date: string; days: string }>(
      `SELECT leave_request_id, date::text AS date, days FROM leave_days WHERE employee_id = :dan ORDER BY date`,
      { replacements: { dan: dan.id }, type: QueryTypes.SELECT },
    );
    expect(days.map((day) => [day.date, Number(day.days)])).toEqual([
      ['2026-12-30', 1],
      ['2026-12-31', 1],
      ['2027-01-04', 1],
      ['2027-01-05', 1],
    ]);
    const withdrawn = await t.db.sequelize.query(`SELECT 1 FROM leave_days WHERE leave_request_id = :id`, {
      replacements: { id: withdrawnId },
      type: QueryTypes.SELECT,
    });
    expect(withdrawn).toEqual([]);
  });
});

describe('GET /api/reports/absence', () => {
  it('sums approved days per person, counting partial days, holidays and the range’s edges', async () => {
    const rows = await rowsOf<AbsenceReportRow>('absence', adminA, december);
    expect(absenceOf(rows, ann.employee.id)).toEqual({
      key: ann.employee.id,
      label: 'Ann North',
      vacation_days: 5.5,
      sick_days: 0,
      hours_bank_hours: 0,
      other_days: 0,
    });
    expect(absenceOf(rows, ben.id)).toMatchObject({ vacation_days: 0, sick_days: 4 });
    expect(absenceOf(rows, cat.id)).toMatchObject({ sick_days: 2, other_days: 2 });
    expect(absenceOf(rows, dan.id)).toMatchObject({ vacation_days: 2 });
    expect(absenceOf(rows, erin.employee.id)).toMatchObject({ vacation_days: 0, sick_days: 0 });
    const january = await rowsOf<AbsenceReportRow>('absence', adminA, { from: '2027-01-01', to: '2027-01-31' });
    expect(absenceOf(january, dan.id)).toMatchObject({ vacation_days: 2 });
  });

  it('sums per team, people in no team last, and per month', async () => {
    const teams = await rowsOf<AbsenceReportRow>('absence', adminA, { ...december, group_by: 'team' });
    expect(teams.map((row) => row.label)).toEqual(['North', 'South', 'No team']);
    expect(teams[0]).toMatchObject({ key: north, vacation_days: 5.5, sick_days: 4 });
    expect(teams[1]).toMatchObject({ key: south, sick_days: 2, other_days: 2 });
    expect(teams[2]).toMatchObject({ key: null, vacation_days: 2 });
    const months = await rowsOf<AbsenceReportRow>('absence', adminA, {
      from: '2026-11-01',
      to: '2027-01-31',
      group_by: 'month',
      request_type: 'vacation',
    });
    expect(months.map((row) => [row.key, row.label, row.vacation_days, row.sick_days])).toEqual([
      ['2026-11', 'November 2026', 0, 0],
      ['2026-12', 'December 2026', 7.5, 0],
      ['2027-01', 'January 2027', 2, 0],
    ]);
  });

  it('shows an approver their teams only, and refuses other teams, employees and bad ranges', async () => {
    const rows = await rowsOf<AbsenceReportRow>('absence', ann.auth, december);
    expect(rows.map((row) => row.key).sort()).toEqual([ann.employee.id, ben.id].sort());
    await report('absence', ann.auth, { team_id: south }).expect(404);
    await report('absence', erin.auth, december).expect(403);
    const backwards = await report('absence', adminA, { from: '2026-12-31', to: '2026-12-01' }).expect(400);
    expect(backwards.body.message).toBe('to must not be before from');
  });

  it('keeps companies apart', async () => {
    const rows = await rowsOf<AbsenceReportRow>('absence', adminB, december);
    expect(rows.map((row) => row.key)).not.toContain(ann.employee.id);
    expect(rows.map((row) => row.key)).toContain(guarded.id);
    await report('absence', adminB, { team_id: north }).expect(404);
  });

  it('exports CSV and XLSX that read back to the same numbers, formulas kept as text', async () => {
    const rows = await rowsOf<AbsenceReportRow>('absence', adminA, december);
    const csv = await report('absence', adminA, { ...december, format: 'csv' }).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="absence-by-person-2026-12-01-2026-12-31.csv"',
    );
    const table = parseCsv(csv.text);
    expect(table[0]).toEqual([
      'Key',
      'Name',
      'Vacation (days)',
      'Sick (days)',
      'Hours bank (hours)',
      'Other leave (days)',
    ]);
    expect(table.slice(1).map((cells) => [Number(cells[0]), cells[1], ...cells.slice(2).map(Number)])).toEqual(
      rows.map((row) => [row.key, row.label, row.vacation_days, row.sick_days, row.hours_bank_hours, row.other_days]),
    );

    const xlsx = await report('absence', adminA, { ...december, format: 'xlsx' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = await workbookOf(xlsx);
    const sheet = workbook.worksheets[0]!;
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values.slice(1)).toEqual(
      rows.map((row) => [row.key, row.label, row.vacation_days, row.sick_days, row.hours_bank_hours, row.other_days]),
    );

    const guardedCsv = await report('absence', adminB, { ...december, format: 'csv' }).expect(200);
    expect(parseCsv(guardedCsv.text).find((cells) => Number(cells[0]) === guarded.id)?.[1]).toBe(
      `'=HYPERLINK("http://evil.test")`,
    );
  });
});

describe('GET /api/reports/absence-rate', () => {
  it('divides absent days by the working days of each team and month', async () => {
    const rows = await rowsOf<AbsenceRateRow>('absence-rate', adminA, december);
    expect(rows.find((row) => row.team_id === north)).toEqual({
      team_id: north,
      label: 'North',
      month: '2026-12',
      scheduled_days: 42,
      absent_days: 9.5,
      sick_days: 4,
      rate: 0.2262,
    });
    expect(rows.find((row) => row.team_id === south)).toMatchObject({
      scheduled_days: 21,
      absent_days: 4,
      sick_days: 2,
      rate: 0.1905,
    });
  });

  it('shows an approver their teams, refuses employees, and exports', async () => {
    const rows = await rowsOf<AbsenceRateRow>('absence-rate', ann.auth, december);
    expect(rows.map((row) => row.team_id)).toEqual([north]);
    await report('absence-rate', erin.auth).expect(403);
    expect((await rowsOf<AbsenceRateRow>('absence-rate', adminB, december)).map((row) => row.team_id)).toEqual([null]);
    const csv = await report('absence-rate', adminA, { ...december, team_id: south, format: 'csv' }).expect(200);
    expect(parseCsv(csv.text).slice(1)).toEqual([[String(south), 'South', '2026-12', '21', '4', '2', '0.1905']]);
  });

  it('ends at the last month of the calendar when the range does', async () => {
    const rows = await rowsOf<AbsenceRateRow>('absence-rate', adminA, { from: '9999-11-15', to: '9999-12-31' });
    expect([...new Set(rows.map((row) => row.month))]).toEqual(['9999-11', '9999-12']);
  });
});

describe('GET /api/reports/bradford', () => {
  it('counts spells across weekends and holidays: S² × D', async () => {
    const rows = await rowsOf<BradfordRow>('bradford', adminA, { on: '2026-12-31' });
    expect(rows[0]).toEqual({ employee_id: ben.id, label: 'Ben North', spells: 2, days: 4, score: 16, band: 'low' });
    expect(rows[1]).toMatchObject({ employee_id: cat.id, spells: 1, days: 2, score: 2 });
    expect(rows.find((row) => row.employee_id === ann.employee.id)).toMatchObject({ spells: 0, score: 0 });
  });

  it('shows an approver their teams, refuses employees, and exports XLSX', async () => {
    const rows = await rowsOf<BradfordRow>('bradford', ann.auth, { on: '2026-12-31' });
    expect(rows.map((row) => row.employee_id)).toEqual([ben.id, ann.employee.id]);
    await report('bradford', erin.auth).expect(403);
    const xlsx = await report('bradford', adminA, { on: '2026-12-31', team_id: north, format: 'xlsx' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    const workbook = await workbookOf(xlsx);
    expect((workbook.worksheets[0]!.getRow(2).values as unknown[]).slice(1)).toEqual([
      ben.id,
      'Ben North',
      2,
      4,
      16,
      'Below 50',
    ]);
  });
});

describe('GET /api/reports/balances and low-uptake', () => {
  it('splits taken and booked at the date, with pending beside', async () => {
    const early = await rowsOf<BalancesReportRow>('balances', adminA, { on: '2026-12-05' });
    const benEarly = early.find((row) => row.employee_id === ben.id)!;
    expect(benEarly.sick).toMatchObject({ taken: 2, booked: 2 });
    expect(benEarly.vacation).toMatchObject({ taken: 0, booked: 0, pending: 1 });
    const late = await rowsOf<BalancesReportRow>('balances', adminA, { on: '2026-12-31' });
    expect(late.find((row) => row.employee_id === ben.id)!.sick).toMatchObject({ taken: 4, booked: 0 });
    expect(late.find((row) => row.employee_id === dan.id)!.vacation).toMatchObject({ taken: 2 });
  });

  it('lists people under the threshold only', async () => {
    const rows = await rowsOf<LowUptakeRow>('low-uptake', adminA, { on: '2026-12-31', threshold: 0.05 });
    expect(rows.find((row) => row.employee_id === ben.id)).toMatchObject({ taken: 0, share: 0 });
    expect(rows.map((row) => row.employee_id)).not.toContain(dan.id);
    const dansShare = (await rowsOf<LowUptakeRow>('low-uptake', adminA, { on: '2026-12-31', threshold: 1 })).find(
      (row) => row.employee_id === dan.id,
    )!;
    expect(dansShare.share).toBe(Math.round((2 / dansShare.allowance) * 10_000) / 10_000);
  });

  it('shows an approver their teams, refuses employees and other companies’ teams', async () => {
    const rows = await rowsOf<BalancesReportRow>('balances', ann.auth, { on: '2026-12-31' });
    expect(rows.map((row) => row.employee_id).sort()).toEqual([ann.employee.id, ben.id].sort());
    await report('balances', erin.auth).expect(403);
    await report('low-uptake', erin.auth).expect(403);
    await report('low-uptake', adminB, { team_id: north }).expect(404);
    const threshold = await report('low-uptake', adminA, { threshold: 2 }).expect(400);
    expect(threshold.body.message).toMatch(/threshold must be a share/);
  });

  it('refuses a date past next leave year, which no ledger reaches, with a 400 naming it', async () => {
    for (const name of ['balances', 'low-uptake'] as const) {
      const refused = await report(name, adminA, { on: '9999-12-31' }).expect(400);
      expect(refused.body.message).toBe(reportTexts.onTooFarAhead);
    }
  });

  it('refuses a team id past the ids Postgres keeps with a 400 naming it', async () => {
    for (const name of ['absence', 'absence-rate', 'bradford', 'balances', 'low-uptake'] as const) {
      const refused = await report(name, adminA, { team_id: 2_147_483_648 }).expect(400);
      expect(refused.body.message).toMatch(/team_id must be an id/);
    }
  });
});

describe('balances from kept derived entries', () => {
  it('sum in SQL to what each person’s ledger works out, carry-over, accrual and expiries included', async () => {
    const company = await signedInAdmin(t, { subscribed: true });
    const sql = (query: string, replacements: Record<string, unknown>) =>
      t.db.sequelize.query(query, { replacements, type: QueryTypes.SELECT });
    const year = Number(new Date().toISOString().slice(0, 4));
    const carrier = await hire(company.auth, 'Carrier Person');
    const banker = await hire(company.auth, 'Banker Person');
    await hire(company.auth, 'Quiet Person');
    // The carrier closed last year with 4 days left, of which 5 may carry, expiring after March.
    await sql(`UPDATE employees SET ledger_from_year = :last WHERE id = :id`, { last: year - 1, id: carrier.id });
    await sql(
      `INSERT INTO balance_year_closings (company_id, employee_id, year, closing)
       VALUES (:company, :id, :last, :closing::jsonb)`,
      {
        company: company.company.id,
        id: carrier.id,
        last: year - 1,
        closing: JSON.stringify({
          year: year - 1,
          balances: {
            vacation: { total: 25, used: 21, remaining: 4 },
            sick: { total: 10, used: 0, remaining: 10 },
            bank: { total: 0, used: 0, remaining: 0 },
          },
          bankLots: [],
        }),
      },
    );
    await t
      .request()
      .put('/api/leave-policy')
      .set('Authorization', company.auth)
      .send({
        vacation: { accrual: 'monthly', carry_over_max_days: 5, carry_over_expiry_months: 3 },
        hours_bank: { credit_expiry_months: 2 },
      })
      .expect(200);
    const decide = async (employeeId: number, request: Record<string, unknown>, approve = true) => {
      const submitted = await t
        .request()
        .post('/api/leaves')
        .set('Authorization', company.auth)
        .send({ leave_type: 'full_day', ...request, employee_id: employeeId })
        .expect(201);
      if (approve)
        await t
          .request()
          .put(`/api/leaves/${submitted.body.id}/approve`)
          .set('Authorization', company.auth)
          .send({ approved: true })
          .expect(200);
    };
    await decide(carrier.id, { request_type: 'vacation', start_date: `${year}-02-02`, end_date: `${year}-02-03` });
    await decide(carrier.id, { request_type: 'vacation', start_date: `${year}-10-05`, end_date: `${year}-10-06` });
    await decide(
      carrier.id,
      { request_type: 'vacation', start_date: `${year}-11-02`, end_date: `${year}-11-02` },
      false,
    );
    const credit = await t
      .request()
      .post('/api/time-credits')
      .set('Authorization', company.auth)
      .send({ employee_id: banker.id, date: `${year}-01-12`, hours: 6, reason: 'Stocktake' })
      .expect(201);
    await t
      .request()
      .put(`/api/time-credits/${credit.body.id}/approve`)
      .set('Authorization', company.auth)
      .send({ approved: true })
      .expect(200);
    await decide(banker.id, { request_type: 'sick_day', start_date: `${year}-06-01`, end_date: `${year}-06-02` });

    const days = [`${year}-01-15`, `${year}-02-28`, `${year}-03-31`, `${year}-04-01`, `${year}-10-05`, `${year}-12-31`];
    const answers = async () => {
      const replies = [];
      for (const on of days) {
        replies.push(await rowsOf<BalancesReportRow>('balances', company.auth, { on }));
        replies.push(await rowsOf<LowUptakeRow>('low-uptake', company.auth, { on, threshold: 1 }));
      }
      return replies;
    };
    const kept = await sql(
      `SELECT count(*)::int AS n FROM employees WHERE company_id = :company AND derived_entries_year = :year`,
      { company: company.company.id, year },
    );
    expect(kept).toEqual([{ n: 3 }]);
    const summed = await answers();
    const endOfMarch = summed[4] as BalancesReportRow[];
    expect(endOfMarch.find((row) => row.employee_id === carrier.id)!.vacation).toMatchObject({
      carried: 4,
      expiring: 2,
      expiring_on: `${year}-03-31`,
      pending: 1,
    });
    const february = summed[2] as BalancesReportRow[];
    expect(february.find((row) => row.employee_id === banker.id)!.bank).toMatchObject({
      entitlement: 6,
      taken: 0,
      expiring: 6,
      expiring_on: `${year}-03-11`,
    });
    // Without kept entries the same reports work out every ledger by the rules.
    await sql(`UPDATE employees SET derived_entries_year = NULL WHERE company_id = :company`, {
      company: company.company.id,
    });
    expect(await answers()).toEqual(summed);
  });
});

describe('GET /api/activity', () => {
  const activity = (auth: string, query: Record<string, string>) =>
    t.request().get('/api/activity').set('Authorization', auth).query(query);

  it('pages the audit log with the total, newest first, filtered by kind', async () => {
    const reply = await activity(adminA, { range: '[0,4]', filter: '{"kind":"leave.approved"}' }).expect(200);
    // Ann 3, Ben 3, Cat 3, Dan 1 approvals.
    expect(reply.headers['content-range']).toBe('activity 0-4/10');
    const rows = reply.body as ActivityRow[];
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.kind === 'leave.approved')).toBe(true);
    expect(rows[0]).toMatchObject({ subject: 'Dan Teamless', actor: companyA.admin.name });
    expect(rows.map((row) => row.at)).toEqual([...rows.map((row) => row.at)].sort().reverse());
  });

  it('shows one person’s entries, sign-ins beside the audit log, and exports CSV', async () => {
    const bens = (await activity(adminA, { employee_id: String(ben.id) }).expect(200)).body as ActivityRow[];
    expect(bens.length).toBeGreaterThan(0);
    expect(bens.every((row) => row.subject === 'Ben North')).toBe(true);
    const signIns = (await activity(adminA, { kind: 'sign-in.succeeded' }).expect(200)).body as ActivityRow[];
    expect(signIns.map((row) => row.actor)).toEqual(expect.arrayContaining(['Ann North', 'Erin Nobody']));
    const csv = await activity(adminA, { kind: 'leave.cancelled', format: 'csv' }).expect(200);
    expect(parseCsv(csv.text)[0]).toEqual(['Id', 'At', 'By', 'Kind', 'Subject', 'Before', 'After']);
  });

  it('refuses an employee id past the ids Postgres keeps with a 400 naming it', async () => {
    const refused = await activity(adminA, { employee_id: '2147483648' }).expect(400);
    expect(refused.body.message).toMatch(/employee_id must be an id/);
  });

  it('is for admins of the company only', async () => {
    await activity(ann.auth, {}).expect(403);
    await activity(erin.auth, {}).expect(403);
    const other = await activity(adminB, { filter: '{"kind":"leave.approved"}' }).expect(200);
    expect(other.body).toEqual([]);
    expect(other.headers['content-range']).toBe('activity */0');
  });
});
