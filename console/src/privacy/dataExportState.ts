import type { DataExportRecord, DataExportScope } from '@teamfolk/shared/contracts';

/** The export to show per scope: the newest one the person asked for. */
export function latestExports(records: DataExportRecord[]): Partial<Record<DataExportScope, DataExportRecord>> {
  const latest: Partial<Record<DataExportScope, DataExportRecord>> = {};
  for (const record of records) {
    const shown = latest[record.scope];
    if (!shown || record.id > shown.id) latest[record.scope] = record;
  }
  return latest;
}

/** Still being made: the console keeps asking until it is ready or has failed. */
export function isInProgress(record: DataExportRecord | undefined): boolean {
  return record?.status === 'pending' || record?.status === 'running';
}
