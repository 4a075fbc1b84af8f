import { Router, type Request } from 'express';
import { teamInputSchema, teamTexts, teamUpdateSchema } from '@teamfolk/shared';
import { requirePermission, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import { routeId } from '../http/route-id';
import type { TeamsService } from './teams.service';

const teamId = (req: Request) => routeId(req, teamTexts.notFound);

/** Each route behind `session` and its permission (admins). The list is whole: a company has few teams. */
export function teamsRoutes(session: SessionGuard, teams: TeamsService): Router {
  const router = Router();

  router.get('/', ...session, requirePermission('teams', 'list'), async (req, res) => {
    const records = await teams.list(sessionOf(req));
    const span = records.length > 0 ? `0-${records.length - 1}` : '*';
    res.set('Content-Range', `teams ${span}/${records.length}`).json(records);
  });

  router.post('/', ...session, requirePermission('teams', 'create'), async (req, res) => {
    res.status(201).json(await teams.create(sessionOf(req), teamInputSchema.parse(req.body)));
  });

  router.get('/:id', ...session, requirePermission('teams', 'show'), async (req, res) => {
    res.json(await teams.get(sessionOf(req), teamId(req)));
  });

  router.put('/:id', ...session, requirePermission('teams', 'edit'), async (req, res) => {
    const id = teamId(req);
    res.json(await teams.update(sessionOf(req), id, teamUpdateSchema.parse(req.body)));
  });

  router.delete('/:id', ...session, requirePermission('teams', 'delete'), async (req, res) => {
    res.json(await teams.remove(sessionOf(req), teamId(req)));
  });

  return router;
}
