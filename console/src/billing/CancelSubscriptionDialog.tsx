import { useId, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/apiError';
import type { CancellationTiming, TeamfolkDataProvider } from '../providers/dataProvider';
import { formatDay } from './billingFormat';

interface CancelSubscriptionDialogProps {
  periodEnd: string | null;
  onClose: () => void;
  onCanceled: () => void;
}

/** Spec section 4: cancel at period end (access kept, next period not charged) or immediately (no refund). */
export function CancelSubscriptionDialog({ periodEnd, onClose, onCanceled }: CancelSubscriptionDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const titleId = useId();
  const [timing, setTiming] = useState<CancellationTiming>('periodEnd');
  const [sending, setSending] = useState(false);

  async function confirm() {
    setSending(true);
    try {
      const { data: reply } = await dataProvider.cancelSubscription(timing);
      notify(reply.message, { type: 'success' });
      onCanceled();
    } catch (error) {
      notify(errorMessage(error, translate('resources.billing.messages.cancelFailed')), { type: 'error' });
    } finally {
      setSending(false);
    }
  }

  const options: { value: CancellationTiming; label: string; hint: string }[] = [
    {
      value: 'periodEnd',
      label: translate('resources.billing.cancelDialog.periodEnd'),
      hint: periodEnd
        ? translate('resources.billing.cancelDialog.periodEndHint', { date: formatDay(periodEnd) })
        : translate('resources.billing.cancelDialog.periodEndHintNoDate'),
    },
    {
      value: 'immediately',
      label: translate('resources.billing.cancelDialog.immediately'),
      hint: translate('resources.billing.cancelDialog.immediatelyHint'),
    },
  ];

  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('resources.billing.cancelDialog.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate('resources.billing.cancelDialog.intro')}</Typography>
        <RadioGroup
          aria-label={translate('resources.billing.cancelDialog.intro')}
          value={timing}
          onChange={(event) => setTiming(event.target.value as CancellationTiming)}
        >
          {options.map(({ value, label, hint }) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1.5, '& .MuiRadio-root': { mt: -0.75 } }}
              label={
                <>
                  <Typography sx={{ fontWeight: 500 }}>{label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {hint}
                  </Typography>
                </>
              }
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={sending}>
          {translate('resources.billing.cancelDialog.keep')}
        </Button>
        <Button variant="contained" color="error" loading={sending} onClick={() => void confirm()}>
          {translate('resources.billing.cancelDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
