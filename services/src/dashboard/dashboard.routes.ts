import { Router } from 'express';
import { sessionOf } from '../auth/auth.middleware';
import type { DashboardService } from './dashboard.service';

/** Mounted behind requireAuth; every role, scoped by the service. */
export function dashboardRoutes(dashboard: DashboardService): Router {
  const router = Router();
  router.get('/summary', async (req, res) => {
    res.json(await dashboard.summary(sessionOf(req)));
  });
  router.get('/upcoming-events', async (req, res) => {
    res.json(await dashboard.upcomingEvents(sessionOf(req)));
  });
  return router;
}
