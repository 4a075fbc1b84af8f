import { z } from 'zod';

/**
 * Data rights (GDPR): a copy of the company's data or of one's own (Art. 15, 20), made by a job and
 * downloaded through a link that expires; and the erasure of a former employee (Art. 17).
 */

/** `company`: everything the company keeps (admins only); `self`: the caller's own data (anyone). */
export const DATA_EXPORT_SCOPES = ['company', 'self'] as const;
export type DataExportScope = (typeof DATA_EXPORT_SCOPES)[number];

/** `expired` once the download window has passed (the file is then deleted). */
export const DATA_EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long a finished export can be downloaded. */
export const DATA_EXPORT_TTL_HOURS = 24;
/**
 * How long the security log keeps a sign-in attempt or a refused request: a year, long enough to
 * look into an incident reported late, then the address typed and the client's IP address go.
 */
export const SECURITY_EVENT_RETENTION_DAYS = 365;
/** The console page where people ask for and download their exports (the e-mail links there). */
export const DATA_EXPORTS_PAGE_PATH = '/dashboard/account';
/** How often the console asks whether an export is ready. */
export const DATA_EXPORT_POLL_MS = 2_000;

/** What an erased person's leave is shown as: the days stay in the statistics, the person does not. */
export const ERASED_PERSON_LABEL = 'Former employee';

export const privacyTexts = {
  scopeInvalid: 'scope must be company or self',
  companyExportAdminOnly: 'Only a company administrator can download the company data',
  exportRequested: 'Your data export is being prepared. It will be ready to download in a moment.',
  exportInProgress: 'Your data export is already being prepared.',
  exportNotFound: 'Data export not found',
  exportNotReady: 'This data export is not ready yet.',
  exportExpired: 'This download link has expired. Please request a new export.',
  exportFailed: 'The data export could not be prepared. Please try again.',
  tokenRequired: 'token is required',
  formerEmployeeNotFound: 'Former employee not found',
  stillEmployed: 'Only a former employee can be erased: remove the employee first.',
  rehired: 'This person works for the company again under another record, so their data cannot be erased.',
  erased: 'The personal data of the former employee has been erased.',
} as const;

/** POST /privacy/exports. */
export const dataExportRequestSchema = z.object({
  scope: z.enum(DATA_EXPORT_SCOPES, { error: privacyTexts.scopeInvalid }),
});
export type DataExportRequest = z.input<typeof dataExportRequestSchema>;

/** GET /privacy/exports/:id/download?token=…: the token of the link the status reply gives. */
export const dataExportDownloadSchema = z.object({
  token: z
    .string({ error: privacyTexts.tokenRequired })
    .min(1, privacyTexts.tokenRequired)
    .max(200, 'token is too long'),
});

/** The zip's file name, e.g. teamfolk-company-data-2026-11-21.zip (the day it was made). */
export function dataExportFileName(scope: DataExportScope, readyAt: string | Date): string {
  const day = (typeof readyAt === 'string' ? readyAt : readyAt.toISOString()).slice(0, 10);
  return `teamfolk-${scope === 'company' ? 'company-data' : 'my-data'}-${day}.zip`;
}

export interface DataExportRecord {
  id: number;
  scope: DataExportScope;
  status: DataExportStatus;
  createdAt: string;
  readyAt: string | null;
  /** When the download link stops working; set once the export is ready. */
  expiresAt: string | null;
  sizeBytes: number | null;
  /** The download link (below /api), only while the export is ready and not expired. */
  downloadPath: string | null;
}

export interface DataExportReply extends DataExportRecord {
  message: string;
}

/** GET /privacy/former-employees: removed employees whose personal data is still kept. */
export interface FormerEmployeeRecord {
  id: number;
  name: string;
  email: string;
  role: string;
  hire_date: string;
  removed_at: string;
}

export interface EmployeeErasedReply {
  message: string;
  /** How many leave requests stay in the statistics without the person. */
  anonymisedLeaveRequests: number;
}
