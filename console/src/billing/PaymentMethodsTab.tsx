import { useState } from 'react';
import { Box, Button, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import AddCardIcon from '@mui/icons-material/AddCard';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { PaymentMethodRecord, PaymentMethodsReply } from '@teamfolk/shared/contracts';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { EmptyState } from '../layout/EmptyState';
import { capitalize, formatCardExpiry } from './billingFormat';
import { LoadState } from './LoadState';
import type { BillingTabActions, Loadable } from './useBillingData';

interface PaymentMethodsTabProps extends BillingTabActions {
  paymentMethods: Loadable<PaymentMethodsReply>;
}

/** The company's cards: add one on the hosted card page, make one the default, remove another (spec section 5). */
export function PaymentMethodsTab({ paymentMethods, working, onRetry, onChanged, onAddCard }: PaymentMethodsTabProps) {
  const translate = useTranslate();
  const reply = paymentMethods.data;
  const addButton = (
    <Button variant="contained" startIcon={<AddCardIcon />} disabled={working} onClick={onAddCard}>
      {translate('resources.billing.paymentMethods.add')}
    </Button>
  );

  return (
    <>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}
      >
        <Typography component="h3" variant="h6">
          {translate('resources.billing.paymentMethods.title')}
        </Typography>
        {reply && reply.paymentMethods.length > 0 && addButton}
      </Box>
      <LoadState
        part={paymentMethods}
        loadingLabel={translate('resources.billing.paymentMethods.loading')}
        onRetry={onRetry}
      />
      {reply && reply.paymentMethods.length === 0 && (
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: '100%' }}>
            <EmptyState
              icon={<CreditCardIcon />}
              title={translate('resources.billing.paymentMethods.emptyTitle')}
              message={translate('resources.billing.paymentMethods.emptyMessage')}
            />
          </Box>
          {addButton}
        </Stack>
      )}
      {reply && reply.paymentMethods.length > 0 && (
        <>
          <Stack
            component="ul"
            spacing={1.5}
            aria-label={translate('resources.billing.paymentMethods.listLabel')}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {reply.paymentMethods.map((method) => (
              <PaymentMethodRow
                key={method.id}
                method={method}
                isDefault={method.id === reply.currentPaymentMethod}
                removable={reply.paymentMethods.length > 1 && method.id !== reply.currentPaymentMethod}
                onChanged={onChanged}
              />
            ))}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate('resources.billing.paymentMethods.defaultHint')}
          </Typography>
        </>
      )}
    </>
  );
}

interface PaymentMethodRowProps {
  method: PaymentMethodRecord;
  isDefault: boolean;
  removable: boolean;
  onChanged: () => void;
}

function PaymentMethodRow({ method, isDefault, removable, onChanged }: PaymentMethodRowProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [makingDefault, setMakingDefault] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { brand, last4, exp_month, exp_year } = method.card;
  const cardName = translate('resources.billing.paymentMethods.card', {
    brand: translate(`resources.billing.paymentMethods.brands.${brand}`, { _: capitalize(brand) }),
    last4,
  });

  async function makeDefault() {
    setMakingDefault(true);
    try {
      const { data: reply } = await dataProvider.makeDefaultPaymentMethod(method.id);
      notify(reply.message || translate('resources.billing.messages.defaultPaymentMethodUpdated'), {
        type: 'success',
      });
      onChanged();
    } catch (error) {
      notify(errorMessage(error, translate('resources.billing.messages.updatePaymentMethodFailed')), {
        type: 'error',
      });
    } finally {
      setMakingDefault(false);
    }
  }

  async function remove() {
    setRemoving(true);
    try {
      const { data: reply } = await dataProvider.removePaymentMethod(method.id);
      notify(reply.message || translate('resources.billing.messages.paymentMethodRemoved'), { type: 'success' });
      setConfirmingRemoval(false);
      onChanged();
    } catch (error) {
      notify(errorMessage(error, translate('resources.billing.messages.removePaymentMethodFailed')), {
        type: 'error',
      });
    } finally {
      setRemoving(false);
    }
  }

  return (
    <Paper component="li" variant="outlined" aria-label={cardName} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <CreditCardIcon color="action" aria-hidden />
        <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{cardName}</Typography>
            {isDefault && (
              <Chip size="small" color="primary" label={translate('resources.billing.paymentMethods.default')} />
            )}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {translate('resources.billing.paymentMethods.expires', { date: formatCardExpiry(exp_month, exp_year) })}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
          {!isDefault && (
            <Button size="small" variant="outlined" loading={makingDefault} onClick={() => void makeDefault()}>
              {translate('resources.billing.paymentMethods.makeDefault')}
            </Button>
          )}
          {removable && (
            <Tooltip title={translate('resources.billing.paymentMethods.removeTooltip')}>
              <IconButton
                aria-label={translate('resources.billing.paymentMethods.removeLabel', { card: cardName })}
                color="error"
                onClick={() => setConfirmingRemoval(true)}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      </Box>
      <Confirm
        isOpen={confirmingRemoval}
        loading={removing}
        title="resources.billing.paymentMethods.removeDialog.title"
        content="resources.billing.paymentMethods.removeDialog.content"
        translateOptions={{ card: cardName }}
        confirm="resources.billing.paymentMethods.removeDialog.confirm"
        confirmColor="warning"
        ConfirmIcon={DeleteOutlinedIcon}
        onConfirm={() => void remove()}
        onClose={() => setConfirmingRemoval(false)}
      />
    </Paper>
  );
}
