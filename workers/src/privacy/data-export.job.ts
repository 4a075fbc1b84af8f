import type { Job } from 'bullmq';
import { QueryTypes, type Sequelize } from 'sequelize';
import {
  DATA_EXPORT_TTL_HOURS,
  DATA_EXPORTS_PAGE_PATH,
  exportDataPayload,
  User,
  writeOutbox,
  type DataExportScope,
  type JobEnvelope,
  type Logger,
} from '@teamfolk/shared';
import { buildArchive } from './export-archive';
import { readDatasets } from './export-datasets';

export interface DataExportDependencies {
  sequelize: Sequelize;
  appUrl: string;
  logger: Logger;
}

export type DataExportResult = { ready: true; sizeBytes: number } | { skipped: string };

interface ClaimedExport {
  id: number;
  requested_by: number;
  scope: DataExportScope;
}

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
  const { sequelize } = deps;
  const [claimed] = await sequelize.query<ClaimedExport>(
    `UPDATE data_exports SET status = 'running', updated_at = now()
      WHERE id = :exportId AND company_id = :companyId AND status IN ('pending', 'running')
      RETURNING id, requested_by, scope`,
    { replacements: { exportId, companyId }, type: QueryTypes.SELECT },
  );
  if (!claimed) return { skipped: 'not-pending' };

  const subject = { companyId, userId: claimed.requested_by, scope: claimed.scope };
  const datasets = await readDatasets(sequelize, subject);
  const readyAt = now();
  const content = await buildArchive(claimed.scope, datasets, readyAt);
  const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_TTL_HOURS * 3600 * 1000);

  const filled = await sequelize.transaction(async (transaction) => {
    // Bound, not inlined: the zip travels to Postgres as a binary parameter.
    const [, meta] = await sequelize.query(
      `UPDATE data_exports
          SET status = 'ready', content = $content, size_bytes = $size, ready_at = $readyAt, expires_at = $expiresAt,
              updated_at = now()
        WHERE id = $exportId AND company_id = $companyId AND status = 'running'`,
      { bind: { content, size: content.length, readyAt, expiresAt, exportId, companyId }, transaction },
    );
    if (((meta as { rowCount?: number }).rowCount ?? 0) === 0) return false;
    const requester = await User.findOne({
      where: { id: claimed.requested_by, companyId, disabledAt: null },
      transaction,
    });
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

/** Marks the export failed, so the console stops waiting and offers to try again. */
async function markFailed(sequelize: Sequelize, companyId: number, exportId: number): Promise<void> {
  await sequelize.query(
    `UPDATE data_exports SET status = 'failed', updated_at = now()
      WHERE id = :exportId AND company_id = :companyId AND status = 'running'`,
    { replacements: { exportId, companyId } },
  );
}

export function exportDataJob(deps: DataExportDependencies) {
  return async (job: Job<JobEnvelope<'export-data'>>): Promise<DataExportResult> => {
    const { exportId } = exportDataPayload.parse(job.data.payload);
    const companyId = job.data.companyId;
    if (companyId === null) return { skipped: 'no-company' };
    try {
      return await buildDataExport(deps, { companyId, exportId });
    } catch (error) {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (lastAttempt) await markFailed(deps.sequelize, companyId, exportId);
      throw error;
    }
  };
}
