import {
  DATA_EXPORT_TTL_HOURS,
  DATA_EXPORTS_PAGE_PATH,
  exportDataPayload,
  writeOutbox,
  type Logger,
} from '@teamfolk/shared';
import type { Sequelize } from 'sequelize';
import { BalancesService } from '@teamfolk/services/domain';
import type { JobHandler } from '../jobs';
import { buildArchive } from './export-archive';
import { PrivacyRepository } from './privacy.repository';

export interface DataExportDependencies {
  sequelize: Sequelize;
  appUrl: string;
  logger: Logger;
}

export type DataExportResult = { ready: true; sizeBytes: number } | { skipped: string };

/**
 * Builds the zip of a requested export and keeps it for DATA_EXPORT_TTL_HOURS; the requester is
 * told by e-mail. Safe to run twice: only a pending (or interrupted, running) export is built, and
 * only a running one is filled in, so an export withdrawn meanwhile (an erasure) stays empty.
 */
export async function buildDataExport(
  deps: DataExportDependencies,
  { companyId, exportId }: { companyId: number; exportId: number },
  now: () => Date = () => new Date(),
): Promise<DataExportResult> {
  const privacy = new PrivacyRepository(deps.sequelize);
  const claimed = await privacy.claimExport(companyId, exportId);
  if (!claimed) return { skipped: 'not-pending' };

  // Figures stored before a new leave year, month or expiry are worked out first, as the API's lists do.
  await new BalancesService(deps.sequelize).refreshCompany(companyId);
  const datasets = await privacy.datasets({ companyId, userId: claimed.requested_by, scope: claimed.scope });
  const readyAt = now();
  const content = await buildArchive(claimed.scope, datasets, readyAt);
  const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_TTL_HOURS * 3600 * 1000);

  const filled = await privacy.transaction(async (transaction) => {
    if (!(await privacy.fillExport(companyId, exportId, { content, readyAt, expiresAt }, transaction))) return false;
    const requester = await privacy.requester(companyId, claimed.requested_by, transaction);
    if (requester) {
      await writeOutbox(transaction, {
        companyId,
        job: 'send-email',
        payload: {
          idempotencyKey: `data-export-ready-${exportId}`,
          to: requester.email,
          mail: {
            template: 'data-export-ready',
            name: requester.name,
            scope: claimed.scope,
            expiresAt: expiresAt.toISOString(),
            link: new URL(DATA_EXPORTS_PAGE_PATH, deps.appUrl).toString(),
          },
        },
      });
    }
    return true;
  });
  if (!filled) return { skipped: 'withdrawn' };
  deps.logger.info({ exportId, scope: claimed.scope, sizeBytes: content.length }, 'data export ready');
  return { ready: true, sizeBytes: content.length };
}

export function exportDataJob(deps: DataExportDependencies): JobHandler<'export-data', DataExportResult> {
  return async (job) => {
    const { exportId } = exportDataPayload.parse(job.data.payload);
    const companyId = job.data.companyId;
    if (companyId === null) return { skipped: 'no-company' };
    try {
      return await buildDataExport(deps, { companyId, exportId });
    } catch (error) {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (lastAttempt) await new PrivacyRepository(deps.sequelize).markExportFailed(companyId, exportId);
      throw error;
    }
  };
}
