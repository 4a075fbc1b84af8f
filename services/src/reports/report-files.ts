import type { Response } from 'express';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { reportTable, spreadsheetText, type ReportCell, type ReportColumn, type ReportFormat } from '@teamfolk/shared';

export function guardedCell(cell: ReportCell): ReportCell {
  return typeof cell === 'string' ? spreadsheetText(cell) : cell;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * Answers a report as JSON (`{rows}`), or streams it as a CSV or XLSX file named `name`.csv/.xlsx:
 * the same columns for both files (contracts' *_COLUMNS), text guarded against formulas, numbers kept
 * as numbers. The CSV starts with a byte order mark so spreadsheets read it as UTF-8.
 */
export async function sendReport<Row>(
  res: Response,
  format: ReportFormat,
  name: string,
  columns: ReadonlyArray<ReportColumn<Row>>,
  rows: readonly Row[],
): Promise<void> {
  if (format === 'json') {
    res.json({ rows });
    return;
  }
  const table = reportTable(columns, rows).map((cells) => cells.map(guardedCell));
  res.setHeader('Content-Type', CONTENT_TYPES[format]);
  res.setHeader('Content-Disposition', `attachment; filename="${name}.${format}"`);
  if (format === 'csv') {
    const csv = stringify({ bom: true });
    csv.pipe(res);
    for (const cells of table) csv.write(cells);
    csv.end();
    await new Promise<void>((resolve, reject) => res.on('finish', resolve).on('error', reject));
    return;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  for (const cells of table) sheet.addRow(cells).commit();
  sheet.commit();
  await workbook.commit();
}
