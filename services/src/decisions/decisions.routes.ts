import { Router, type Request, type RequestHandler } from 'express';
import { decisionPostSchema, decisionTokenSchema, teamTexts } from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import type { DecisionsService } from './decisions.service';

/** The link's token; one that cannot be a token is no link (404, as an unknown one). */
function tokenOf(req: Request): string {
  const parsed = decisionTokenSchema.safeParse(req.params.token);
  if (!parsed.success) throw new HttpError(404, teamTexts.decisionLinkUnknown);
  return parsed.data;
}

/**
 * Public, as the other e-mailed links: the link is the credential. GET shows (a link scanner's or a
 * preview's GET decides nothing); POST decides, its failures counted per link and per address.
 */
export function decisionsRoutes(decisions: DecisionsService, limitFailures: RequestHandler[]): Router {
  const router = Router();

  router.get('/:token', async (req, res) => {
    const token = decisionTokenSchema.safeParse(req.params.token);
    res.json(await decisions.show(token.success ? token.data : ''));
  });

  router.post('/:token', ...limitFailures, async (req, res) => {
    const token = tokenOf(req);
    const input = decisionPostSchema.parse(req.body);
    res.json(await decisions.decide(token, input, req.id));
  });

  return router;
}
