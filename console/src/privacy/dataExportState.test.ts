import type { DataExportRecord } from '@teamfolk/shared/contracts';
import { isInProgress, latestExports } from './dataExportState';

const record = (
  id: number,
  scope: DataExportRecord['scope'],
  status: DataExportRecord['status'],
): DataExportRecord => ({
  id,
  scope,
  status,
  createdAt: '2026-11-21T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
  downloadPath: null,
});

describe(latestExports.name, () => {
  it('should show the newest export of each scope, whatever order the list comes in', () => {
    const latest = latestExports([
      record(3, 'self', 'expired'),
      record(7, 'company', 'ready'),
      record(5, 'self', 'pending'),
    ]);
    expect(latest).toEqual({ self: record(5, 'self', 'pending'), company: record(7, 'company', 'ready') });
  });

  it('should show nothing for a scope never asked for', () => {
    expect(latestExports([record(1, 'self', 'ready')]).company).toBeUndefined();
  });
});

describe(isInProgress.name, () => {
  it('should keep asking while the export is pending or running, and stop once it is ready, failed or expired', () => {
    expect(
      ['pending', 'running', 'ready', 'failed', 'expired'].map((status) =>
        isInProgress(record(1, 'self', status as DataExportRecord['status'])),
      ),
    ).toEqual([true, true, false, false, false]);
    expect(isInProgress(undefined)).toBe(false);
  });
});
