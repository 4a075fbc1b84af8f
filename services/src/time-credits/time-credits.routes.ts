import { Router } from 'express';
import {
  TIME_CREDIT_SORT_FIELDS,
  timeCreditDecisionSchema,
  timeCreditInputSchema,
  timeCreditTexts,
} from '@teamfolk/shared';
import { requirePermission, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import { parseListQuery } from '../http/list-query';
import { routeId } from '../http/route-id';
import type { TimeCreditsService } from './time-credits.service';

/** Time in lieu under /api/time-credits: everyone lists and logs (scoped by the service); admins decide. */
export function timeCreditsRoutes(session: SessionGuard, credits: TimeCreditsService): Router {
  const router = Router();

  router.get('/', ...session, requirePermission('timeCredits', 'list'), async (req, res) => {
    const query = parseListQuery(req, TIME_CREDIT_SORT_FIELDS);
    const { records, total } = await credits.list(sessionOf(req), query);
    const start = query.range?.start ?? 0;
    const span = records.length > 0 ? `${start}-${start + records.length - 1}` : '*';
    res.set('Content-Range', `time-credits ${span}/${total}`).json(records);
  });

  router.post('/', ...session, requirePermission('timeCredits', 'create'), async (req, res) => {
    const input = timeCreditInputSchema.parse(req.body);
    res.status(201).json(await credits.submit(sessionOf(req), input, req.id));
  });

  router.put('/:id/approve', ...session, requirePermission('timeCredits', 'approve'), async (req, res) => {
    const id = routeId(req, timeCreditTexts.notFound);
    const { approved } = timeCreditDecisionSchema.parse(req.body);
    res.json(await credits.decide(sessionOf(req), id, approved, req.id));
  });

  return router;
}
