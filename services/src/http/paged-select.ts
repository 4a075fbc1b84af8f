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
  /**
   * One record's select list, each column named as the API names it (`e.job_role AS role`). Postgres
   * writes the records' JSON, so each value must already be what the API sends: numerics through
   * trim_scale (a numeric(6,1) is written `20.0` where the API writes `20`), timestamps through
   * isoTimestamp.
   */
  record: string;
  from: string;
  /** Conditions whose placeholders come from `parameters`. */
  conditions: string[];
  parameters: QueryParameters;
  order: string;
  range: ListQuery<string>['range'];
}

/** A page of records: their JSON array as the reply's body, how many it holds, and the total behind it. */
export interface JsonPage {
  json: string;
  count: number;
  total: number;
}

/** A timestamp as JavaScript's toISOString writes it: UTC, milliseconds, Z. */
export function isoTimestamp(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A prepared statement's name: its text's digest, so one name never stands for two texts. */
function statementName(text: string): string {
  return `page-${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * One list page as the JSON array the API answers, with the total behind it (a window count), in a
 * single query; only a page past the end, which has no row to carry the total, costs a second count.
 * Postgres writes the JSON: reading rows into objects, building the records and serialising them is
 * the API's largest cost on a list, and the API is one process where Postgres has one per connection.
 * A company's 200 employees took the API 4.4 ms of CPU and Postgres 0.8; now 2.4 to 3.4 ms and 1.9.
 * A page of 25: the API 1.2 ms and Postgres 0.5, now 1.0 and 0.6 to 0.8. Prepared on its
 * connection and run past Sequelize: planning a page of 25 of a 200-person company's employees took
 * Postgres 0.8 ms, longer than running it (0.65 ms), and each connection plans a prepared statement
 * once.
 */
export async function selectJsonPage(sequelize: Sequelize, select: PagedSelect): Promise<JsonPage> {
  const where = select.conditions.join(' AND ');
  const conditionValues = select.parameters.values;
  let values = conditionValues;
  let page = '';
  if (select.range) {
    values = [...conditionValues, select.range.end - select.range.start + 1, select.range.start];
    page = `LIMIT $${values.length - 1} OFFSET $${values.length}`;
  }
  return withTenantConnection(sequelize, async (connection) => {
    const text = `SELECT '[' || coalesce(string_agg(record, ',' ORDER BY ordinal), '') || ']' AS json,
                         count(*) AS count, max(total) AS total
                    FROM (SELECT (SELECT row_to_json(r)::text FROM (SELECT ${select.record}) r) AS record,
                                 count(*) OVER () AS total, row_number() OVER (ORDER BY ${select.order}) AS ordinal
                            FROM ${select.from} WHERE ${where} ORDER BY ${select.order} ${page}) page`;
    const { rows } = await connection.query<{ json: string; count: string; total: string | null }>({
      name: statementName(text),
      text,
      values,
    });
    const [found] = rows;
    if (found?.total) return { json: found.json, count: Number(found.count), total: Number(found.total) };
    if (!select.range) return { json: '[]', count: 0, total: 0 };
    const countText = `SELECT count(*) AS total FROM ${select.from} WHERE ${where}`;
    const counted = await connection.query<{ total: string }>({
      name: statementName(countText),
      text: countText,
      values: conditionValues,
    });
    return { json: '[]', count: 0, total: Number(counted.rows[0]?.total ?? 0) };
  });
}
