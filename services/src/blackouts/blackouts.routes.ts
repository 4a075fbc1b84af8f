import { Router } from 'express';
import { blackoutInputSchema, blackoutTexts, calendarRangeSchema } from '@teamfolk/shared';
import { requirePermission, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import { routeId } from '../http/route-id';
import type { BlackoutsService } from './blackouts.service';

/** Blackout periods under /api/blackouts: everyone lists them (optionally `?start=&end=`); admins set and remove them. */
export function blackoutsRoutes(session: SessionGuard, blackouts: BlackoutsService): Router {
  const router = Router();

  router.get('/', ...session, requirePermission('blackouts', 'list'), async (req, res) => {
    const range =
      req.query.start === undefined && req.query.end === undefined ? undefined : calendarRangeSchema.parse(req.query);
    res.json(await blackouts.list(sessionOf(req), range && { from: range.start, to: range.end }));
  });

  router.post('/', ...session, requirePermission('blackouts', 'create'), async (req, res) => {
    const input = blackoutInputSchema.parse(req.body);
    res.status(201).json({ ...(await blackouts.create(sessionOf(req), input)), message: blackoutTexts.created });
  });

  router.delete('/:id', ...session, requirePermission('blackouts', 'delete'), async (req, res) => {
    const deleted = await blackouts.delete(sessionOf(req), routeId(req, blackoutTexts.notFound));
    res.json({ ...deleted, message: blackoutTexts.deleted });
  });

  return router;
}
