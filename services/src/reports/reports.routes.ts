import { Router } from 'express';
import {
  ABSENCE_RATE_COLUMNS,
  ABSENCE_REPORT_COLUMNS,
  absenceRateQuerySchema,
  absenceReportQuerySchema,
  ACTIVITY_COLUMNS,
  ACTIVITY_SORT_FIELDS,
  activityQuerySchema,
  BALANCES_REPORT_COLUMNS,
  BRADFORD_COLUMNS,
  LOW_UPTAKE_COLUMNS,
  lowUptakeQuerySchema,
  reportOnQuerySchema,
} from '@teamfolk/shared';
import { requirePermission, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import { parseListQuery } from '../http/list-query';
import { sendReport } from './report-files';
import type { ReportsService } from './reports.service';

/** GET /api/reports/* (admins: the company; approvers: their teams), as JSON, CSV or XLSX. */
export function reportsRoutes(session: SessionGuard, reports: ReportsService): Router {
  const router = Router();
  const guard = [...session, requirePermission('reports', 'list')];

  router.get('/absence', ...guard, async (req, res) => {
    const query = absenceReportQuerySchema.parse(req.query);
    const { rows, from, to } = await reports.absence(sessionOf(req), query);
    await sendReport(res, query.format, `absence-by-${query.group_by}-${from}-${to}`, ABSENCE_REPORT_COLUMNS, rows);
  });

  router.get('/absence-rate', ...guard, async (req, res) => {
    const query = absenceRateQuerySchema.parse(req.query);
    const { rows, from, to } = await reports.absenceRate(sessionOf(req), query);
    await sendReport(res, query.format, `absence-rate-${from}-${to}`, ABSENCE_RATE_COLUMNS, rows);
  });

  router.get('/bradford', ...guard, async (req, res) => {
    const query = reportOnQuerySchema.parse(req.query);
    const { rows, on } = await reports.bradford(sessionOf(req), query);
    await sendReport(res, query.format, `bradford-${on}`, BRADFORD_COLUMNS, rows);
  });

  router.get('/balances', ...guard, async (req, res) => {
    const query = reportOnQuerySchema.parse(req.query);
    const { rows, on } = await reports.balancesOn(sessionOf(req), query);
    await sendReport(res, query.format, `balances-${on}`, BALANCES_REPORT_COLUMNS, rows);
  });

  router.get('/low-uptake', ...guard, async (req, res) => {
    const query = lowUptakeQuerySchema.parse(req.query);
    const { rows, on } = await reports.lowUptake(sessionOf(req), query);
    await sendReport(res, query.format, `low-uptake-${on}`, LOW_UPTAKE_COLUMNS, rows);
  });

  return router;
}

/**
 * GET /api/activity (admins), in react-admin's list dialect: `range`, `sort` (at or kind) and the
 * filters as `filter` or as plain parameters; Content-Range carries the total. CSV and XLSX too.
 */
export function activityRoutes(session: SessionGuard, reports: ReportsService): Router {
  const router = Router();

  router.get('/', ...session, requirePermission('activity', 'list'), async (req, res) => {
    const list = parseListQuery(req, ACTIVITY_SORT_FIELDS);
    const { sort: _sort, range: _range, filter: _filter, ...plain } = req.query;
    const query = activityQuerySchema.parse({ ...plain, ...list.filter });
    const page = await reports.activity(sessionOf(req), query, list);
    const start = list.range?.start ?? 0;
    const span = page.rows.length > 0 ? `${start}-${start + page.rows.length - 1}` : '*';
    res.setHeader('Content-Range', `activity ${span}/${page.total}`);
    if (query.format === 'json') res.json(page.rows);
    else await sendReport(res, query.format, 'activity', ACTIVITY_COLUMNS, page.rows);
  });

  return router;
}
