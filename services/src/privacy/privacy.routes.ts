import { Router, type Request } from 'express';
import { dataExportDownloadSchema, dataExportRequestSchema, privacyTexts } from '@teamfolk/shared';
import { requireRole, sessionOf } from '../auth/auth.middleware';
import { routeId } from '../http/route-id';
import type { DataExportsService } from './data-exports.service';
import type { EmployeeErasureService } from './employee-erasure.service';

const exportId = (req: Request) => routeId(req, privacyTexts.exportNotFound);
const formerEmployeeId = (req: Request) => routeId(req, privacyTexts.formerEmployeeNotFound);

/**
 * Data rights, mounted behind requireAuth but not behind the live-subscription gate: a company whose
 * subscription ended keeps the right to a copy of its data until the data is erased.
 */
export function privacyRoutes(exports: DataExportsService, erasure: EmployeeErasureService): Router {
  const router = Router();

  router.get('/exports', async (req, res) => {
    res.json(await exports.list(sessionOf(req)));
  });

  router.post('/exports', async (req, res) => {
    const { scope } = dataExportRequestSchema.parse(req.body);
    res.status(202).json(await exports.request(sessionOf(req), scope, req.id));
  });

  router.get('/exports/:id', async (req, res) => {
    res.json(await exports.get(sessionOf(req), exportId(req)));
  });

  router.get('/exports/:id/download', async (req, res) => {
    const id = exportId(req);
    const { token } = dataExportDownloadSchema.parse(req.query);
    const file = await exports.download(sessionOf(req), id, token);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.type('application/zip').send(file.content);
  });

  router.get('/former-employees', requireRole('admin'), async (req, res) => {
    res.json(await erasure.listFormer(sessionOf(req)));
  });

  router.post('/former-employees/:id/erase', requireRole('admin'), async (req, res) => {
    res.json(await erasure.erase(sessionOf(req), formerEmployeeId(req), req.id));
  });

  return router;
}
