import { useState } from 'react';
import { Alert, Box, Chip, TableCell, TableSortLabel } from '@mui/material';
import { BRADFORD_BANDS, reportTexts, type BradfordBandName, type BradfordRow } from '@teamfolk/shared/contracts';
import { ExportButtons } from './ExportButtons';
import { BRADFORD_BAND_COLORS, sortBradfordRows, type BradfordSortKey, type SortDirection } from './reportData';
import { reportQuery, type ReportFilters } from './reportFilters';
import { ReportStatus } from './ReportStatus';
import { ReportTable, type TableColumn } from './ReportTable';
import { useReport } from './useReport';

const bandLabel = (band: BradfordBandName) => BRADFORD_BANDS.find(({ name }) => name === band)?.label ?? band;

function BandChip({ band }: { band: BradfordBandName }) {
  const { background, text } = BRADFORD_BAND_COLORS[band];
  return (
    <Chip
      size="small"
      label={bandLabel(band)}
      sx={{ bgcolor: background, color: text, fontWeight: 600, printColorAdjust: 'exact' }}
    />
  );
}

const COLUMNS: ReadonlyArray<TableColumn<BradfordRow> & { sortKey?: BradfordSortKey }> = [
  { header: reportTexts.name, cell: (row) => row.label, sortKey: 'label' },
  { header: reportTexts.spells, cell: (row) => row.spells, numeric: true, sortKey: 'spells' },
  { header: reportTexts.sickDays, cell: (row) => row.days, numeric: true, sortKey: 'days' },
  { header: reportTexts.score, cell: (row) => row.score, numeric: true, sortKey: 'score' },
  { header: reportTexts.bradfordBand, cell: (row) => <BandChip band={row.band} /> },
];

/** S² × D per person over the 52 weeks to the date, highest first, sortable; the band a coloured hint beside it. */
export function BradfordReport({ filters }: { filters: ReportFilters }) {
  const query = reportQuery('bradford', filters);
  const state = useReport('bradford', query);
  const [sort, setSort] = useState<{ key: BradfordSortKey; direction: SortDirection }>({
    key: 'score',
    direction: 'desc',
  });

  const sortBy = (key: BradfordSortKey) =>
    setSort((current) => ({
      key,
      direction:
        current.key === key ? (current.direction === 'asc' ? 'desc' : 'asc') : key === 'label' ? 'asc' : 'desc',
    }));

  return (
    <>
      <Alert severity="info" sx={{ my: 1 }}>
        {reportTexts.bradfordHint}
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {BRADFORD_BANDS.map(({ name }) => (
            <BandChip key={name} band={name} />
          ))}
        </Box>
      </Alert>
      <ExportButtons report="bradford" query={query} />
      <ReportStatus state={state} title={reportTexts.bradfordTitle}>
        {(rows) => (
          <ReportTable
            caption={reportTexts.bradfordTable}
            columns={COLUMNS}
            rows={sortBradfordRows(rows, sort.key, sort.direction)}
            rowKey={(row) => row.employee_id}
            headerCell={(column, index) => {
              const { sortKey } = COLUMNS[index]!;
              const active = sortKey === sort.key;
              return (
                <TableCell
                  key={column.header}
                  align={column.numeric ? 'right' : 'left'}
                  sx={{ fontWeight: 600 }}
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {sortKey ? (
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.direction : 'asc'}
                      onClick={() => sortBy(sortKey)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              );
            }}
          />
        )}
      </ReportStatus>
    </>
  );
}
