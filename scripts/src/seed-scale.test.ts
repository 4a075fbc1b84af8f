import { randomBytes } from 'node:crypto';
import { addDays, format, nextMonday } from 'date-fns';
import { Client } from 'pg';
import { leaveDuration, REQUEST_TYPES, type BalanceLedgerReply } from '@teamfolk/shared';
import { createTestDatabase } from '@teamfolk/shared/testing';
import { ledgerSubjectsSql, publicHolidays } from '@teamfolk/services';
import { bearerFor, startTestApp, type TestApp } from '@teamfolk/services/testing';
import { seedScale, type ScaleSeedSummary } from './seed-scale';

const COMPANIES = 20;
const EMPLOYEES = 2_600;
const YEARS = 3;
const SEEDING_MS = 240_000;

let t: TestApp;
let summary: ScaleSeedSummary;
let owner: Client;

async function rows<Row extends object>(sql: string, values: unknown[] = []): Promise<Row[]> {
  return (await owner.query<Row>(sql, values)).rows;
}

beforeAll(async () => {
  t = await startTestApp();
  summary = await seedScale({
    databaseUrl: t.db.url,
    companies: COMPANIES,
    employees: EMPLOYEES,
    years: YEARS,
    seed: 7,
  });
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
    // About 15 requests a year for each employee who was there all along, and some ahead.
    const [{ per_employee: perEmployee, ahead }] = (await rows<{ per_employee: number; ahead: number }>(
      `SELECT (SELECT count(*) FROM leave_requests l JOIN users u ON u.id = l.user_id
                WHERE u.created_at < $1::date AND l.start_date BETWEEN $1::date AND current_date)::float
              / (SELECT count(*) FROM users WHERE role = 'employee' AND created_at < $1::date) AS per_employee,
              (SELECT count(*) FROM leave_requests WHERE start_date > current_date)::int AS ahead`,
      [summary.leaveHistory.from],
    )) as [{ per_employee: number; ahead: number }];
    expect(perEmployee / YEARS).toBeGreaterThan(13);
    expect(perEmployee / YEARS).toBeLessThan(17);
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

  it("records each approved request's days in the ledger, one entry per working day, in its leave year", async () => {
    const mismatched = await rows(`
      SELECT l.id FROM leave_requests l
        LEFT JOIN (SELECT leave_request_id, -sum(amount) AS taken, count(*) AS days,
                          bool_and(leave_year = extract(year FROM entry_date)::int
                                   - CASE WHEN extract(month FROM entry_date) < coalesce(
                                       (SELECT (p.policy->>'leave_year_start_month')::int FROM leave_policies p
                                         WHERE p.company_id = b.company_id), 1) THEN 1 ELSE 0 END) AS in_its_year
                     FROM balance_entries b WHERE kind = 'leave' GROUP BY leave_request_id) b ON b.leave_request_id = l.id
       WHERE l.status = 'approved' AND l.request_type <> 'other'
         AND (b.taken IS DISTINCT FROM CASE l.request_type WHEN 'hours_bank' THEN l.hours_count ELSE l.days_count END
              OR NOT b.in_its_year)`);
    expect(mismatched).toEqual([]);
    const [{ others }] = (await rows<{ others: number }>(
      `SELECT count(*)::int AS others FROM balance_entries b JOIN leave_requests l ON l.id = b.leave_request_id
        WHERE l.status <> 'approved' OR l.request_type = 'other'`,
    )) as [{ others: number }];
    expect(others).toBe(0);
  });

  it("writes each approved request's leave days, the reports' rows, as approval writes them", async () => {
    const mismatched = await rows(`
      SELECT l.id FROM leave_requests l
        LEFT JOIN (SELECT d.leave_request_id, sum(d.days) AS days, sum(d.hours) AS hours,
                          bool_and(d.employee_id = r.employee_id AND d.request_type = r.request_type) AS same_request
                     FROM leave_days d JOIN leave_requests r ON r.id = d.leave_request_id
                    GROUP BY d.leave_request_id) d ON d.leave_request_id = l.id
       WHERE l.status = 'approved'
         AND (d.days IS DISTINCT FROM l.days_count OR d.hours IS DISTINCT FROM l.hours_count OR NOT d.same_request)`);
    expect(mismatched).toEqual([]);
    const [{ others }] = (await rows<{ others: number }>(
      `SELECT count(*)::int AS others FROM leave_days d JOIN leave_requests l ON l.id = d.leave_request_id
        WHERE l.status <> 'approved'`,
    )) as [{ others: number }];
    expect(others).toBe(0);
  });

  it("keeps every person's figures the current leave year's, fresh, and never overdrawn in any year", async () => {
    // The current year's used figures are its approved leave; nothing is stale, so a read rewrites nothing.
    const wrong = await rows(`
      WITH years AS (
        SELECT c.id AS company_id, extract(year FROM current_date)::int
               - CASE WHEN extract(month FROM current_date) < coalesce((p.policy->>'leave_year_start_month')::int, 1)
                      THEN 1 ELSE 0 END AS current_year
          FROM companies c LEFT JOIN leave_policies p ON p.company_id = c.id)
      SELECT e.id FROM employees e JOIN years y USING (company_id)
        LEFT JOIN (SELECT employee_id, leave_year,
                          -sum(amount) FILTER (WHERE balance = 'vacation' AND figure = 'used') AS vacation,
                          -sum(amount) FILTER (WHERE balance = 'sick' AND figure = 'used') AS sick,
                          -sum(amount) FILTER (WHERE balance = 'bank' AND figure = 'used') AS bank
                     FROM balance_entries GROUP BY employee_id, leave_year) u
          ON u.employee_id = e.id AND u.leave_year = y.current_year
       WHERE e.vacation_days_used <> coalesce(u.vacation, 0) OR e.sick_days_used <> coalesce(u.sick, 0)
          OR e.bank_hours_used <> coalesce(u.bank, 0)
          OR e.vacation_days_used > e.vacation_days_total OR e.bank_hours_used > e.bank_hours_total
          OR e.balance_figures_valid_until < current_date OR e.ledger_from_year > y.current_year`);
    expect(wrong).toEqual([]);
    const overdrawnYears = await rows(`
      SELECT employee_id, year FROM balance_year_closings
       WHERE (closing->'balances'->'vacation'->>'remaining')::numeric < 0
          OR (closing->'balances'->'bank'->>'remaining')::numeric < 0`);
    expect(overdrawnYears).toEqual([]);
  });

  it('gives the largest company three years of history: leave, credits, adjustments, carry-over and closings', async () => {
    const companyId = summary.largestCompany.id;
    const [policy] = await rows<{ policy: { vacation: { carry_over_max_days: number } } }>(
      'SELECT policy FROM leave_policies WHERE company_id = $1',
      [companyId],
    );
    expect(policy!.policy.vacation.carry_over_max_days).toBeGreaterThan(0);
    const years = await rows<{ leave_year: number; kinds: string[]; people: number }>(
      `SELECT leave_year, array_agg(DISTINCT kind ORDER BY kind) AS kinds, count(DISTINCT employee_id)::int AS people
         FROM balance_entries WHERE company_id = $1 GROUP BY leave_year ORDER BY leave_year`,
      [companyId],
    );
    const currentYear = new Date().getUTCFullYear();
    const lastThree = years.filter((year) => year.leave_year > currentYear - YEARS && year.leave_year <= currentYear);
    expect(lastThree.map((year) => year.leave_year)).toEqual([currentYear - 2, currentYear - 1, currentYear]);
    for (const year of lastThree) {
      expect(year.kinds).toEqual(['adjustment', 'leave', 'time_credit']);
      expect(year.people).toBeGreaterThan(1_500);
    }
    const closings = await rows<{ year: number; people: number }>(
      `SELECT year, count(*)::int AS people FROM balance_year_closings WHERE company_id = $1 GROUP BY year ORDER BY year`,
      [companyId],
    );
    expect(closings.slice(-2)).toEqual([
      { year: currentYear - 2, people: expect.any(Number) },
      { year: currentYear - 1, people: expect.any(Number) },
    ]);
    expect(closings.at(-1)!.people).toBeGreaterThan(1_500);
    const [{ carried, credits }] = (await rows<{ carried: number; credits: number }>(
      `SELECT (SELECT count(*) FROM employees WHERE company_id = $1 AND vacation_days_carried > 0)::int AS carried,
              (SELECT count(*) FROM time_credits WHERE company_id = $1 AND status = 'approved')::int AS credits`,
      [companyId],
    )) as [{ carried: number; credits: number }];
    expect(carried).toBeGreaterThan(100);
    expect(credits).toBe(
      Number(
        (
          await rows<{ entries: string }>(
            `SELECT count(*) AS entries FROM balance_entries WHERE company_id = $1 AND kind = 'time_credit'`,
            [companyId],
          )
        )[0]!.entries,
      ),
    );
  });

  it("answers a person's ledger through the API with the stored figures, carried days included", async () => {
    const admin = await bearerFor(t, summary.largestCompany.adminEmail, summary.password);
    const people = await rows<{
      id: number;
      vacation_days_total: string;
      vacation_days_used: string;
      bank_hours_total: string;
      vacation_days_carried: string;
    }>(
      `SELECT id, vacation_days_total, vacation_days_used, bank_hours_total, vacation_days_carried FROM employees
        WHERE company_id = $1 AND vacation_days_carried > 0 ORDER BY id LIMIT 5`,
      [summary.largestCompany.id],
    );
    expect(people).toHaveLength(5);
    for (const person of people) {
      const reply = await t
        .request()
        .get(`/api/employees/${person.id}/balance-ledger`)
        .set('Authorization', admin)
        .expect(200);
      expect(reply.body.balances.vacation).toMatchObject({
        total: Number(person.vacation_days_total),
        used: Number(person.vacation_days_used),
      });
      expect(reply.body.balances.bank.total).toBe(Number(person.bank_hours_total));
      expect(reply.body.entries).toContainEqual(
        expect.objectContaining({
          kind: 'carry_over',
          balance: 'vacation',
          amount: Number(person.vacation_days_carried),
        }),
      );
      // Next year opens from the closing the seed kept with the figures, as from this year's entries.
      const nextYear = async () =>
        (
          await t
            .request()
            .get(`/api/employees/${person.id}/balance-ledger`)
            .query({ year: (reply.body as BalanceLedgerReply).year.year + 1 })
            .set('Authorization', admin)
            .expect(200)
        ).body as unknown;
      const fromKeptClosing = await nextYear();
      await rows('UPDATE employees SET derived_closing = NULL WHERE id = $1 RETURNING id', [person.id]);
      expect(await nextYear()).toEqual(fromKeptClosing);
    }
  });

  it("reads a person's ledger inputs through the function as through the statement, in any year", async () => {
    const people = await rows<{ id: number; year: number }>(
      `SELECT employee_id AS id, max(leave_year) AS year FROM balance_entries WHERE company_id = $1
        GROUP BY employee_id ORDER BY count(DISTINCT leave_year) DESC, employee_id LIMIT 5`,
      [summary.largestCompany.id],
    );
    const statement = ledgerSubjectsSql({ employeeId: 0 }, { lock: false })
      .replaceAll(':companyId', '$1')
      .replaceAll(':employeeId', '$2')
      .replaceAll(':fromYear', '$3')
      .replaceAll(':toYear', '$4');
    for (const person of people)
      for (const year of [person.year - 2, person.year - 1, person.year, person.year + 1]) {
        const values = [summary.largestCompany.id, person.id, year, year];
        const asFunction = await rows('SELECT * FROM teamfolk_ledger_subject($1, $2, $3, $4)', values);
        expect(asFunction).toHaveLength(1);
        expect(asFunction).toEqual(await rows(statement, values));
      }
  });

  it('puts the largest company into teams of about 50, each with one or two approvers from its members', async () => {
    const teams = await rows<{ members: number; approvers: number; approvers_in_team: number; capped: boolean }>(
      `SELECT (SELECT count(*) FROM employees e WHERE e.team_id = t.id)::int AS members,
              (SELECT count(*) FROM team_approvers a WHERE a.team_id = t.id)::int AS approvers,
              (SELECT count(*) FROM team_approvers a JOIN employees e ON e.id = a.employee_id
                WHERE a.team_id = t.id AND e.team_id = t.id AND e.user_id IS NOT NULL)::int AS approvers_in_team,
              t.max_absent IS NOT NULL AS capped
         FROM teams t WHERE t.company_id = $1`,
      [summary.largestCompany.id],
    );
    expect(teams).toHaveLength(40);
    for (const team of teams) {
      expect(team.members).toBe(50);
      expect([1, 2]).toContain(team.approvers);
      expect(team.approvers_in_team).toBe(team.approvers);
    }
    expect(teams.some((team) => team.capped)).toBe(true);
    expect(teams.some((team) => !team.capped)).toBe(true);
    expect(teams.some((team) => team.approvers === 2)).toBe(true);
    expect(summary.largestCompany.approverTeamSize).toBe(50);
    const [{ teams: mediumTeams }] = (await rows<{ teams: number }>(
      'SELECT count(*)::int AS teams FROM teams WHERE company_id = $1',
      [summary.mediumCompany.id],
    )) as [{ teams: number }];
    expect(mediumTeams).toBe(4);
    await bearerFor(t, summary.largestCompany.approverEmail!, summary.password);
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
