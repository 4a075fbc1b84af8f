import { QueryTypes, type Sequelize } from 'sequelize';
import type { ListQuery } from './list-query';

export interface PagedSelect {
  columns: string;
  from: string;
  conditions: string[];
  replacements: Record<string, unknown>;
  order: string;
  range: ListQuery<string>['range'];
}

/**
 * One list page and the total behind it in a single query (a window count); only a page past the
 * end, which has no row to carry the total, costs a second count.
 */
export async function selectPage<Row extends object>(
  sequelize: Sequelize,
  select: PagedSelect,
): Promise<{ rows: Row[]; total: number }> {
  const where = select.conditions.join(' AND ');
  const replacements = { ...select.replacements };
  let page = '';
  if (select.range) {
    replacements.limit = select.range.end - select.range.start + 1;
    replacements.offset = select.range.start;
    page = 'LIMIT :limit OFFSET :offset';
  }
  const rows = await sequelize.query<Row & { total: string }>(
    `SELECT ${select.columns}, count(*) OVER () AS total FROM ${select.from} WHERE ${where} ORDER BY ${select.order} ${page}`,
    { replacements, type: QueryTypes.SELECT },
  );
  if (rows[0]) return { rows, total: Number(rows[0].total) };
  if (!select.range) return { rows: [], total: 0 };
  const [counted] = await sequelize.query<{ total: string }>(
    `SELECT count(*) AS total FROM ${select.from} WHERE ${where}`,
    {
      replacements,
      type: QueryTypes.SELECT,
    },
  );
  return { rows: [], total: Number(counted?.total ?? 0) };
}
