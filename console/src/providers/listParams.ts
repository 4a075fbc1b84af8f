import type { GetListParams, GetListResult, RaRecord } from 'react-admin';

/**
 * Filters the API reads as plain query parameters (issue 30: `?to_decide=true`, `?team_id=`). They
 * stay in react-admin's `filter` JSON too, which the list routes read and whose unknown keys they ignore.
 */
const PLAIN_FILTER_PARAMS = ['to_decide', 'team_id'] as const;

/** The list URL ra-data-simple-rest built, with those filters also as their own parameters. */
export function withPlainFilterParams(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const filterText = params.get('filter');
  if (!filterText) return url;
  let filter: unknown;
  try {
    filter = JSON.parse(filterText);
  } catch {
    return url;
  }
  if (typeof filter !== 'object' || filter === null) return url;
  let added = false;
  for (const name of PLAIN_FILTER_PARAMS) {
    const value = (filter as Record<string, unknown>)[name];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params.set(name, String(value));
      added = true;
    }
  }
  return added ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

function compareValues(left: unknown, right: unknown): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left ?? '').localeCompare(String(right ?? ''), undefined, { sensitivity: 'base' });
}

/** A page of a whole list the API answered at once, sorted and sliced as react-admin asked. */
export function wholeListPage<RecordType extends RaRecord>(
  records: readonly RecordType[],
  { sort, pagination }: Pick<GetListParams, 'sort' | 'pagination'>,
): GetListResult<RecordType> {
  const sorted = [...records];
  if (sort?.field) {
    const direction = sort.order === 'DESC' ? -1 : 1;
    sorted.sort((left, right) => direction * compareValues(left[sort.field], right[sort.field]));
  }
  const page = pagination ? pagination.page : 1;
  const perPage = pagination ? pagination.perPage : sorted.length;
  const start = (page - 1) * perPage;
  return { data: sorted.slice(start, start + perPage), total: sorted.length };
}
