import type { Sequelize, Transaction } from 'sequelize';
import {
  canAccess,
  dataExportFileName,
  privacyTexts,
  recordAudit,
  writeOutbox,
  type DataExportRecord,
  type DataExportReply,
  type DataExportScope,
} from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import { ExportLinks } from './export-links';
import { PrivacyRepository, type ExportOwner, type ExportSummary } from './privacy.repository';

/** An export still "in the making" after this long was lost (its job gave up): a new request replaces it. */
const STALE_AFTER_MINUTES = 15;
/** How many of a person's exports the console lists (the newest). */
const LISTED_EXPORTS = 10;
/** Each attempt past the first means the export in the way finished in between: twice is already rare. */
const MAX_INSERT_ATTEMPTS = 3;

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
  private readonly repository: PrivacyRepository;

  constructor(
    sequelize: Sequelize,
    jwtSecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.links = new ExportLinks(jwtSecret);
    this.repository = new PrivacyRepository(sequelize);
  }

  /** Starts an export, or answers with the one of this person and scope still being made. */
  async request(auth: AuthContext, scope: DataExportScope, requestId: string): Promise<DataExportReply> {
    if (!canAccess(auth, { resource: 'dataExports', action: 'create', record: { scope } })) {
      throw new HttpError(403, privacyTexts.companyExportAdminOnly);
    }
    // The reply is read inside the transaction: once it commits, the export job may claim the export
    // at any moment, and the reply is to say what this request did, not how far the job has got.
    const { record, created } = await this.repository.transaction(async (transaction) => {
      const owner: ExportOwner = { companyId: auth.companyId, userId: auth.userId, scope };
      await this.repository.failExportsStaleAfter(owner, STALE_AFTER_MINUTES, transaction);
      const inserted = await this.insertUnlessInProgress(owner, transaction);
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
    owner: ExportOwner,
    transaction: Transaction,
  ): Promise<{ created: number } | { existing: number }> {
    for (let attempt = 1; ; attempt++) {
      const created = await this.repository.insertExport(owner, transaction);
      if (created !== null) return { created };
      const existing = await this.repository.exportInProgress(owner, transaction);
      if (existing !== null) return { existing };
      if (attempt === MAX_INSERT_ATTEMPTS) throw new HttpError(409, privacyTexts.exportInProgress);
    }
  }

  /** The caller's own exports, newest first. */
  async list(auth: AuthContext): Promise<DataExportRecord[]> {
    const rows = await this.repository.ownExports(auth.companyId, auth.userId, LISTED_EXPORTS);
    return rows.map((row) => this.recordOf(row));
  }

  /** One of the caller's own exports: another person's, even in the same company, is not found. */
  async get(auth: AuthContext, id: number, transaction?: Transaction): Promise<DataExportRecord> {
    return this.recordOf(found(await this.repository.ownExport(auth.companyId, auth.userId, id, transaction)));
  }

  async download(auth: AuthContext, id: number, token: string): Promise<ExportFile> {
    const row = found(await this.repository.ownExportWithFile(auth.companyId, auth.userId, id));
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

  private statusOf(row: ExportSummary): DataExportRecord['status'] {
    const lapsed = row.expiresAt !== null && row.expiresAt.getTime() <= this.now().getTime();
    return row.status === 'ready' && lapsed ? 'expired' : row.status;
  }

  private recordOf(row: ExportSummary): DataExportRecord {
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

/** Another person's export, even in the same company, is not found. */
function found<Row extends ExportSummary>(row: Row | null): Row {
  if (!row) throw new HttpError(404, privacyTexts.exportNotFound);
  return row;
}
