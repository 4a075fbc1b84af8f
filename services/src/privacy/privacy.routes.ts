import { Router, type Request } from 'express';
import { dataExportDownloadSchema, dataExportRequestSchema, privacyTexts } from '@teamfolk/shared';
import { requirePermission, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import { routeId } from '../http/route-id';
import type { DataExportsService } from './data-exports.service';
import type { EmployeeErasureService } from './employee-erasure.service';

const exportId = (req: Request) => routeId(req, privacyTexts.exportNotFound);
const formerEmployeeId = (req: Request) => routeId(req, privacyTexts.formerEmployeeNotFound);

/**
 * Data rights, each route behind `session` (which leaves out the live-subscription gate: a company
 * whose subscription ended keeps the right to a copy of its data until the data is erased) and its
 * permission; the service asks again with the scope asked for.
 */
export function privacyRoutes(
  session: SessionGuard,
  exports: DataExportsService,
  erasure: EmployeeErasureService,
): Router {
  const router = Router();

  router.get('/exports', ...session, requirePermission('dataExports', 'list'), async (req, res) => {
    res.json(await exports.list(sessionOf(req)));
  });

  router.post('/exports', ...session, requirePermission('dataExports', 'create'), async (req, res) => {
    const { scope } = dataExportRequestSchema.parse(req.body);
    res.status(202).json(await exports.request(sessionOf(req), scope, req.id));
  });

  router.get('/exports/:id', ...session, requirePermission('dataExports', 'show'), async (req, res) => {
    res.json(await exports.get(sessionOf(req), exportId(req)));
  });

  router.get('/exports/:id/download', ...session, requirePermission('dataExports', 'download'), async (req, res) => {
    const id = exportId(req);
    const { token } = dataExportDownloadSchema.parse(req.query);
    const file = await exports.download(sessionOf(req), id, token);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.type('application/zip').send(file.content);
  });

  router.get('/former-employees', ...session, requirePermission('formerEmployees', 'list'), async (req, res) => {
    res.json(await erasure.listFormer(sessionOf(req)));
  });

  router.post(
    '/former-employees/:id/erase',
    ...session,
    requirePermission('formerEmployees', 'erase'),
    async (req, res) => {
      res.json(await erasure.erase(sessionOf(req), formerEmployeeId(req), req.id));
    },
  );

  return router;
}
