import { createHash } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { withTenantConnection } from '@teamfolk/shared';
import type { ListQuery } from './list-query';

/** A list query's parameters: `param(value)` keeps the value and answers its placeholder ($1, $2…). */
export interface QueryParameters {
  values: unknown[];
  param(value: unknown): string;
}

export function queryParameters(): QueryParameters {
  const values: unknown[] = [];
  return { values, param: (value) => `$${values.push(value)}` };
}

export interface PagedSelect {
  columns: string;
  from: string;
  /** Conditions whose placeholders come from `parameters`. */
  conditions: string[];
  parameters: QueryParameters;
  order: string;
  range: ListQuery<string>['range'];
}

/** A prepared statement's name: its text's digest, so one name never stands for two texts. */
function statementName(text: string): string {
  return `page-${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * One list page and the total behind it in a single query (a window count); only a page past the
 * end, which has no row to carry the total, costs a second count. Prepared on its connection and run
 * past Sequelize: planning a page of 25 of a 200-person company's employees took Postgres 0.8 ms,
 * longer than running it (0.65 ms), and each connection plans a prepared statement once.
 */
export async function selectPage<Row extends object>(
  sequelize: Sequelize,
  select: PagedSelect,
): Promise<{ rows: Row[]; total: number }> {
  const where = select.conditions.join(' AND ');
  const conditionValues = select.parameters.values;
  let values = conditionValues;
  let page = '';
  if (select.range) {
    values = [...conditionValues, select.range.end - select.range.start + 1, select.range.start];
    page = `LIMIT $${values.length - 1} OFFSET $${values.length}`;
  }
  return withTenantConnection(sequelize, async (connection) => {
    const text = `SELECT ${select.columns}, count(*) OVER () AS total FROM ${select.from} WHERE ${where} ORDER BY ${select.order} ${page}`;
    const { rows } = await connection.query<Row & { total: string }>({ name: statementName(text), text, values });
    if (rows[0]) return { rows, total: Number(rows[0].total) };
    if (!select.range) return { rows: [], total: 0 };
    const countText = `SELECT count(*) AS total FROM ${select.from} WHERE ${where}`;
    const counted = await connection.query<{ total: string }>({
      name: statementName(countText),
      text: countText,
      values: conditionValues,
    });
    return { rows: [], total: Number(counted.rows[0]?.total ?? 0) };
  });
}
