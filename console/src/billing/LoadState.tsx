import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../providers/apiError';
import type { Loadable } from './useBillingData';

interface LoadStateProps<Data> {
  part: Loadable<Data>;
  loadingLabel: string;
  onRetry: () => void;
}

/**
 * The loading and failure states of one part of the billing screen. Renders nothing once data is there;
 * when a later reload fails, the data stays and a warning says it may be out of date.
 */
export function LoadState<Data>({ part, loadingLabel, onRetry }: LoadStateProps<Data>) {
  const translate = useTranslate();
  if (!part.loaded) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{loadingLabel}</Typography>
      </Box>
    );
  }
  if (!part.error) return null;
  const retry = (
    <Button color="inherit" size="small" onClick={onRetry}>
      {translate('resources.billing.retry')}
    </Button>
  );
  if (part.data === undefined) {
    return (
      <Alert severity="error" action={retry}>
        {errorMessage(part.error, translate('resources.billing.messages.loadFailed'))}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" action={retry} sx={{ mb: 2 }}>
      {translate('resources.billing.messages.loadFailedAlt')}
    </Alert>
  );
}
