import { Router, type Request } from 'express';
import { LEAVE_SORT_FIELDS, leaveDecisionSchema, leaveRequestInputSchema, leaveTexts } from '@teamfolk/shared';
import { requirePermission, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import type { KeptReplies } from '../http/kept-replies';
import { pageReply, parseListQuery } from '../http/list-query';
import { routeId } from '../http/route-id';
import type { LeavesRepository } from './leaves.repository';
import type { LeavesService } from './leaves.service';

const leaveId = (req: Request) => routeId(req, leaveTexts.notFound);

/**
 * Each route behind `session` and its permission; the service asks again with the request where the
 * right depends on it (submitting for another employee, withdrawing). A list page is written by the
 * repository's fast path.
 */
export function leavesRoutes(
  session: SessionGuard,
  leaves: LeavesService,
  records: LeavesRepository,
  kept: KeptReplies,
): Router {
  const router = Router();

  router.get('/', ...session, requirePermission('leaves', 'list'), async (req, res) => {
    const query = parseListQuery(req, LEAVE_SORT_FIELDS);
    await kept.send(req, res, JSON.stringify(query), async () =>
      pageReply('leaves', query.range, await records.page(leaves.pageCriteria(sessionOf(req), query))),
    );
  });

  router.post('/', ...session, requirePermission('leaves', 'create'), async (req, res) => {
    const input = leaveRequestInputSchema.parse(req.body);
    res.status(201).json(await leaves.submit(sessionOf(req), input, req.id));
  });

  router.put('/:id/approve', ...session, requirePermission('leaves', 'approve'), async (req, res) => {
    const id = leaveId(req);
    const { approved } = leaveDecisionSchema.parse(req.body);
    res.json(await leaves.decide(sessionOf(req), id, approved, req.id));
  });

  router.post('/:id/cancel', ...session, requirePermission('leaves', 'cancel'), async (req, res) => {
    res.json(await leaves.cancel(sessionOf(req), leaveId(req)));
  });

  return router;
}
