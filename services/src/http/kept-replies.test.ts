import { addDays, format, nextWednesday } from 'date-fns';
import { Client } from 'pg';
import type request from 'supertest';
import { QueryTypes } from 'sequelize';
import { runAsCompany, type CalendarEvent, type Employee, type UpcomingEvent } from '@teamfolk/shared';
import {
  activateSubscription,
  createCompanyWithAdmin,
  createEmployees,
  type CompanyWithAdmin,
} from '../testing/factories';
import { bearerFor, startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee } from '../testing/signed-in';
import { KEPT_REPLY_ROUTES } from '../app';

let t: TestApp;
let first: CompanyWithAdmin;
let second: CompanyWithAdmin;
let firstPerson: Employee;
let secondPerson: Employee;
let firstAdmin: string;
let secondAdmin: string;

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
const today = iso(new Date());

beforeAll(async () => {
  t = await startTestApp();
  first = await createCompanyWithAdmin();
  second = await createCompanyWithAdmin();
  await Promise.all([activateSubscription(first.company), activateSubscription(second.company)]);
  firstPerson = (await createEmployees(first.company, 1, () => 'Fiona First'))[0]!;
  secondPerson = (await createEmployees(second.company, 1, () => 'Sam Second'))[0]!;
  firstAdmin = await bearerFor(t, first.admin.email, first.password);
  secondAdmin = await bearerFor(t, second.admin.email, second.password);
});

afterAll(async () => {
  await t.close();
});

/** A day off for `person`, written by hand as the schema owner, with `client` when given (its transaction). */
function addLeave(person: Employee, day: string, client?: Client, status = 'approved') {
  const sql = `INSERT INTO leave_requests (company_id, employee_id, user_id, employee_name, request_type, leave_type,
                                           start_date, end_date, days_count, hours_count, status)
               VALUES ($1, $2, NULL, $3, 'vacation', 'full_day', $4, $4, 1, 8, $5)`;
  const values = [person.companyId, person.id, person.name, day, status];
  return client ? client.query(sql, values) : t.db.sequelize.query(sql, { bind: values });
}

/** By hand, as the schema owner: what no API process hears about. */
const byHand = (sql: string, bind: unknown[] = []) => t.db.sequelize.query(sql, { bind });

/** The company's data version as the application reads it. */
async function versionOf(companyId: number): Promise<string | null> {
  const [row] = await runAsCompany(companyId, () =>
    t.db.sequelize.query<{ version: string | null }>(
      `SELECT string_agg(slot || ':' || version, ' ' ORDER BY slot) AS version
         FROM company_versions WHERE company_id = :companyId`,
      { replacements: { companyId }, type: QueryTypes.SELECT },
    ),
  );
  return row?.version ?? null;
}

const get = async <T>(auth: string, path: string, query: Record<string, string> = {}) =>
  (await t.request().get(path).query(query).set('Authorization', auth).expect(200)).body as T;

describe("a company's data version", () => {
  it("changes with every commit that changes the company's leave or people, however it was made, and only then", async () => {
    const [firstId, secondId] = [first.company.id, second.company.id];
    const seen = new Set<string | null>();
    const changesOnly = async (change: () => Promise<unknown>, of: number, unchanged: number) => {
      const before = [await versionOf(of), await versionOf(unchanged)];
      await change();
      const after = [await versionOf(of), await versionOf(unchanged)];
      expect(after[0]).not.toEqual(before[0]);
      expect(seen.has(after[0]!)).toBe(false);
      seen.add(after[0]!);
      expect(after[1]).toEqual(before[1]);
    };

    await changesOnly(() => addLeave(firstPerson, '2031-03-03'), firstId, secondId);
    await changesOnly(
      () => byHand("UPDATE leave_requests SET reason = 'Moved' WHERE company_id = $1", [firstId]),
      firstId,
      secondId,
    );
    await changesOnly(
      () => byHand("UPDATE employees SET name = 'Fiona F.' WHERE id = $1", [firstPerson.id]),
      firstId,
      secondId,
    );
    await changesOnly(() => createEmployees(second.company, 1), secondId, firstId);
    // What a leave preview reads besides leave and people (migration 0028).
    const forFirst =
      (sql: string, more: unknown[] = []) =>
      () =>
        byHand(sql, [firstId, ...more]);
    for (const change of [
      forFirst("INSERT INTO leave_policies (company_id, applies_from_year, policy) VALUES ($1, 2040, '{}')"),
      forFirst('DELETE FROM leave_policies WHERE company_id = $1 AND applies_from_year = 2040'),
      forFirst(
        "INSERT INTO employee_work_patterns (company_id, employee_id, effective_from) VALUES ($1, $2, '2040-01-01')",
        [firstPerson.id],
      ),
      forFirst(
        `INSERT INTO balance_entries (company_id, employee_id, leave_year, balance, kind, figure, entry_date, amount)
         VALUES ($1, $2, 2040, 'vacation', 'adjustment', 'total', '2040-01-01', 1)`,
        [firstPerson.id],
      ),
      forFirst("INSERT INTO teams (company_id, name, max_absent) VALUES ($1, 'Versioned', 1)"),
      forFirst(
        `INSERT INTO team_approvers (company_id, team_id, employee_id, position)
         SELECT company_id, id, $2, 0 FROM teams WHERE company_id = $1 AND name = 'Versioned'`,
        [firstPerson.id],
      ),
      forFirst("UPDATE companies SET time_zone = 'Europe/Lisbon' WHERE id = $1"),
      forFirst("UPDATE companies SET country = 'PT' WHERE id = $1"),
      forFirst("UPDATE companies SET time_zone = 'UTC', country = NULL WHERE id = $1"),
      forFirst("DELETE FROM teams WHERE company_id = $1 AND name = 'Versioned'"),
    ])
      await changesOnly(change, firstId, secondId);
    const beforeRename = await versionOf(firstId);
    await byHand("UPDATE companies SET name = name || ' Ltd' WHERE id = $1", [firstId]);
    expect(await versionOf(firstId)).toEqual(beforeRename);
    await changesOnly(() => byHand('DELETE FROM leave_requests WHERE company_id = $1', [firstId]), firstId, secondId);

    const beforeRollback = await versionOf(firstId);
    await t.db.sequelize
      .transaction(async (transaction) => {
        await t.db.sequelize.query("UPDATE employees SET name = name || ' (draft)'", { transaction });
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    expect(await versionOf(firstId)).toEqual(beforeRollback);

    const beforeTruncate = [await versionOf(firstId), await versionOf(secondId)];
    await addLeave(secondPerson, '2031-03-04');
    await byHand('TRUNCATE leave_requests CASCADE');
    expect(await versionOf(firstId)).not.toEqual(beforeTruncate[0]);
    expect(await versionOf(secondId)).not.toEqual(beforeTruncate[1]);
  });

  it('is one the application may read, never set', async () => {
    const refused = (sql: string) =>
      runAsCompany(first.company.id, () => t.db.sequelize.query(sql)).then(
        () => 'accepted',
        (error: Error) => error.message,
      );
    expect(await refused('UPDATE company_versions SET version = 1')).toMatch(/permission denied/);
    expect(await refused(`INSERT INTO company_versions (company_id) VALUES (${first.company.id})`)).toMatch(
      /permission denied/,
    );
  });
});

describe('leave writes of one company', () => {
  it('do not wait for each other to commit: the version changes at the commit', async () => {
    const open = new Client({ connectionString: t.db.url });
    const other = new Client({ connectionString: t.db.url });
    await Promise.all([open.connect(), other.connect()]);
    try {
      await open.query('BEGIN');
      await addLeave(firstPerson, '2031-04-01', open);
      // Written and committed while the first transaction holds its row, which it has not committed.
      await other.query("SET statement_timeout = '2s'");
      await addLeave(firstPerson, '2031-04-02', other);
      await open.query('COMMIT');
      const { rows } = await other.query(
        "SELECT count(*)::int AS count FROM leave_requests WHERE start_date IN ('2031-04-01', '2031-04-02')",
      );
      expect(rows[0]).toEqual({ count: 2 });
    } finally {
      await Promise.all([open.end(), other.end()]);
    }
  });
});

describe('kept replies', () => {
  const employeeNames = async (auth: string) =>
    (await get<Array<{ name: string }>>(auth, '/api/employees', { sort: '["name","ASC"]', range: '[0,24]' })).map(
      (employee) => employee.name,
    );

  it('show a change made by hand, which no API process heard of, on the very next request', async () => {
    await byHand("UPDATE employees SET name = 'Fiona First', birthday = NULL WHERE id = $1", [firstPerson.id]);
    expect(await employeeNames(firstAdmin)).toContain('Fiona First');
    expect(await employeeNames(firstAdmin)).toContain('Fiona First');
    await byHand("UPDATE employees SET name = 'Fiona Renamed' WHERE id = $1", [firstPerson.id]);
    expect(await employeeNames(firstAdmin)).toContain('Fiona Renamed');

    const birthdays = () => get<UpcomingEvent[]>(firstAdmin, '/api/dashboard/upcoming-events', { today });
    expect((await birthdays()).filter((event) => event.type === 'birthday')).toEqual([]);
    await byHand('UPDATE employees SET birthday = $2 WHERE id = $1', [firstPerson.id, `1992-${today.slice(5)}`]);
    expect((await birthdays()).map((event) => event.message)).toContain("Fiona Renamed's birthday");

    const day = iso(addDays(new Date(), 9));
    const pending = () =>
      get<Array<{ start_date: string }>>(firstAdmin, '/api/leaves', { filter: '{"status":"pending"}' });
    const month = () =>
      get<CalendarEvent[]>(firstAdmin, '/api/calendar/events', { start: today, end: iso(addDays(new Date(), 30)) });
    expect((await pending()).map((leave) => leave.start_date)).not.toContain(day);
    const eventsBefore = (await month()).length;
    await addLeave(firstPerson, day, undefined, 'pending');
    expect((await pending()).map((leave) => leave.start_date)).toContain(day);
    expect((await month()).length).toBe(eventsBefore + 1);

    await byHand('UPDATE employees SET deleted_at = now() WHERE id = $1', [firstPerson.id]);
    expect(await employeeNames(firstAdmin)).not.toContain('Fiona Renamed');
  });

  it("are never another company's, nor an admin's to an employee, for the same request", async () => {
    const colleague = (await createEmployees(first.company, 1, () => 'Carl Colleague'))[0]!;
    const sameRequest = { sort: '["name","ASC"]', range: '[0,24]' };
    const firstNames = await employeeNames(firstAdmin);
    expect(firstNames).toContain('Carl Colleague');
    const secondNames = (await get<Array<{ name: string }>>(secondAdmin, '/api/employees', sameRequest)).map(
      (employee) => employee.name,
    );
    expect(secondNames).toContain('Sam Second');
    expect(secondNames.filter((name) => firstNames.includes(name))).toEqual([]);

    const { employee, auth: eve } = await joinedEmployee(t, first.company, { name: 'Eve Employee' });
    await addLeave(colleague, '2032-01-05', undefined, 'pending');
    await addLeave(employee, '2032-01-06', undefined, 'pending');

    const listed = async (auth: string) =>
      (await get<Array<{ employee_name: string }>>(auth, '/api/leaves', { filter: '{"status":"pending"}' })).map(
        (leave) => leave.employee_name,
      );
    expect(await listed(firstAdmin)).toEqual(expect.arrayContaining(['Carl Colleague', 'Eve Employee']));
    expect(await listed(eve)).toEqual(['Eve Employee']);
    expect(await listed(secondAdmin)).toEqual([]);
    await t.request().get('/api/employees').query(sameRequest).set('Authorization', eve).expect(403);
  });

  it('answer a leave preview again only until something it reads changes, by hand included', async () => {
    const [person, colleague] = await createEmployees(first.company, 2, (index) => `Pia Preview ${index}`);
    const wednesday = nextWednesday(addDays(new Date(), 14));
    const preview = async () =>
      (
        await t
          .request()
          .post('/api/leaves/preview')
          .set('Authorization', firstAdmin)
          .send({
            employee_id: person!.id,
            request_type: 'other',
            leave_type: 'full_day',
            start_date: iso(wednesday),
            end_date: iso(addDays(wednesday, 1)),
          })
          .expect(200)
      ).body as { days_count: number; warnings: string[] };
    expect(await preview()).toMatchObject({ days_count: 2, warnings: [] });
    expect(await preview()).toMatchObject({ days_count: 2, warnings: [] });

    const noWednesdays = { mon: 8, tue: 8, wed: 0, thu: 8, fri: 8, sat: 0, sun: 0 };
    await byHand(
      'INSERT INTO employee_work_patterns (company_id, employee_id, effective_from, pattern) VALUES ($1, $2, $3, $4)',
      [first.company.id, person!.id, today, JSON.stringify(noWednesdays)],
    );
    expect(await preview()).toMatchObject({ days_count: 1, warnings: [] });

    await byHand(
      `WITH team AS (INSERT INTO teams (company_id, name) VALUES ($1, 'Cover') RETURNING id)
       UPDATE employees SET team_id = (SELECT id FROM team) WHERE id IN ($2, $3)`,
      [first.company.id, person!.id, colleague!.id],
    );
    await addLeave(colleague!, iso(addDays(wednesday, 1)));
    expect(await preview()).toMatchObject({ days_count: 1, warnings: [] });
    await byHand("UPDATE teams SET max_absent = 1 WHERE company_id = $1 AND name = 'Cover'", [first.company.id]);
    expect((await preview()).warnings).toEqual([expect.stringContaining('Pia Preview 1')]);
  });

  it('are sent gzipped to a client that takes it, with headers the console may read', async () => {
    await createEmployees(first.company, 30, (index) => `Gus Gzip ${index}`);
    const reply = await t
      .request()
      .get('/api/employees')
      .query({ range: '[0,24]' })
      .set('Authorization', firstAdmin)
      .set('Accept-Encoding', 'gzip')
      .set('Origin', 'http://teamfolk.test')
      .expect(200);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers['content-range']).toMatch(/^employees 0-24\/\d+$/);
    // The console reads the total, and the renewed session token, from any reply.
    expect(reply.headers['access-control-expose-headers']).toMatch(/X-Session-Token.*Content-Range/);
    expect(reply.body).toHaveLength(25);
  });

  it('answer every route the compression middleware leaves to them, gzipped past a kilobyte', async () => {
    const people = await createEmployees(first.company, 20, (index) => `Kim Kept ${index}`);
    const inThreeDays = addDays(new Date(), 3);
    await byHand('UPDATE employees SET birthday = $1 WHERE company_id = $2', [
      iso(new Date(inThreeDays.getFullYear() - 30, inThreeDays.getMonth(), inThreeDays.getDate())),
      first.company.id,
    ]);
    for (const [index, person] of people.entries())
      await addLeave(person, `2033-03-${String(index + 1).padStart(2, '0')}`);
    const [newcomer] = await createEmployees(first.company, 1, () => 'Kim Kept newcomer');
    const requests: Record<string, (auth: string) => request.Test> = {
      'GET /api/employees': (auth) => t.request().get('/api/employees').set('Authorization', auth),
      'GET /api/leaves': (auth) => t.request().get('/api/leaves').set('Authorization', auth),
      'GET /api/dashboard/upcoming-events': (auth) =>
        t.request().get('/api/dashboard/upcoming-events').set('Authorization', auth),
      'GET /api/calendar/events': (auth) =>
        t
          .request()
          .get('/api/calendar/events')
          .query({ start: '2033-03-01', end: '2033-03-31' })
          .set('Authorization', auth),
      // Everyone else out on those days is listed.
      'POST /api/leaves/preview': (auth) =>
        t.request().post('/api/leaves/preview').set('Authorization', auth).send({
          employee_id: newcomer!.id,
          request_type: 'other',
          leave_type: 'full_day',
          start_date: '2033-03-01',
          end_date: '2033-03-25',
        }),
    };
    expect(Object.keys(requests).sort()).toEqual([...KEPT_REPLY_ROUTES].sort());
    for (const [route, send] of Object.entries(requests)) {
      const reply = await send(firstAdmin).set('Accept-Encoding', 'gzip').expect(200);
      expect({ route, encoding: reply.headers['content-encoding'] }).toEqual({ route, encoding: 'gzip' });
      const body = reply.body as unknown[] | { colleagues_out: unknown[] };
      expect((Array.isArray(body) ? body : body.colleagues_out).length).toBeGreaterThan(0);
    }
  });
});
