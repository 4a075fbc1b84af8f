import { randomBytes } from 'node:crypto';
import { addDays, format, nextMonday } from 'date-fns';
import { Client } from 'pg';
import { leaveDuration, REQUEST_TYPES } from '@teamfolk/shared';
import { createTestDatabase } from '@teamfolk/shared/testing';
import { publicHolidays } from '@teamfolk/services';
import { bearerFor, startTestApp, type TestApp } from '@teamfolk/services/testing';
import { seedScale, type ScaleSeedSummary } from './seed-scale';

const COMPANIES = 20;
const EMPLOYEES = 2_600;
const SEEDING_MS = 180_000;

let t: TestApp;
let summary: ScaleSeedSummary;
let owner: Client;

async function rows<Row extends object>(sql: string, values: unknown[] = []): Promise<Row[]> {
  return (await owner.query<Row>(sql, values)).rows;
}

beforeAll(async () => {
  t = await startTestApp();
  summary = await seedScale({ databaseUrl: t.db.url, companies: COMPANIES, employees: EMPLOYEES, years: 1, seed: 7 });
  owner = new Client({ connectionString: t.db.url });
  await owner.connect();
}, SEEDING_MS);
afterAll(async () => {
  await owner?.end();
  await t?.close();
});

describe('seedScale', () => {
  it('writes exactly the companies and employees asked for, 2 to 2,000 each, one of 2,000 and one of 200', async () => {
    const sizes = await rows<{ id: number; employees: number }>(
      `SELECT c.id, count(e.id)::int AS employees FROM companies c LEFT JOIN employees e ON e.company_id = c.id
        GROUP BY c.id ORDER BY employees`,
    );
    expect(sizes).toHaveLength(COMPANIES);
    expect(sizes.reduce((sum, company) => sum + company.employees, 0)).toBe(EMPLOYEES);
    expect(sizes[0]!.employees).toBeGreaterThanOrEqual(2);
    expect(sizes.filter((company) => company.employees === 2_000)).toEqual([
      { id: summary.largestCompany.id, employees: 2_000 },
    ]);
    expect(sizes.filter((company) => company.employees === 200)).toEqual([
      { id: summary.mediumCompany.id, employees: 200 },
    ]);
    expect(summary).toMatchObject({ companies: COMPANIES, employees: EMPLOYEES, password: 'Scale-bench-2026!' });
  });

  it('prints counts that match the database, with every status and type of leave', async () => {
    const byStatus = await rows<{ status: string; requests: number }>(
      'SELECT status, count(*)::int AS requests FROM leave_requests GROUP BY status',
    );
    const byType = await rows<{ request_type: string; requests: number }>(
      'SELECT request_type, count(*)::int AS requests FROM leave_requests GROUP BY request_type',
    );
    expect(Object.fromEntries(byStatus.map((row) => [row.status, row.requests]))).toEqual(
      summary.leaveRequestsByStatus,
    );
    expect(Object.fromEntries(byType.map((row) => [row.request_type, row.requests]))).toEqual(
      summary.leaveRequestsByType,
    );
    for (const count of [
      ...Object.values(summary.leaveRequestsByStatus),
      ...Object.values(summary.leaveRequestsByType),
    ]) {
      expect(count).toBeGreaterThan(0);
    }
    // About 15 requests in the past year for each employee who was there all year, and some ahead.
    const [{ per_employee: perEmployee, ahead }] = (await rows<{ per_employee: number; ahead: number }>(
      `SELECT (SELECT count(*) FROM leave_requests l JOIN users u ON u.id = l.user_id
                WHERE u.created_at < $1::date AND l.start_date BETWEEN $1::date AND current_date)::float
              / (SELECT count(*) FROM users WHERE role = 'employee' AND created_at < $1::date) AS per_employee,
              (SELECT count(*) FROM leave_requests WHERE start_date > current_date)::int AS ahead`,
      [summary.leaveHistory.from],
    )) as [{ per_employee: number; ahead: number }];
    expect(perEmployee).toBeGreaterThan(13);
    expect(perEmployee).toBeLessThan(17);
    expect(ahead).toBeGreaterThan(0);
    const [counts] = await rows<Record<string, number>>(`
      SELECT (SELECT count(*) FROM users WHERE role = 'admin')::int AS admins,
             (SELECT count(*) FROM users WHERE role = 'employee')::int AS employee_users,
             (SELECT count(*) FROM invitations WHERE accepted_at IS NULL AND expires_at > now())::int AS open_invitations,
             (SELECT count(*) FROM subscriptions WHERE status IN ('active', 'cancel_at_period_end')
                 AND current_period_end > now())::int AS live_subscriptions,
             (SELECT count(*) FROM billing_cycles)::int AS billing_cycles,
             (SELECT count(*) FROM audit_log)::int AS audit_entries`);
    expect(counts).toEqual({
      admins: summary.users.admins,
      employee_users: summary.users.employees,
      open_invitations: summary.invitedEmployees,
      live_subscriptions: COMPANIES,
      billing_cycles: summary.billingCycles,
      audit_entries: summary.auditEntries,
    });
  });

  it('lets the printed admin sign in and list the 200-employee company through the API', async () => {
    const admin = await bearerFor(t, summary.mediumCompany.adminEmail, summary.password);
    const page = await t
      .request()
      .get('/api/employees')
      .query({ range: '[0,24]' })
      .set('Authorization', admin)
      .expect(200);
    expect(page.body).toHaveLength(25);
    expect(page.headers['content-range']).toBe('employees 0-24/200');
    const all = await t.request().get('/api/employees').set('Authorization', admin).expect(200);
    expect(all.body).toHaveLength(200);

    const largest = await bearerFor(t, summary.largestCompany.adminEmail, summary.password);
    const pending = await t
      .request()
      .get('/api/leaves')
      .query({ filter: JSON.stringify({ status: 'pending' }), range: '[0,24]' })
      .set('Authorization', largest)
      .expect(200);
    expect(pending.body).toHaveLength(25);
    expect(pending.body.every((leave: { status: string }) => leave.status === 'pending')).toBe(true);
  });

  it('lets a seeded employee sign in and submit leave, which gets the next id after the seeded ones', async () => {
    const employee = await bearerFor(t, summary.mediumCompany.employeeEmail!, summary.password);
    const [{ max_id: seededMax }] = (await rows<{ max_id: number }>(
      'SELECT max(id) AS max_id FROM leave_requests',
    )) as [{ max_id: number }];
    // Three days well after the seeded history: at least one is a working day wherever the company is.
    const monday = nextMonday(addDays(new Date(), 200));
    const reply = await t
      .request()
      .post('/api/leaves')
      .set('Authorization', employee)
      .send({
        start_date: format(monday, 'yyyy-MM-dd'),
        end_date: format(addDays(monday, 2), 'yyyy-MM-dd'),
        request_type: 'other',
        leave_type: 'full_day',
      })
      .expect(201);
    expect(reply.body.id).toBe(seededMax + 1);
  });

  it('keeps every balance equal to what approved leave used, vacation and hours bank within their totals', async () => {
    const mismatched = await rows(`
      SELECT e.id FROM employees e
        LEFT JOIN (SELECT employee_id,
                          sum(days_count) FILTER (WHERE request_type = 'vacation') AS vacation,
                          sum(days_count) FILTER (WHERE request_type = 'sick_day') AS sick,
                          sum(hours_count) FILTER (WHERE request_type = 'hours_bank') AS bank
                     FROM leave_requests WHERE status = 'approved' GROUP BY employee_id) used ON used.employee_id = e.id
       WHERE e.vacation_days_used <> coalesce(used.vacation, 0) OR e.sick_days_used <> coalesce(used.sick, 0)
          OR e.bank_hours_used <> coalesce(used.bank, 0)
          OR e.vacation_days_used > e.vacation_days_total OR e.bank_hours_used > e.bank_hours_total`);
    expect(mismatched).toEqual([]);
    const [{ drawn }] = (await rows<{ drawn: string }>('SELECT sum(vacation_days_used) AS drawn FROM employees')) as [
      { drawn: string },
    ];
    expect(Number(drawn)).toBeGreaterThan(0);
  });

  it('never lets one person have overlapping pending or approved requests, or requests with no working day', async () => {
    const overlapping = await rows(`
      SELECT a.id FROM leave_requests a JOIN leave_requests b
        ON b.employee_id = a.employee_id AND b.id > a.id
       AND b.start_date <= a.end_date AND a.start_date <= b.end_date
       AND (a.start_time IS NULL OR b.start_time IS NULL OR (a.start_time < b.end_time AND b.start_time < a.end_time))
     WHERE a.status IN ('pending', 'approved') AND b.status IN ('pending', 'approved')`);
    expect(overlapping).toEqual([]);
    const [{ empty }] = (await rows<{ empty: number }>(
      `SELECT count(*)::int AS empty FROM leave_requests WHERE days_count = 0 OR extract(isodow FROM start_date) > 5`,
    )) as [{ empty: number }];
    expect(empty).toBe(0);
  });

  it('counts days and hours as the API does: weekdays less the company’s public holidays, partial days by the hour', async () => {
    const sample = await rows<{
      country: string | null;
      region: string | null;
      leave_type: 'full_day' | 'partial_day';
      start_date: string;
      end_date: string;
      start_time: string | null;
      end_time: string | null;
      days_count: string;
      hours_count: string;
    }>(`
      SELECT c.country, c.region, l.leave_type, to_char(l.start_date, 'YYYY-MM-DD') AS start_date,
             to_char(l.end_date, 'YYYY-MM-DD') AS end_date, to_char(l.start_time, 'HH24:MI') AS start_time,
             to_char(l.end_time, 'HH24:MI') AS end_time, l.days_count, l.hours_count
        FROM leave_requests l JOIN companies c ON c.id = l.company_id
       ORDER BY (c.country IS NULL), (l.end_date - l.start_date) DESC, l.id LIMIT 400`);
    expect(sample.some((leave) => leave.country !== null)).toBe(true);
    for (const leave of sample) {
      const holidays = publicHolidays(leave.country, leave.region, leave.start_date, leave.end_date);
      const duration = leaveDuration(
        {
          leaveType: leave.leave_type,
          startDate: leave.start_date,
          endDate: leave.end_date,
          startTime: leave.start_time,
          endTime: leave.end_time,
        },
        { holidays: new Set(holidays.map((holiday) => holiday.date)) },
      );
      expect({ ...leave, days: Number(leave.days_count), hours: Number(leave.hours_count) }).toMatchObject({
        days: duration.days,
        hours: duration.hours,
      });
    }
  });

  it('breaks no constraint: unique e-mails, every reference pointing at a row, every type known', async () => {
    const [duplicates] = await rows<{ users: number; employees: number; tokens: number }>(`
      SELECT (SELECT count(*) - count(DISTINCT lower(email)) FROM users)::int AS users,
             (SELECT count(*) - count(DISTINCT (company_id, lower(email))) FROM employees)::int AS employees,
             (SELECT count(*) - count(DISTINCT token_hash) FROM invitations)::int AS tokens`);
    expect(duplicates).toEqual({ users: 0, employees: 0, tokens: 0 });
    const [dangling] = await rows<Record<string, number>>(`
      SELECT (SELECT count(*) FROM leave_requests l WHERE NOT EXISTS (
                SELECT 1 FROM employees e WHERE e.id = l.employee_id AND e.company_id = l.company_id))::int AS leave_employee,
             (SELECT count(*) FROM leave_requests l WHERE NOT EXISTS (
                SELECT 1 FROM users u WHERE u.id = l.decided_by AND u.company_id = l.company_id)
                AND l.decided_by IS NOT NULL)::int AS leave_decider,
             (SELECT count(*) FROM employees e WHERE e.user_id IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM users u WHERE u.id = e.user_id AND u.company_id = e.company_id))::int AS employee_user`);
    expect(dangling).toEqual({ leave_employee: 0, leave_decider: 0, employee_user: 0 });
    const types = await rows<{ request_type: string }>('SELECT DISTINCT request_type FROM leave_requests ORDER BY 1');
    expect(types.map((row) => row.request_type)).toEqual([...REQUEST_TYPES].sort());
  });

  it(
    'makes the same data from the same seed and day, and other data from another seed',
    async () => {
      const now = new Date('2026-06-15T12:00:00Z');
      const digestOf = async (seed: number) => {
        const db = await createTestDatabase();
        try {
          await seedScale({ databaseUrl: db.url, companies: 4, employees: 60, years: 1, seed, now });
          const client = new Client({ connectionString: db.url });
          await client.connect();
          // Everything but the password hash, whose salt is random by design.
          const { rows: digests } = await client.query<{ digest: string }>(`
          SELECT md5(string_agg(row, ',' ORDER BY row)) AS digest FROM (
            SELECT t::text AS row FROM companies t UNION ALL SELECT t::text FROM employees t
            UNION ALL SELECT t::text FROM leave_requests t UNION ALL SELECT t::text FROM billing_cycles t
            UNION ALL SELECT t::text FROM audit_log t UNION ALL SELECT (t.id, t.email, t.name)::text FROM users t) rows`);
          await client.end();
          return digests[0]!.digest;
        } finally {
          await db.drop();
        }
      };
      const first = await digestOf(11);
      expect(await digestOf(11)).toBe(first);
      expect(await digestOf(12)).not.toBe(first);
    },
    SEEDING_MS,
  );

  it('refuses sizes it cannot make, with the reason', async () => {
    await expect(seedScale({ databaseUrl: t.db.url, companies: 10, employees: 15 })).rejects.toThrow(
      '--employees must be at least 2 per company',
    );
    await expect(seedScale({ databaseUrl: t.db.url, companies: 2, employees: 5_000 })).rejects.toThrow(
      '--employees is too large',
    );
    await expect(seedScale({ databaseUrl: t.db.url, years: 0 })).rejects.toThrow('--years must be a whole number');
  });

  it(
    'seeds as a schema owner who is no superuser, row-level security notwithstanding',
    async () => {
      const role = `teamfolk_seed_owner_${randomBytes(4).toString('hex')}`;
      const database = `teamfolk_test_seed_${randomBytes(4).toString('hex')}`;
      const urlOf = (pathname: string, login?: { username: string; password: string }) => {
        const url = new URL(t.db.url);
        url.pathname = pathname;
        if (login) Object.assign(url, login);
        return url.toString();
      };
      const admin = new Client({ connectionString: urlOf('/postgres') });
      await admin.connect();
      try {
        await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'seed-owner' NOSUPERUSER NOBYPASSRLS`);
        await admin.query(`CREATE DATABASE ${database} OWNER ${role}`);
        const ownerUrl = urlOf(`/${database}`, { username: role, password: 'seed-owner' });
        const small = await seedScale({ databaseUrl: ownerUrl, companies: 3, employees: 30, years: 1, seed: 3 });
        expect(small).toMatchObject({ companies: 3, employees: 30 });
        const check = new Client({ connectionString: ownerUrl });
        await check.connect();
        const { rows: counted } = await check.query<{ leaves: number }>(
          'SELECT count(*)::int AS leaves FROM leave_requests',
        );
        await check.end();
        expect(counted[0]!.leaves).toBe(small.leaveRequests);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
        await admin.end();
      }
    },
    SEEDING_MS,
  );
});
