import archiver from 'archiver';
import { stringify } from 'csv-stringify/sync';
import { spreadsheetText, type DataExportScope } from '@teamfolk/shared';
import type { Dataset } from './privacy.repository';

function csvCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return spreadsheetText(text);
}

function toCsv({ rows }: Dataset): string {
  const columns = Object.keys(rows[0] ?? {});
  if (columns.length === 0) return '';
  return stringify(
    rows.map((row) => columns.map((column) => csvCell(row[column]))),
    { header: true, columns, bom: true, record_delimiter: 'windows' },
  );
}

function readme(scope: DataExportScope, datasets: Dataset[], generatedAt: Date): string {
  const subject = scope === 'company' ? "the company's data" : 'your personal data';
  const lines = datasets.map(({ name, rows }) => `- ${name}.json / ${name}.csv: ${rows.length} record(s)`);
  return [
    `Teamfolk: a copy of ${subject}, made on ${generatedAt.toISOString()}.`,
    '',
    'Each record set comes twice: as JSON (exact values, nested records kept) and as CSV (UTF-8,',
    'for spreadsheets; nested records are written as JSON text).',
    '',
    ...lines,
    '',
  ].join('\n');
}

/** The export as one zip: a README and each dataset as JSON and CSV. */
export async function buildArchive(scope: DataExportScope, datasets: Dataset[], generatedAt: Date): Promise<Buffer> {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    archive.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.on('end', () => resolve(Buffer.concat(chunks)));
    archive.on('error', reject);
  });
  const date = generatedAt;
  archive.append(readme(scope, datasets, generatedAt), { name: 'README.txt', date });
  for (const dataset of datasets) {
    archive.append(JSON.stringify(dataset.rows, null, 2), { name: `${dataset.name}.json`, date });
    archive.append(toCsv(dataset), { name: `${dataset.name}.csv`, date });
  }
  await archive.finalize();
  return finished;
}
