import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  canAccess,
  DataExport,
  dataExportFileName,
  privacyTexts,
  writeOutbox,
  type DataExportRecord,
  type DataExportReply,
  type DataExportScope,
} from '@teamfolk/shared';
import { recordAudit } from '../audit/audit';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { ExportLinks } from './export-links';

/** An export still "in the making" after this long was lost (its job gave up): a new request replaces it. */
const STALE_AFTER_MINUTES = 15;
/** How many of a person's exports the console lists (the newest). */
const LISTED_EXPORTS = 10;
/** Each attempt past the first means the export in the way finished in between: twice is already rare. */
const MAX_INSERT_ATTEMPTS = 3;

/** Every column but the file itself. */
const SUMMARY_ATTRIBUTES = [
  'id',
  'companyId',
  'requestedBy',
  'scope',
  'status',
  'sizeBytes',
  'readyAt',
  'expiresAt',
  'createdAt',
] as const;

export interface ExportFile {
  fileName: string;
  content: Buffer;
}

/**
 * Copies of data for the people it is about (GDPR Art. 15, 20): an admin's of the whole company,
 * anyone's of their own. The API records the request and an outbox event; the export-data job
 * builds the zip; the download needs the requester's session and the link's token, and ends when
 * the link expires.
 */
export class DataExportsService {
  private readonly links: ExportLinks;

  constructor(
    private readonly sequelize: Sequelize,
    jwtSecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.links = new ExportLinks(jwtSecret);
  }

  /** Starts an export, or answers with the one of this person and scope still being made. */
  async request(auth: AuthContext, scope: DataExportScope, requestId: string): Promise<DataExportReply> {
    if (!canAccess(auth, { resource: 'dataExports', action: 'create', record: { scope } })) {
      throw new HttpError(403, privacyTexts.companyExportAdminOnly);
    }
    // The reply is read inside the transaction: once it commits, the export job may claim the export
    // at any moment, and the reply is to say what this request did, not how far the job has got.
    const { record, created } = await this.sequelize.transaction(async (transaction) => {
      const where = { companyId: auth.companyId, userId: auth.userId, scope };
      await this.sequelize.query(
        `UPDATE data_exports SET status = 'failed', updated_at = now()
          WHERE company_id = :companyId AND requested_by = :userId AND scope = :scope
            AND status IN ('pending', 'running') AND created_at < now() - make_interval(mins => :staleAfter)`,
        { replacements: { ...where, staleAfter: STALE_AFTER_MINUTES }, transaction },
      );
      const inserted = await this.insertUnlessInProgress(where, transaction);
      if ('existing' in inserted) {
        return { record: await this.get(auth, inserted.existing, transaction), created: false };
      }
      await writeOutbox(transaction, {
        companyId: auth.companyId,
        job: 'export-data',
        payload: { exportId: inserted.created },
        requestId,
      });
      await recordAudit(transaction, auth, {
        action: 'data_export.requested',
        entity: 'data_export',
        entityId: inserted.created,
        after: { scope },
      });
      return { record: await this.get(auth, inserted.created, transaction), created: true };
    });
    return { ...record, message: created ? privacyTexts.exportRequested : privacyTexts.exportInProgress };
  }

  /**
   * A new export's id, or the one already in progress for the same person and scope. The export in
   * the way may finish between the insert that met it and the read that looks for it (the worker
   * commits in between: each statement reads afresh), leaving neither; the insert is then tried again.
   */
  private async insertUnlessInProgress(
    where: { companyId: number; userId: number; scope: DataExportScope },
    transaction: Transaction,
  ): Promise<{ created: number } | { existing: number }> {
    for (let attempt = 1; ; attempt++) {
      const [inserted] = await this.sequelize.query<{ id: number }>(
        `INSERT INTO data_exports (company_id, requested_by, scope) VALUES (:companyId, :userId, :scope)
         ON CONFLICT (requested_by, scope) WHERE status IN ('pending', 'running') DO NOTHING
         RETURNING id`,
        { replacements: where, type: QueryTypes.SELECT, transaction },
      );
      if (inserted) return { created: inserted.id };
      const [existing] = await this.sequelize.query<{ id: number }>(
        `SELECT id FROM data_exports WHERE company_id = :companyId AND requested_by = :userId AND scope = :scope
            AND status IN ('pending', 'running')`,
        { replacements: where, type: QueryTypes.SELECT, transaction },
      );
      if (existing) return { existing: existing.id };
      if (attempt === MAX_INSERT_ATTEMPTS) throw new HttpError(409, privacyTexts.exportInProgress);
    }
  }

  /** The caller's own exports, newest first. */
  async list(auth: AuthContext): Promise<DataExportRecord[]> {
    const rows = await DataExport.findAll({
      attributes: [...SUMMARY_ATTRIBUTES],
      where: { companyId: auth.companyId, requestedBy: auth.userId },
      order: [['id', 'DESC']],
      limit: LISTED_EXPORTS,
    });
    return rows.map((row) => this.recordOf(row));
  }

  /** One of the caller's own exports: another person's, even in the same company, is not found. */
  async get(auth: AuthContext, id: number, transaction?: Transaction): Promise<DataExportRecord> {
    return this.recordOf(await this.find(auth, id, [...SUMMARY_ATTRIBUTES], transaction));
  }

  async download(auth: AuthContext, id: number, token: string): Promise<ExportFile> {
    const row = await this.find(auth, id, [...SUMMARY_ATTRIBUTES, 'content']);
    const status = this.statusOf(row);
    if (status === 'expired' || (status === 'ready' && !row.content)) {
      throw new HttpError(410, privacyTexts.exportExpired);
    }
    if (status !== 'ready') throw new HttpError(409, privacyTexts.exportNotReady);
    if (!this.links.matches(token, row.id, row.requestedBy, row.expiresAt!)) {
      throw new HttpError(404, privacyTexts.exportNotFound);
    }
    return { fileName: dataExportFileName(row.scope, row.readyAt!), content: row.content! };
  }

  private async find(
    auth: AuthContext,
    id: number,
    attributes: (keyof DataExport)[],
    transaction?: Transaction,
  ): Promise<DataExport> {
    const row = await DataExport.findOne({
      attributes,
      where: { id, companyId: auth.companyId, requestedBy: auth.userId },
      transaction,
    });
    if (!row) throw new HttpError(404, privacyTexts.exportNotFound);
    return row;
  }

  private statusOf(row: DataExport): DataExportRecord['status'] {
    const lapsed = row.expiresAt !== null && row.expiresAt.getTime() <= this.now().getTime();
    return row.status === 'ready' && lapsed ? 'expired' : row.status;
  }

  private recordOf(row: DataExport): DataExportRecord {
    const status = this.statusOf(row);
    const downloadPath =
      status === 'ready'
        ? `/privacy/exports/${row.id}/download?token=${this.links.token(row.id, row.requestedBy, row.expiresAt!)}`
        : null;
    return {
      id: row.id,
      scope: row.scope,
      status,
      createdAt: row.createdAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      sizeBytes: row.sizeBytes,
      downloadPath,
    };
  }
}
