import { Router, type Request } from 'express';
import { LEAVE_SORT_FIELDS, leaveDecisionSchema, leaveRequestInputSchema, leaveTexts } from '@teamfolk/shared';
import { requireRole, sessionOf } from '../auth/auth.middleware';
import type { KeptReplies } from '../http/kept-replies';
import { pageReply, parseListQuery } from '../http/list-query';
import { routeId } from '../http/route-id';
import type { LeavesRepository } from './leaves.repository';
import type { LeavesService } from './leaves.service';

const leaveId = (req: Request) => routeId(req, leaveTexts.notFound);

/**
 * Mounted behind requireAuth: every role submits and lists (scoped); admins decide. A list page is
 * written by the repository's fast path.
 */
export function leavesRoutes(leaves: LeavesService, records: LeavesRepository, kept: KeptReplies): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const query = parseListQuery(req, LEAVE_SORT_FIELDS);
    await kept.send(req, res, JSON.stringify(query), async () =>
      pageReply('leaves', query.range, await records.page(leaves.pageCriteria(sessionOf(req), query))),
    );
  });

  router.post('/', async (req, res) => {
    const input = leaveRequestInputSchema.parse(req.body);
    res.status(201).json(await leaves.submit(sessionOf(req), input, req.id));
  });

  router.put('/:id/approve', requireRole('admin'), async (req, res) => {
    const id = leaveId(req);
    const { approved } = leaveDecisionSchema.parse(req.body);
    res.json(await leaves.decide(sessionOf(req), id, approved, req.id));
  });

  router.post('/:id/cancel', async (req, res) => {
    res.json(await leaves.cancel(sessionOf(req), leaveId(req)));
  });

  return router;
}
