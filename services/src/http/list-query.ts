import type { Request } from 'express';
import { HttpError } from './errors';
import type { ReplyToKeep } from './kept-replies';
import type { JsonPage } from '../db/json-pages';

export interface ListQuery<SortField extends string> {
  sort: { field: SortField; order: 'ASC' | 'DESC' } | null;
  /** Zero-based, inclusive bounds, as react-admin sends them; null for the whole list. */
  range: { start: number; end: number } | null;
  filter: Record<string, unknown>;
}

const MAX_PAGE = 1_000;

function parseJsonParam(req: Request, name: string): unknown {
  const raw = req.query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new HttpError(400, `${name} must be given once, as JSON`);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new HttpError(400, `${name} must be valid JSON`);
  }
}

/**
 * Reads react-admin's simple REST dialect: `sort=["name","ASC"]`, `range=[0,24]`,
 * `filter={"q":"ann"}`. A plain GET (no parameters) asks for the whole list.
 */
export function parseListQuery<SortField extends string>(
  req: Request,
  sortFields: readonly SortField[],
): ListQuery<SortField> {
  const sort = parseJsonParam(req, 'sort');
  const range = parseJsonParam(req, 'range');
  const filter = parseJsonParam(req, 'filter') ?? {};

  let parsedSort: ListQuery<SortField>['sort'] = null;
  if (sort !== undefined) {
    if (!Array.isArray(sort) || sort.length !== 2) throw new HttpError(400, 'sort must be ["field","ASC|DESC"]');
    const [field, order] = sort as [unknown, unknown];
    if (!sortFields.includes(field as SortField)) {
      throw new HttpError(400, `sort field must be one of: ${sortFields.join(', ')}`);
    }
    const normalisedOrder = typeof order === 'string' ? order.toUpperCase() : '';
    if (normalisedOrder !== 'ASC' && normalisedOrder !== 'DESC')
      throw new HttpError(400, 'sort order must be ASC or DESC');
    parsedSort = { field: field as SortField, order: normalisedOrder };
  }

  let parsedRange: ListQuery<SortField>['range'] = null;
  if (range !== undefined) {
    const valid =
      Array.isArray(range) &&
      range.length === 2 &&
      // Safe integers only: a bound past Postgres's bigint (e.g. 1e20) failed the query with a 500.
      range.every((bound) => Number.isSafeInteger(bound) && (bound as number) >= 0) &&
      (range[1] as number) >= (range[0] as number);
    if (!valid) throw new HttpError(400, 'range must be [start, end] with 0 ≤ start ≤ end');
    const [start, end] = range as [number, number];
    if (end - start + 1 > MAX_PAGE) throw new HttpError(400, `range may span at most ${MAX_PAGE} rows`);
    parsedRange = { start, end };
  }

  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw new HttpError(400, 'filter must be a JSON object');
  }
  // Postgres text cannot hold U+0000: bound as a parameter, such a value fails the whole query.
  if (
    Object.values(filter).some((value) =>
      [value].flat().some((item) => typeof item === 'string' && item.includes('\u0000')),
    )
  ) {
    throw new HttpError(400, 'filter values must not contain the NUL character');
  }
  return { sort: parsedSort, range: parsedRange, filter: filter as Record<string, unknown> };
}

/**
 * A list page as the reply to keep: its records, and the header ra-data-simple-rest reads the total
 * from (`employees 0-24/57`), which apiCors lets the console read with the others it exposes.
 */
export function pageReply(resource: string, range: ListQuery<string>['range'], page: JsonPage): ReplyToKeep {
  const start = range?.start ?? 0;
  const span = page.count > 0 ? `${start}-${start + page.count - 1}` : '*';
  return { body: page.body, headers: { 'Content-Range': `${resource} ${span}/${page.total}` } };
}

/**
 * Whether a filter's value can be a row's id: ids are Postgres integers, and a larger number bound
 * to an integer column fails the whole query.
 */
export function isRowId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 2_147_483_647;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
