import type { ReactNode } from 'react';
import {
  Box,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { BillingCycleRecord, BillingCycleStatus } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { formatCents } from '../format/amounts';
import { EmptyState } from '../layout/EmptyState';
import { useIsMobile } from '../layout/useIsMobile';
import { formatBillingMonth, formatDay } from './billingFormat';
import { LoadState } from './LoadState';
import { StatusChip, type StatusTone } from './StatusChip';
import type { Loadable } from './useBillingData';

const STATUS_TONES: Record<BillingCycleStatus, StatusTone> = {
  paid: 'good',
  pending: 'attention',
  failed: 'bad',
};

const COLUMNS = ['billing_date', 'seat_count', 'amount_due', 'status', 'paid_at'] as const;
type Column = (typeof COLUMNS)[number];

interface BillingHistoryTabProps {
  history: Loadable<BillingCycleRecord[]>;
  onRetry: () => void;
}

/** What was billed each month, newest first: a table, or cards below 600px. */
export function BillingHistoryTab({ history, onRetry }: BillingHistoryTabProps) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const cycles = history.data;
  return (
    <>
      <Typography component="h3" variant="h6" sx={{ mb: 2 }}>
        {translate('resources.billing.history.title')}
      </Typography>
      <LoadState part={history} loadingLabel={translate('resources.billing.history.loading')} onRetry={onRetry} />
      {cycles && cycles.length === 0 && (
        <EmptyState
          icon={<ReceiptLongIcon />}
          title={translate('resources.billing.history.emptyTitle')}
          message={translate('resources.billing.history.emptyMessage')}
        />
      )}
      {cycles && cycles.length > 0 && (isMobile ? <CycleCards cycles={cycles} /> : <CycleTable cycles={cycles} />)}
    </>
  );
}

function useCycleCells() {
  const translate = useTranslate();
  return (cycle: BillingCycleRecord): Record<Column, ReactNode> => ({
    billing_date: formatBillingMonth(cycle.billing_date),
    seat_count: cycle.seat_count,
    amount_due: formatCents(cycle.amount_due),
    status: (
      <StatusChip
        tone={STATUS_TONES[cycle.status]}
        label={translate(`resources.billing.history.statuses.${cycle.status}`)}
      />
    ),
    paid_at: cycle.paid_at ? formatDay(cycle.paid_at) : translate('resources.billing.history.notPaid'),
  });
}

function CycleTable({ cycles }: { cycles: BillingCycleRecord[] }) {
  const translate = useTranslate();
  const cellsOf = useCycleCells();
  const numeric = (column: Column) => column === 'seat_count' || column === 'amount_due';
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('resources.billing.history.title')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} align={numeric(column) ? 'right' : 'left'}>
                {translate(`resources.billing.history.fields.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {cycles.map((cycle) => {
            const cells = cellsOf(cycle);
            return (
              <TableRow key={cycle.id}>
                {COLUMNS.map((column) => (
                  <TableCell key={column} align={numeric(column) ? 'right' : 'left'}>
                    {cells[column]}
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

function CycleCards({ cycles }: { cycles: BillingCycleRecord[] }) {
  const translate = useTranslate();
  const cellsOf = useCycleCells();
  return (
    <Stack
      component="ul"
      spacing={1.5}
      aria-label={translate('resources.billing.history.title')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {cycles.map((cycle) => {
        const cells = cellsOf(cycle);
        return (
          <Card key={cycle.id} component="li" variant="outlined" aria-label={formatBillingMonth(cycle.billing_date)}>
            <CardContent>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
                <Typography component="h4" sx={{ fontWeight: 600 }}>
                  {cells.billing_date}
                </Typography>
                {cells.status}
              </Box>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, m: 0 }}>
                {(['seat_count', 'amount_due', 'paid_at'] as const).map((column) => (
                  <Box key={column} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {translate(`resources.billing.history.fields.${column}`)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                      {cells[column]}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
