import { Router, type RequestHandler } from 'express';
import { calendarRangeSchema, companySettingsSchema, ICAL_FILE_NAME } from '@teamfolk/shared';
import { requireRole, sessionOf } from '../auth/auth.middleware';
import type { CalendarService } from './calendar.service';

/** The secret feed is public by design (calendar apps send no bearer token): mounted before requireAuth. */
export function calendarFeedRoutes(calendar: CalendarService): Router {
  const router = Router();
  router.get('/feed/:token.ics', async (req, res) => {
    const body = await calendar.feed(req.params.token ?? '');
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.type('text/calendar; charset=utf-8').send(body);
  });
  return router;
}

/** Mounted behind requireAuth. */
export function calendarRoutes(calendar: CalendarService, signedIn: RequestHandler): Router {
  const router = Router();
  router.use(signedIn);

  router.get('/events', async (req, res) => {
    const { start, end } = calendarRangeSchema.parse(req.query);
    res.json(await calendar.events(sessionOf(req), start, end));
  });

  router.get('/holidays', async (req, res) => {
    const { start, end } = calendarRangeSchema.parse(req.query);
    res.json(await calendar.holidays(sessionOf(req), start, end));
  });

  router.get('/export/ical', async (req, res) => {
    const body = await calendar.ical(sessionOf(req));
    res.setHeader('Content-Disposition', `attachment; filename="${ICAL_FILE_NAME}"`);
    res.type('text/calendar; charset=utf-8').send(body);
  });

  router.get('/export/google', async (req, res) => {
    res.json({ urls: await calendar.googleLinks(sessionOf(req)) });
  });

  router.get('/feed-url', async (req, res) => {
    res.json({ url: await calendar.feedUrl(sessionOf(req)) });
  });

  router.post('/feed-url/regenerate', async (req, res) => {
    res.json({ url: await calendar.regenerateFeed(sessionOf(req)) });
  });

  router.get('/settings', async (req, res) => {
    res.json(await calendar.getSettings(sessionOf(req)));
  });

  router.put('/settings', requireRole('admin'), async (req, res) => {
    res.json(await calendar.saveSettings(sessionOf(req), companySettingsSchema.parse(req.body)));
  });

  return router;
}
