import { addDays, format } from 'date-fns';
import pg from 'pg';
import { QueryTypes } from 'sequelize';
import { currentCompanyId, runAsCompany } from '@teamfolk/shared';
import { bearerFor, eventually, startTestApp, type TestApp } from '../testing/harness';
import {
  activateSubscription,
  createCompanyWithAdmin,
  createEmployees,
  type CompanyWithAdmin,
} from '../testing/factories';

/**
 * The list screens' requests cost a fixed number of queries whatever the number of rows (no N+1),
 * and each of those queries can be answered through an index (no full scan of a growing table).
 */
let t: TestApp;
let owner: CompanyWithAdmin;
let adminBearer: string;
/** A statement as node-postgres received it: through Sequelize, or straight on a pooled connection. */
interface Statement {
  text: string;
  values?: unknown[];
}
let executed: Statement[] = [];
const clientQuery = pg.Client.prototype.query;

const today = new Date();
const day = (offset: number) => format(addDays(today, offset), 'yyyy-MM-dd');
/** Next week's Monday to Friday: days that always count as working days. */
const nextMonday = addDays(today, 8 - (today.getDay() || 7));
const weekday = (index: number) => format(addDays(nextMonday, index), 'yyyy-MM-dd');
const LIST_ROUTES = [
  '/api/auth/me',
  '/api/employees',
  `/api/employees?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,24]')}`,
  '/api/leaves',
  `/api/leaves?filter=${encodeURIComponent('{"status":"pending"}')}&range=${encodeURIComponent('[0,24]')}`,
  `/api/calendar/events?start=${day(-15)}&end=${day(15)}`,
  '/api/calendar/export/ical',
  '/api/dashboard/summary',
  '/api/dashboard/upcoming-events',
  '/api/billing/history',
  '/api/billing/seats',
];

async function addEmployeesWithLeave(count: number): Promise<void> {
  const employees = await createEmployees(owner.company, count);
  for (const [index, employee] of employees.entries()) {
    await t
      .request()
      .post('/api/leaves')
      .set('Authorization', adminBearer)
      .send({
        start_date: weekday(index % 5),
        end_date: weekday(index % 5),
        request_type: 'other',
        leave_type: 'full_day',
        employee_id: employee.id,
      })
      .expect(201);
  }
}

/** Routes whose replies are kept while the company's leave and people stay as they are. */
const KEPT_ROUTES = LIST_ROUTES.filter((path) =>
  /^\/api\/(employees|leaves|calendar\/events|dashboard\/upcoming)/.test(path),
);

/**
 * The statements one GET makes, in order, once the e-mails its set-up caused have gone. Unless `kept`,
 * the company's people are touched first, so no reply kept before can answer it.
 */
async function statementsOf(path: string, { kept = false } = {}): Promise<Statement[]> {
  if (!kept)
    await t.db.sequelize.query('UPDATE employees SET name = name WHERE company_id = $1', { bind: [owner.company.id] });
  await t.flushOutbox();
  await eventually(async () => {
    // Leave reminders wait, delayed, for two working days: only the e-mails due now must have gone.
    const counts = await t.workers.queues.email.getJobCounts('waiting', 'active');
    return Object.values(counts).every((count) => count === 0);
  });
  executed = [];
  await t.request().get(path).set('Authorization', adminBearer).expect(200);
  return executed;
}

beforeAll(async () => {
  t = await startTestApp();
  // Every statement reaches node-postgres, whether it went through Sequelize or not. The outbox
  // relay's polls run as no company; the request's statements run as the caller's. Setting a
  // connection's company happens once per connection that changes hands, not per request.
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    const statement: Statement =
      typeof config === 'string'
        ? { text: config, values: Array.isArray(rest[0]) ? rest[0] : undefined }
        : (config as Statement);
    if (currentCompanyId() !== null && !statement.text.includes("set_config('app.company_id'")) {
      executed.push({ text: statement.text, values: statement.values });
    }
    return (clientQuery as (...args: unknown[]) => unknown).call(this, config, ...rest);
  } as typeof clientQuery;
  owner = await createCompanyWithAdmin();
  await activateSubscription(owner.company);
  adminBearer = await bearerFor(t, owner.admin.email, owner.password);
  await addEmployeesWithLeave(3);
});

afterAll(async () => {
  pg.Client.prototype.query = clientQuery;
  await t.close();
});

it('answers every list with as many queries for 40 employees as for 3', async () => {
  const before = new Map<string, number>();
  for (const path of LIST_ROUTES) before.set(path, (await statementsOf(path)).length);
  await addEmployeesWithLeave(37);
  for (const path of LIST_ROUTES) {
    const after = (await statementsOf(path)).length;
    expect({ path, queries: after }).toEqual({ path, queries: before.get(path) });
    expect({ path, atMostSix: after <= 6 }).toEqual({ path, atMostSix: true });
  }
});

it('answers an unchanged list from the reply kept for it: the session check is its only query', async () => {
  expect(KEPT_ROUTES).toHaveLength(6);
  for (const path of KEPT_ROUTES) {
    const made = await statementsOf(path);
    const kept = await statementsOf(path, { kept: true });
    expect({ path, made: made.length > 1 }).toEqual({ path, made: true });
    expect({ path, kept: kept.map(({ text }) => /FROM users u/.test(text)) }).toEqual({ path, kept: [true] });
  }
});

it('answers /auth/me with the session query alone, which reads no data version (it keeps no reply)', async () => {
  const statements = await statementsOf('/api/auth/me', { kept: true });
  expect(
    statements.map(({ text }) => ({ session: /FROM users u/.test(text), version: /company_versions/.test(text) })),
  ).toEqual([{ session: true, version: false }]);
});

it("reads a person's ledger and forecast without asking again whether the company's figures are fresh", async () => {
  const [employee] = await createEmployees(owner.company, 1);
  const nextYear = today.getFullYear() + 1;
  const freshnessChecks = (statements: Statement[]) =>
    statements.filter(({ text }) => /bool_or\(e\.balance_figures_valid_until/.test(text)).length;
  const ledger = `/api/employees/${employee!.id}/balance-ledger`;
  const forecast = `/api/employees/${employee!.id}/balances?on=${nextYear}-01-15`;
  // The new person's figures are stale: the first read finds out and works them out, the next finds them fresh.
  expect(freshnessChecks(await statementsOf(ledger, { kept: true }))).toBe(1);
  expect(freshnessChecks(await statementsOf(ledger, { kept: true }))).toBe(1);
  for (const path of [ledger, forecast]) {
    expect({ path, checks: freshnessChecks(await statementsOf(path, { kept: true })) }).toEqual({ path, checks: 0 });
  }
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function sequentialScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' ? [node['Relation Name'] ?? '?'] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScans)];
}

it('reads every list through an index: with sequential scans priced out, none is left', async () => {
  const selects = new Map<string, Statement>();
  for (const path of LIST_ROUTES) {
    for (const statement of await statementsOf(path)) {
      if (/^\s*(SELECT|WITH)\b/i.test(statement.text)) selects.set(statement.text, statement);
    }
  }
  expect(selects.size).toBeGreaterThan(5);
  const scans: Record<string, string[]> = {};
  for (const [sql, { values }] of selects) {
    const plan = await runAsCompany(owner.company.id, () =>
      t.db.sequelize.transaction(async (transaction) => {
        await t.db.sequelize.query('SET LOCAL enable_seqscan = off', { transaction });
        const [row] = await t.db.sequelize.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (FORMAT JSON) ${sql.replace(/;\s*$/, '')}`,
          { type: QueryTypes.SELECT, transaction, ...(values ? { bind: values } : {}) },
        );
        return row!['QUERY PLAN'][0].Plan;
      }),
    );
    const tables = sequentialScans(plan);
    if (tables.length) scans[sql] = tables;
  }
  expect(scans).toEqual({});
});
