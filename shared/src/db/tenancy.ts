import { AsyncLocalStorage } from 'node:async_hooks';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * Postgres row-level security is the floor under the application's own `company_id` scoping: every
 * tenant table only shows the rows of the company named by the transaction-local setting
 * `app.company_id` (migration 0008). This module carries that company from a request or a job to
 * every query it makes, with `set_config(..., true)` (SET LOCAL) inside each transaction, never on
 * the pooled connection itself.
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
 * Makes an already open transaction (and the rest of the current context) act for `companyId`:
 * used where the company only becomes known inside a transaction, such as a signed webhook.
 */
export async function enterCompany(sequelize: Sequelize, transaction: Transaction, companyId: number): Promise<void> {
  const context = contexts.getStore();
  if (context) context.companyId = companyId;
  await setTransactionCompany(sequelize, transaction, companyId);
}

async function setTransactionCompany(sequelize: Sequelize, transaction: Transaction, companyId: number): Promise<void> {
  await sequelize.query("SELECT set_config('app.company_id', :companyId, true)", {
    replacements: { companyId: String(companyId) },
    transaction,
    type: QueryTypes.SELECT,
  });
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
  | 'checkout-session';

export async function companyOf(sequelize: Sequelize, key: CompanyKey, value: string | number): Promise<number | null> {
  const [row] = await sequelize.query<{ company_id: number | null }>(
    'SELECT teamfolk_company_of(:key, :value) AS company_id',
    { replacements: { key, value: String(value) }, type: QueryTypes.SELECT },
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

type TransactionCallback<T> = (transaction: Transaction) => PromiseLike<T>;

/**
 * Binds the company of the current context to every query of `sequelize`: a transaction begun
 * inside a company's context sets `app.company_id` first, and a lone query inside a company's
 * context runs in a transaction of its own that does the same.
 */
export function bindTenancy(sequelize: Sequelize): void {
  const beginTransaction = sequelize.transaction.bind(sequelize) as (
    options?: object,
    callback?: TransactionCallback<unknown>,
  ) => Promise<unknown>;
  const runQuery = sequelize.query.bind(sequelize) as (sql: unknown, options?: { transaction?: unknown }) => unknown;

  const transaction = async (
    optionsOrCallback?: object | TransactionCallback<unknown>,
    maybeCallback?: TransactionCallback<unknown>,
  ): Promise<unknown> => {
    const callback =
      typeof optionsOrCallback === 'function' ? (optionsOrCallback as TransactionCallback<unknown>) : maybeCallback;
    const options = typeof optionsOrCallback === 'function' ? undefined : optionsOrCallback;
    const companyId = currentCompanyId();
    const nested = Boolean((options as { transaction?: unknown } | undefined)?.transaction);
    if (companyId === null || nested) return beginTransaction(options, callback);
    if (!callback) {
      const unmanaged = (await beginTransaction(options)) as Transaction;
      await setTransactionCompany(sequelize, unmanaged, companyId);
      return unmanaged;
    }
    return beginTransaction(options, async (opened: Transaction) => {
      await setTransactionCompany(sequelize, opened, companyId);
      return callback(opened);
    });
  };
  const query = (sql: unknown, options?: { transaction?: unknown }): unknown => {
    if (options?.transaction || currentCompanyId() === null) return runQuery(sql, options);
    return transaction((opened) => runQuery(sql, { ...options, transaction: opened }) as PromiseLike<unknown>);
  };
  Object.assign(sequelize, { transaction, query });
}
