import type { Sequelize } from 'sequelize';

type Where = Record<string | symbol, unknown>;

function withoutCompany(where: unknown): unknown {
  if (Array.isArray(where)) return where.map(withoutCompany);
  if (!where || typeof where !== 'object' || where.constructor !== Object) return where;
  const copy: Where = {};
  for (const key of Reflect.ownKeys(where)) {
    if (key === 'companyId') continue;
    copy[key] = withoutCompany((where as Where)[key]);
  }
  return copy;
}

/** `l.company_id = :companyId` and the like: the raw SQL form of the application's own scoping. */
const RAW_SCOPE = /\b(?:\w+\.)?company_id\s*=\s*:companyId\b/g;

/**
 * Test only: removes the application's own company scoping from every query of `sequelize` (the
 * `companyId` conditions of model queries and `company_id = :companyId` in raw SQL), so that a test
 * can show Postgres row-level security alone keeps companies apart. Writes keep their company_id:
 * only filters are removed.
 */
export function removeApplicationScoping(sequelize: Sequelize): void {
  if (process.env.NODE_ENV === 'production') throw new Error('removeApplicationScoping is for tests only');
  const strip = (options: { where?: unknown }) => {
    if (options.where) options.where = withoutCompany(options.where);
  };
  sequelize.addHook('beforeFind', strip);
  sequelize.addHook('beforeCount', strip);
  sequelize.addHook('beforeBulkUpdate', strip);
  sequelize.addHook('beforeBulkDestroy', strip);
  const query = sequelize.query.bind(sequelize) as (sql: unknown, options?: unknown) => unknown;
  Object.assign(sequelize, {
    query: (sql: unknown, options?: unknown) =>
      query(typeof sql === 'string' ? sql.replace(RAW_SCOPE, 'TRUE') : sql, options),
  });
}
