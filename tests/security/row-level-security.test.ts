import { QueryTypes, Sequelize } from 'sequelize';
import {
  APP_ROLE,
  assertRestrictedRole,
  bindTenancy,
  companyOf,
  Employee,
  LeaveRequest,
  RLS_EXEMPT_TABLES,
  runAsCompany,
  User,
} from '@teamfolk/shared';
import { createTestDatabase, removeApplicationScoping, type TestDatabase } from '@teamfolk/shared/testing';
import { type CompanyWithAdmin, createCompanyWithAdmin, createEmployees } from '@teamfolk/services/testing';

let db: TestDatabase;
let first: CompanyWithAdmin;
let second: CompanyWithAdmin;

beforeAll(async () => {
  db = await createTestDatabase();
  first = await createCompanyWithAdmin();
  second = await createCompanyWithAdmin();
  await createEmployees(first.company, 3);
  await createEmployees(second.company, 2);
});

afterAll(async () => {
  await db.drop();
});

/** Raw SQL with no company condition at all: what a forgotten WHERE would return. */
function unscopedSelect<T extends object>(sql: string): Promise<T[]> {
  return db.sequelize.query<T>(sql, { type: QueryTypes.SELECT });
}

describe('the database itself keeps companies apart', () => {
  it('forces row-level security on every table that holds a company_id, and on companies', async () => {
    const tables = await db.sequelize.query<{ table_name: string; rls: boolean; forced: boolean; policies: string[] }>(
      `SELECT c.relname AS table_name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
              array(SELECT polname::text FROM pg_policy WHERE polrelid = c.oid ORDER BY polname) AS policies
         FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
          AND (c.relname = 'companies' OR EXISTS (
            SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped))
        ORDER BY c.relname`,
      { type: QueryTypes.SELECT },
    );
    const tenantTables = tables.filter((table) => !(RLS_EXEMPT_TABLES as readonly string[]).includes(table.table_name));
    expect(tenantTables.map((table) => table.table_name)).toEqual(
      expect.arrayContaining(['audit_log', 'companies', 'employees', 'leave_requests', 'outbox', 'users']),
    );
    for (const table of tenantTables) {
      expect({ table: table.table_name, rls: table.rls, forced: table.forced }).toEqual({
        table: table.table_name,
        rls: true,
        forced: true,
      });
      expect(table.policies).toContain('company_rows');
    }
  });

  it('connects the application as a role that owns nothing and cannot bypass row-level security', async () => {
    const [role] = await runAsCompany(null, () =>
      db.sequelize.query<{ name: string; superuser: boolean; bypass: boolean }>(
        'SELECT current_user AS name, rolsuper AS superuser, rolbypassrls AS bypass FROM pg_roles WHERE rolname = current_user',
        { type: QueryTypes.SELECT },
      ),
    );
    expect(role).toEqual({ name: APP_ROLE, superuser: false, bypass: false });
    await expect(runAsCompany(null, () => assertRestrictedRole(db.sequelize))).resolves.toBeUndefined();
    // The same check refuses the schema owner (the test's own connection outside any context).
    await expect(assertRestrictedRole(db.sequelize)).rejects.toThrow(/row-level security/);
  });

  it("shows a query without any company condition only the current company's rows", async () => {
    const asFirst = await runAsCompany(first.company.id, () =>
      unscopedSelect<{ company_id: number }>('SELECT company_id FROM employees'),
    );
    expect(asFirst).toHaveLength(3);
    expect(new Set(asFirst.map((row) => row.company_id))).toEqual(new Set([first.company.id]));

    const users = await runAsCompany(second.company.id, () => User.findAll({ attributes: ['email'] }));
    expect(users.map((user) => user.email)).toEqual([second.admin.email]);
  });

  it('shows nothing to work that names no company', async () => {
    const rows = await runAsCompany(null, () =>
      unscopedSelect('SELECT id FROM users UNION ALL SELECT id FROM companies'),
    );
    expect(rows).toEqual([]);
  });

  it('refuses to write a row into another company, or to move a row there', async () => {
    await expect(
      runAsCompany(first.company.id, () =>
        Employee.create({ companyId: second.company.id, name: 'Planted', email: 'planted@example.com' }),
      ),
    ).rejects.toThrow(/row-level security/);
    const [, moved] = await runAsCompany(first.company.id, () =>
      db.sequelize.query('UPDATE employees SET company_id = :other', { replacements: { other: second.company.id } }),
    ).catch((error: Error) => [null, error.message]);
    expect(String(moved)).toMatch(/row-level security/);
    const [counted] = await unscopedSelect<{ count: string }>(
      `SELECT count(*) FROM employees WHERE company_id = ${second.company.id}`,
    );
    expect(Number(counted?.count)).toBe(2);
  });

  it('sets each pooled connection to the company of the work at hand, or to none', async () => {
    await runAsCompany(first.company.id, () =>
      Promise.all(Array.from({ length: 20 }, () => unscopedSelect('SELECT id FROM employees'))),
    );
    const settings = await runAsCompany(null, () =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          unscopedSelect<{ company: string | null }>("SELECT current_setting('app.company_id', true) AS company"),
        ),
      ),
    );
    for (const [row] of settings) expect(row?.company ?? '').toBe('');
    const asSecond = await runAsCompany(second.company.id, () =>
      Promise.all(
        Array.from({ length: 20 }, () => unscopedSelect<{ company_id: number }>('SELECT company_id FROM employees')),
      ),
    );
    for (const rows of asSecond)
      expect(rows.map((row) => row.company_id)).toEqual([second.company.id, second.company.id]);
  });

  it('does not trust a connection whose company changed inside a transaction that rolled back', async () => {
    // One connection, so every step below reuses the connection the rolled back transaction had.
    const oneConnection = new Sequelize(db.appUrl, { dialect: 'postgres', logging: false, pool: { max: 1 } });
    bindTenancy(oneConnection);
    const currentSetting = () =>
      oneConnection.query<{ company: string }>("SELECT current_setting('app.company_id', true) AS company", {
        type: QueryTypes.SELECT,
      });
    try {
      // Opened for the first company; inside it the work turns to the second and rolls back, which
      // puts the connection's setting back to the first company.
      const transaction = await runAsCompany(first.company.id, () => oneConnection.transaction());
      await runAsCompany(second.company.id, async () => {
        await oneConnection.query('SELECT id FROM employees', { transaction });
        await transaction.rollback();
      });
      const [afterRollback] = await runAsCompany(second.company.id, currentSetting);
      expect(afterRollback?.company).toBe(String(second.company.id));
    } finally {
      await oneConnection.close();
    }
  });

  it('answers a lookup before sign-in with a company id and nothing else', async () => {
    expect(await runAsCompany(null, () => companyOf(db.sequelize, 'user-email', first.admin.email.toUpperCase()))).toBe(
      first.company.id,
    );
    expect(await runAsCompany(null, () => companyOf(db.sequelize, 'user-email', 'nobody@example.com'))).toBeNull();
    expect(await runAsCompany(null, () => companyOf(db.sequelize, 'user', '1 OR 1=1'))).toBeNull();
  });

  it('keeps the application away from the migrations table and from creating tables', async () => {
    await expect(runAsCompany(null, () => unscopedSelect('SELECT name FROM schema_migrations'))).rejects.toThrow(
      /permission denied/,
    );
    await expect(runAsCompany(null, () => db.sequelize.query('CREATE TABLE planted (id int)'))).rejects.toThrow(
      /permission denied/,
    );
  });
});

describe('row-level security alone, with the application scoping removed', () => {
  let scopeless: TestDatabase;
  let mine: CompanyWithAdmin;
  let theirs: CompanyWithAdmin;

  beforeAll(async () => {
    scopeless = await createTestDatabase();
    removeApplicationScoping(scopeless.sequelize);
    mine = await createCompanyWithAdmin();
    theirs = await createCompanyWithAdmin();
    await createEmployees(mine.company, 1);
    await createEmployees(theirs.company, 4);
  });

  afterAll(async () => {
    await scopeless.drop();
  });

  it("still returns only the caller's company when asked for another's rows", async () => {
    const asked = await runAsCompany(mine.company.id, () =>
      Employee.findAll({ where: { companyId: theirs.company.id } }),
    );
    expect(asked.map((employee) => employee.companyId)).toEqual([mine.company.id]);
    const raw = await runAsCompany(mine.company.id, () =>
      scopeless.sequelize.query<{ company_id: number }>(
        'SELECT company_id FROM employees e WHERE e.company_id = :companyId',
        {
          replacements: { companyId: theirs.company.id },
          type: QueryTypes.SELECT,
        },
      ),
    );
    expect(raw.map((row) => row.company_id)).toEqual([mine.company.id]);
    const leaves = await runAsCompany(mine.company.id, () =>
      LeaveRequest.count({ where: { companyId: theirs.company.id } }),
    );
    expect(leaves).toBe(0);
  });
});
