import { useCallback, useEffect, useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { SEAT_PRICE_CENTS, type SeatPreview } from '@teamfolk/shared/contracts';
import { useDataProvider, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { formatCents } from '../format/amounts';
import { seatChargeNote } from './seatCharges';

type PreviewState =
  { status: 'loading' } | { status: 'loaded'; preview: SeatPreview } | { status: 'failed'; message: string };

interface SeatConfirmationDialogProps {
  onCancel: () => void;
  onContinue: () => void;
}

/**
 * The billing impact of one more employee, shown before the form (spec section 2). The API enforces
 * the payment rules on save, so a preview that fails to load only informs; it does not block adding.
 */
export function SeatConfirmationDialog({ onCancel, onContinue }: SeatConfirmationDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const titleId = useId();
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    dataProvider.getSeatPreview().then(
      ({ data: preview }) => current && setState({ status: 'loaded', preview }),
      (error: unknown) =>
        current &&
        setState({
          status: 'failed',
          message: errorMessage(error, translate('resources.employees.seats.loadFailed')),
        }),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, translate, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('resources.employees.seats.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {translate('resources.employees.seats.intro', { price: formatCents(SEAT_PRICE_CENTS) })}
        </Typography>
        {state.status === 'loading' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{translate('resources.employees.seats.loading')}</Typography>
          </Box>
        )}
        {state.status === 'failed' && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={retry}>
                {translate('resources.employees.seats.retry')}
              </Button>
            }
          >
            {state.message}
          </Alert>
        )}
        {state.status === 'loaded' && <SeatCosts preview={state.preview} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={onContinue} disabled={state.status === 'loading'}>
          {translate('resources.employees.seats.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SeatCosts({ preview }: { preview: SeatPreview }) {
  const translate = useTranslate();
  const rows = [
    { key: 'currentSeats', value: String(preview.currentSeats) },
    { key: 'currentMonthlyCost', value: formatCents(preview.currentMonthlyCost) },
    { key: 'newSeatCost', value: formatCents(preview.newSeatCost) },
    { key: 'newTotalCost', value: formatCents(preview.newTotalCost) },
    { key: 'chargedNow', value: formatCents(preview.chargedNow) },
  ];
  const note = seatChargeNote(preview);
  return (
    <>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1, columnGap: 2, m: 0, mb: 2 }}
      >
        {rows.map(({ key, value }) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {translate(`resources.employees.seats.${key}`)}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, textAlign: 'right', fontWeight: key === 'newTotalCost' || key === 'chargedNow' ? 700 : 500 }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate(`resources.employees.seats.${note.key}`, note.values)}
      </Typography>
    </>
  );
}
