import type { Redis } from 'ioredis';
import { QueryTypes, type Sequelize } from 'sequelize';

/*
 * Where an erasure's tests look for what it may have left: every table of the schema (found in the
 * database itself, so a table added later is covered too) and every Redis key of a queue prefix.
 * Run outside any request or job context, so the queries go to the schema owner and see every row.
 */

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

interface Schema {
  tables: string[];
  withCompany: Set<string>;
  foreignKeys: { table: string; column: string; references: string; key: string }[];
}

async function schemaOf(sequelize: Sequelize): Promise<Schema> {
  const columns = await sequelize.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
    { type: QueryTypes.SELECT },
  );
  const foreignKeys = await sequelize.query<Schema['foreignKeys'][number]>(
    `SELECT cl.relname AS table, a.attname AS column, rt.relname AS references, ra.attname AS key
       FROM pg_constraint k
       JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_class rt ON rt.oid = k.confrelid
       JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
       JOIN pg_attribute ra ON ra.attrelid = k.confrelid AND ra.attnum = k.confkey[1]
      WHERE k.contype = 'f' AND cl.relnamespace = 'public'::regnamespace`,
    { type: QueryTypes.SELECT },
  );
  return {
    tables: [...new Set(columns.map((column) => column.table_name))].sort(),
    withCompany: new Set(columns.filter((c) => c.column_name === 'company_id').map((c) => c.table_name)),
    foreignKeys,
  };
}

/**
 * How many rows of the company each table holds (tables with none are left out): by company_id, or,
 * in a table without one, through its foreign keys to the company or to rows that have one.
 */
export async function rowsOfCompanyPerTable(sequelize: Sequelize, companyId: number): Promise<Record<string, number>> {
  const { tables, withCompany, foreignKeys } = await schemaOf(sequelize);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const conditions = withCompany.has(table) ? ['company_id = :companyId'] : [];
    if (table === 'companies') conditions.push('id = :companyId');
    for (const key of foreignKeys.filter((fk) => fk.table === table && !withCompany.has(table))) {
      if (key.references === 'companies') conditions.push(`${quoted(key.column)} = :companyId`);
      else if (withCompany.has(key.references)) {
        conditions.push(
          `${quoted(key.column)} IN (SELECT ${quoted(key.key)} FROM ${quoted(key.references)} WHERE company_id = :companyId)`,
        );
      }
    }
    if (conditions.length === 0) continue;
    const [row] = await sequelize.query<{ count: string }>(
      `SELECT count(*) AS count FROM ${quoted(table)} WHERE ${conditions.join(' OR ')}`,
      { replacements: { companyId }, type: QueryTypes.SELECT },
    );
    if (Number(row!.count) > 0) counts[table] = Number(row!.count);
  }
  return counts;
}

/** How many rows of each table hold one of the values anywhere in their text (case-insensitive). */
export async function rowsMentioning(sequelize: Sequelize, values: string[]): Promise<Record<string, number>> {
  const { tables } = await schemaOf(sequelize);
  const found: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await sequelize.query<{ count: string }>(
      `SELECT count(*) AS count FROM ${quoted(table)} AS t WHERE t::text ILIKE ANY (ARRAY[:patterns])`,
      { replacements: { patterns: values.map(likePattern) }, type: QueryTypes.SELECT },
    );
    if (Number(row!.count) > 0) found[table] = Number(row!.count);
  }
  return found;
}

export interface RedisEntry {
  key: string;
  /** The value as JSON text, whatever its type (hash, list, set, sorted set, stream, string). */
  text: string;
}

/** Every key under the prefix with what it holds. */
export async function redisContents(redis: Redis, prefix: string): Promise<RedisEntry[]> {
  const entries: RedisEntry[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    for (const key of keys) {
      const type = await redis.type(key);
      const value: unknown =
        type === 'hash'
          ? await redis.hgetall(key)
          : type === 'list'
            ? await redis.lrange(key, 0, -1)
            : type === 'set'
              ? await redis.smembers(key)
              : type === 'zset'
                ? await redis.zrange(key, '0', '-1')
                : type === 'stream'
                  ? await redis.xrange(key, '-', '+')
                  : await redis.get(key);
      entries.push({ key, text: JSON.stringify(value) });
    }
    cursor = next;
  } while (cursor !== '0');
  return entries;
}

/** The keys whose name or content holds one of the values. */
export async function redisKeysMentioning(redis: Redis, prefix: string, values: string[]): Promise<RedisEntry[]> {
  const lowered = values.map((value) => value.toLowerCase());
  return (await redisContents(redis, prefix)).filter(({ key, text }) =>
    lowered.some((value) => key.toLowerCase().includes(value) || text.toLowerCase().includes(value)),
  );
}

/** The BullMQ jobs under the prefix (hashes with a `data` field) whose envelope names the company. */
export async function jobsOfCompany(redis: Redis, prefix: string, companyId: number): Promise<string[]> {
  const jobs = (await redisContents(redis, prefix)).filter(({ text }) => {
    const data = (JSON.parse(text) as { data?: unknown } | null)?.data;
    return typeof data === 'string' && (JSON.parse(data) as { companyId?: unknown }).companyId === companyId;
  });
  return jobs.map(({ key }) => key);
}
