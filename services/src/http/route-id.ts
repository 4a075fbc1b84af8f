import type { Request } from 'express';
import { HttpError } from './errors';
import { isRowId } from './list-query';

/**
 * The row id a route names in `:id`. Anything that cannot be one (`abc`, `0`, `1.5`, past Postgres's
 * integer) names no row: a 404 with the resource's own text, as an id of another company's row gets.
 */
export function routeId(req: Request, notFound: string): number {
  const id = Number(req.params.id);
  if (!isRowId(id)) throw new HttpError(404, notFound);
  return id;
}
