import { Router } from 'express';
import { upcomingEventsQuerySchema } from '@teamfolk/shared';
import { requirePermission, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import { HttpError } from '../http/errors';
import { jsonReply, type KeptReplies } from '../http/kept-replies';
import type { DashboardService } from './dashboard.service';

const DAY_MS = 86_400_000;

/**
 * The caller's calendar day, which decides 'Today!'. Time zones put it at most a day from the
 * server's day in UTC: a date further off is a wrong clock or a made-up one, and is refused rather
 * than shown as today. Without one, the server's day.
 */
function callersToday(given: string | undefined, now = new Date()): string {
  const serverDay = now.toISOString().slice(0, 10);
  if (given === undefined) return serverDay;
  if (Math.abs(Date.parse(given) - Date.parse(serverDay)) > DAY_MS) {
    throw new HttpError(400, `today must be your own date, within a day of ${serverDay}`);
  }
  return given;
}

/** Each route behind `session` and its permission; the service scopes what it counts. */
export function dashboardRoutes(session: SessionGuard, dashboard: DashboardService, kept: KeptReplies): Router {
  const router = Router();
  router.get('/summary', ...session, requirePermission('dashboard', 'list'), async (req, res) => {
    res.json(await dashboard.summary(sessionOf(req)));
  });
  router.get('/upcoming-events', ...session, requirePermission('dashboard', 'list'), async (req, res) => {
    const today = callersToday(upcomingEventsQuerySchema.parse(req.query).today);
    await kept.send(req, res, today, async () => jsonReply(await dashboard.upcomingEvents(sessionOf(req), today)));
  });
  return router;
}
