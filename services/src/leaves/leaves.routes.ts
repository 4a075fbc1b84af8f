import { Router, type Request } from 'express';
import {
  LEAVE_SORT_FIELDS,
  leaveApprovalSchema,
  leaveRequestInputSchema,
  leaveTexts,
  toDecideFilterSchema,
} from '@teamfolk/shared';
import { requirePermission, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import { jsonReply, type KeptReplies } from '../http/kept-replies';
import { pageReply, parseListQuery } from '../http/list-query';
import { routeId } from '../http/route-id';
import type { LeavesRepository } from './leaves.repository';
import type { LeavesService } from './leaves.service';

const leaveId = (req: Request) => routeId(req, leaveTexts.notFound);

/** Every time zone's offset is a whole number of quarter hours. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * Each route behind `session` and its permission; the service asks again with the request where the
 * right depends on it (submitting for another employee, deciding as a team's approver, withdrawing). A list page is written by the
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
    // `?to_decide=true` (the contract's), or react-admin's filter of the same name.
    const filtered = req.query.to_decide ?? query.filter.to_decide;
    const { to_decide: toDecide } = toDecideFilterSchema.parse({
      to_decide: filtered === undefined ? undefined : String(filtered),
    });
    // An approver's page holds their teams' requests: the teams are part of what the kept reply answers.
    const approves = (sessionOf(req).approvesTeams ?? []).map((team) => team.id);
    await kept.send(req, res, JSON.stringify([query, toDecide, approves]), async () =>
      pageReply('leaves', query.range, await records.page(leaves.pageCriteria(sessionOf(req), query, toDecide))),
    );
  });

  router.post('/', ...session, requirePermission('leaves', 'create'), async (req, res) => {
    const input = leaveRequestInputSchema.parse(req.body);
    res.status(201).json(await leaves.submit(sessionOf(req), input, req.id));
  });

  // The submission's fields in, what it would count, leave and warn of out; nothing written. The
  // dialog asks again as the person looks: the reply is kept with everything it reads (migration
  // 0028) and the quarter hour, within which no time zone's today changes.
  router.post('/preview', ...session, requirePermission('leaves', 'create'), async (req, res) => {
    const auth = sessionOf(req);
    const input = leaveRequestInputSchema.parse(req.body);
    const quarterHour = Math.floor(Date.now() / QUARTER_HOUR_MS);
    await kept.send(req, res, JSON.stringify([input, auth.userId, quarterHour]), async () =>
      jsonReply(await leaves.preview(auth, input)),
    );
  });

  router.put('/:id/approve', ...session, requirePermission('leaves', 'approve'), async (req, res) => {
    const id = leaveId(req);
    const { approved, override } = leaveApprovalSchema.parse(req.body);
    res.json(await leaves.decide(sessionOf(req), id, approved, req.id, { override }));
  });

  router.post('/:id/cancel', ...session, requirePermission('leaves', 'cancel'), async (req, res) => {
    res.json(await leaves.cancel(sessionOf(req), leaveId(req)));
  });

  return router;
}
