import { Router, type Request, type Response } from 'express';
import {
  calendarEventsQuerySchema,
  calendarRangeSchema,
  companySettingsSchema,
  ICAL_FILE_NAME,
} from '@teamfolk/shared';
import { requirePermission, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import { jsonReply, type KeptReplies } from '../http/kept-replies';
import type { CalendarService } from './calendar.service';
import { writeIcalFile, type CalendarFile, type CalendarFileOutput } from './ical-file';

/**
 * A calendar file as it is written (chunked: its length is known only at the end). Its headers go
 * with the first piece, so a failure before it (a bad feed link, the database, both met while its
 * records are read) is answered as any other; one after it can only cut the reply short, which the
 * client sees as an incomplete file instead of waiting for the rest.
 */
async function sendCalendarFile(
  req: Request,
  res: Response,
  headers: Record<string, string>,
  { company, leave }: CalendarFile,
): Promise<void> {
  // One listener of each for the whole file: the compression middleware moves 'drain' listeners to
  // its own stream, where removing them through the response would not reach them.
  let wake: (() => void) | undefined;
  const resume = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  res.on('drain', resume).on('close', resume);
  const out: CalendarFileOutput = {
    write(text) {
      if (!res.headersSent) res.set({ 'Content-Type': 'text/calendar; charset=utf-8', ...headers });
      return res.write(text);
    },
    drained() {
      return new Promise((resolve) => {
        if (res.destroyed) resolve();
        else wake = resolve;
      });
    },
    get destroyed() {
      return res.destroyed;
    },
  };
  try {
    await writeIcalFile(company, leave, out);
  } catch (error) {
    if (!res.headersSent) throw error;
    req.log.error({ err: error }, 'calendar file cut short');
    res.destroy();
    return;
  }
  res.end();
}

/**
 * The secret feed is public by design (calendar apps send no bearer token): mounted at
 * CALENDAR_FEED_PATH, before requireAuth.
 */
export const CALENDAR_FEED_PATH = '/calendar/feed';

export function calendarFeedRoutes(calendar: CalendarService): Router {
  const router = Router();
  router.get('/:token.ics', async (req, res) => {
    const file = await calendar.feed(req.params.token ?? '');
    await sendCalendarFile(req, res, { 'Cache-Control': 'private, max-age=300' }, file);
  });
  return router;
}

/** Each route behind `session` and its permission. */
export function calendarRoutes(session: SessionGuard, calendar: CalendarService, kept: KeptReplies): Router {
  const router = Router();

  router.get('/events', ...session, requirePermission('calendar', 'list'), async (req, res) => {
    const { start, end, team_id: teamId } = calendarEventsQuerySchema.parse(req.query);
    await kept.send(req, res, `${start} ${end} ${teamId ?? ''}`, async () =>
      jsonReply(await calendar.events(sessionOf(req), start, end, teamId)),
    );
  });

  router.get('/holidays', ...session, requirePermission('calendar', 'list'), async (req, res) => {
    const { start, end } = calendarRangeSchema.parse(req.query);
    res.json(await calendar.holidays(sessionOf(req), start, end));
  });

  router.get('/export/ical', ...session, requirePermission('calendar', 'export'), async (req, res) => {
    const file = await calendar.calendarFile(sessionOf(req));
    await sendCalendarFile(req, res, { 'Content-Disposition': `attachment; filename="${ICAL_FILE_NAME}"` }, file);
  });

  router.get('/export/google', ...session, requirePermission('calendar', 'export'), async (req, res) => {
    res.json({ urls: await calendar.googleLinks(sessionOf(req)) });
  });

  router.get('/feed-url', ...session, requirePermission('calendar', 'export'), async (req, res) => {
    res.json({ url: await calendar.feedUrl(sessionOf(req)) });
  });

  router.post('/feed-url/regenerate', ...session, requirePermission('calendar', 'export'), async (req, res) => {
    res.json({ url: await calendar.regenerateFeed(sessionOf(req)) });
  });

  router.get('/settings', ...session, requirePermission('calendar', 'showSettings'), async (req, res) => {
    res.json(await calendar.getSettings(sessionOf(req)));
  });

  router.put('/settings', ...session, requirePermission('calendar', 'editSettings'), async (req, res) => {
    res.json(await calendar.saveSettings(sessionOf(req), companySettingsSchema.parse(req.body)));
  });

  return router;
}
