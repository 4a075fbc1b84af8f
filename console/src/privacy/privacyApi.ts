import {
  dataExportFileName,
  type DataExportRecord,
  type DataExportReply,
  type DataExportScope,
  type EmployeeErasedReply,
  type FormerEmployeeRecord,
} from '@teamfolk/shared/contracts';
import { apiDownload, apiRequest } from '../api/http';

/** The data rights calls (GDPR): exports of one's own or the company's data, and erasing former employees. */

export function fetchDataExports(signal?: AbortSignal): Promise<DataExportRecord[]> {
  return apiRequest<DataExportRecord[]>('/privacy/exports', { signal });
}

export function requestDataExport(scope: DataExportScope): Promise<DataExportReply> {
  return apiRequest<DataExportReply>('/privacy/exports', { method: 'POST', body: { scope } });
}

/** A poll while the file is prepared: it does not keep an unattended session alive. */
export function pollDataExport(id: number, signal?: AbortSignal): Promise<DataExportRecord> {
  return apiRequest<DataExportRecord>(`/privacy/exports/${id}`, { signal, background: true });
}

/** The file through the link the API gave; a plain link cannot carry the bearer token the download needs. */
export async function saveDataExport(record: DataExportRecord): Promise<void> {
  if (!record.downloadPath || !record.readyAt) throw new Error('The export is not ready');
  const file = await apiDownload(record.downloadPath, 'application/zip');
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = dataExportFileName(record.scope, record.readyAt);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns: revoking at once could cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function fetchFormerEmployees(signal?: AbortSignal): Promise<FormerEmployeeRecord[]> {
  return apiRequest<FormerEmployeeRecord[]>('/privacy/former-employees', { signal });
}

export function eraseFormerEmployee(id: number): Promise<EmployeeErasedReply> {
  return apiRequest<EmployeeErasedReply>(`/privacy/former-employees/${id}/erase`, { method: 'POST' });
}
