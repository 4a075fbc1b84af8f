import { AsyncLocalStorage } from 'node:async_hooks';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { holdingConnection } from './connection-holding';

/**
 * Postgres row-level security is the floor under the application's own `company_id` scoping: every
 * tenant table only shows the rows of the company named by the setting `app.company_id`
 * (migration 0008). This module carries that company from a request or a job to every query it
 * makes: before a query runs, its connection is set to the query's company (or to none), unless it
 * already is, so a connection never carries one company's setting into another's work.
 */
export interface TenantContext {
  /** The company whose rows the code may see; null for work that belongs to no company yet. */
  companyId: number | null;
}

const contexts = new AsyncLocalStorage<TenantContext>();

/** Runs `work` (and everything it starts) as the given company, or as no company with null. */
export function runAsCompany<T>(companyId: number | null, work: () => T): T {
  return contexts.run({ companyId }, work);
}

export function currentCompanyId(): number | null {
  return contexts.getStore()?.companyId ?? null;
}

/** Whether the code runs inside a request or a job (with or without a company). */
export function insideTenantContext(): boolean {
  return contexts.getStore() !== undefined;
}

/**
 * The secrets and provider ids through which a caller who is not signed in yet reaches a company:
 * the database answers with the company id only (a SECURITY DEFINER function), and the caller then
 * works inside that company.
 */
export type CompanyKey =
  | 'company'
  | 'user'
  | 'user-email'
  | 'verification-token'
  | 'invitation-token'
  | 'provider-customer'
  | 'provider-subscription'
  | 'payment-method'
  | 'checkout-session'
  | 'decision-token';

/** Inside a transaction, pass it: the lookup then takes no second pooled connection while one is held. */
export async function companyOf(
  sequelize: Sequelize,
  key: CompanyKey,
  value: string | number,
  transaction?: Transaction,
): Promise<number | null> {
  const [row] = await sequelize.query<{ company_id: number | null }>(
    'SELECT teamfolk_company_of(:key, :value) AS company_id',
    { replacements: { key, value: String(value) }, type: QueryTypes.SELECT, transaction },
  );
  return row?.company_id ?? null;
}

/** The id a new company will have, taken before its first row so that RLS lets that row in. */
export async function reserveCompanyId(sequelize: Sequelize): Promise<number> {
  const [row] = await sequelize.query<{ id: string }>(
    "SELECT nextval(pg_get_serial_sequence('companies', 'id')) AS id",
    {
      type: QueryTypes.SELECT,
    },
  );
  return Number(row!.id);
}

/** What a pooled pg connection was last set to: a company id, '' for none, absent when unknown. */
const CONNECTION_COMPANY = Symbol('teamfolk.connectionCompany');

interface PgConnection {
  [CONNECTION_COMPANY]?: string;
  query(sql: string, values: unknown[]): Promise<unknown>;
}

/** A pooled node-postgres connection, for the queries that skip Sequelize. */
export interface TenantConnection {
  query<Row>(statement: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

/** Sets `connection` to the current context's company, unless it already is. */
async function setConnectionCompany(connection: PgConnection): Promise<void> {
  const company = String(currentCompanyId() ?? '');
  if (connection[CONNECTION_COMPANY] === company) return;
  delete connection[CONNECTION_COMPANY];
  await connection.query("SELECT set_config('app.company_id', $1, false)", [company]);
  connection[CONNECTION_COMPANY] = company;
}

/**
 * Binds the company of the current context to every query of `sequelize`. The setting lives on the
 * connection (a session setting, one statement when it changes, none when the connection already
 * serves that company), which costs a lone query no transaction of its own. A transaction that
 * rolls back takes back a setting made inside it, so a rollback forgets what the connection holds.
 */
export function bindTenancy(sequelize: Sequelize): void {
  sequelize.addHook('beforeQuery', async (_options, query) => {
    await setConnectionCompany(query.connection as PgConnection);
  });
  sequelize.addHook('afterQuery', (_options, query) => {
    const { sql } = query as unknown as { sql?: string };
    if (sql && /^\s*ROLLBACK/i.test(sql)) delete (query.connection as PgConnection)[CONNECTION_COMPANY];
  });
}

/**
 * Runs `work` on one pooled connection set to the current company, past Sequelize's query machinery
 * (replacements, hooks, result formatting: about a third of a light request's CPU), for the queries
 * every signed-in request makes; a named statement is also parsed and planned once per connection.
 */
export async function withTenantConnection<T>(
  sequelize: Sequelize,
  work: (connection: TenantConnection) => Promise<T>,
): Promise<T> {
  const connection = await sequelize.connectionManager.getConnection({ type: 'write' });
  try {
    await setConnectionCompany(connection as PgConnection);
    return await holdingConnection(sequelize, () => work(connection as unknown as TenantConnection));
  } finally {
    sequelize.connectionManager.releaseConnection(connection);
  }
}
