import type { ReactNode } from 'react';
import { alpha, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';

export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures line up on the right. */
  numeric?: boolean;
}

/**
 * The accessible table under every chart: a caption, column headers, the first column as each row's
 * header. It scrolls sideways within itself (focusable, so keys scroll it too) rather than widen the page.
 */
export function ReportTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  highlighted,
  headerCell,
}: {
  caption: string;
  columns: ReadonlyArray<TableColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Rows to draw the eye to (the balances' use-it-or-lose-it). */
  highlighted?: (row: Row) => boolean;
  /** A header of its own for a column (the Bradford table's sort buttons). */
  headerCell?: (column: TableColumn<Row>, index: number) => ReactNode;
}) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={caption}
      // Sized by the page, not by its columns (as the lists' tables are): a wide table scrolls, the page does not.
      sx={{ mt: 2, contain: 'inline-size', '@media print': { overflow: 'visible', border: 'none', contain: 'none' } }}
    >
      <Table size="small">
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((column, index) =>
              headerCell ? (
                headerCell(column, index)
              ) : (
                <TableCell key={column.header} align={column.numeric ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                  {column.header}
                </TableCell>
              ),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const marked = highlighted?.(row) === true;
            return (
              <TableRow
                key={rowKey(row)}
                sx={marked ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.16) } : undefined}
              >
                {columns.map((column, index) => (
                  <TableCell
                    key={column.header}
                    component={index === 0 ? 'th' : 'td'}
                    scope={index === 0 ? 'row' : undefined}
                    align={column.numeric ? 'right' : 'left'}
                    sx={{ whiteSpace: index === 0 ? 'normal' : 'nowrap' }}
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A column of the export's (a contract's ReportColumn) as shown on screen; figures right-aligned. */
export function screenColumn<Row>(column: {
  header: string;
  value: (row: Row) => string | number | null;
}): TableColumn<Row> {
  return {
    header: column.header,
    cell: (row) => column.value(row) ?? '–',
    numeric: column.header !== 'Name' && column.header !== 'Team' && column.header !== 'Month',
  };
}
