import { useId, useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, Menu, MenuItem, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { BillingInfo, BillingSubscriptionStatus } from '@teamfolk/shared/contracts';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { errorMessage } from '../providers/apiError';
import { formatCents } from '../format/amounts';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { formatDay, subscriptionDateOf } from './billingFormat';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { LoadState } from './LoadState';
import { StatusChip, type StatusTone } from './StatusChip';
import type { BillingTabActions, Loadable } from './useBillingData';

type ShownStatus = BillingSubscriptionStatus | 'none';

const STATUS_TONES: Record<ShownStatus, StatusTone> = {
  active: 'good',
  cancel_at_period_end: 'attention',
  canceled: 'bad',
  incomplete: 'neutral',
  none: 'neutral',
};

interface SubscriptionTabProps extends BillingTabActions {
  info: Loadable<BillingInfo>;
  onSubscribe: () => void;
  onShowPaymentMethods: () => void;
}

/** The subscription states of spec section 4 and what the admin can do in each. */
export function SubscriptionTab({ info, working, onRetry, onSubscribe, onAddCard, ...actions }: SubscriptionTabProps) {
  const translate = useTranslate();
  const billing = info.data;
  const loadState = <LoadState part={info} loadingLabel={translate('resources.billing.loading')} onRetry={onRetry} />;
  if (!billing) return loadState;

  const status: ShownStatus = billing.subscription?.status ?? 'none';
  const periodEnd = billing.subscription?.currentPeriodEnd ?? null;

  return (
    <>
      {loadState}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Typography component="h3" variant="h6">
          {translate('resources.billing.subscription.title')}
        </Typography>
        <StatusChip
          tone={STATUS_TONES[status]}
          label={translate(`resources.billing.subscription.statuses.${status}`)}
        />
      </Box>
      <SubscriptionFacts billing={billing} />
      <Box sx={{ mt: 3 }}>
        {status === 'active' && (
          <ActiveSubscription
            hasPaymentMethod={billing.hasPaymentMethod}
            periodEnd={periodEnd}
            working={working}
            onAddCard={onAddCard}
            {...actions}
          />
        )}
        {status === 'cancel_at_period_end' && (
          <CancelingSubscription periodEnd={periodEnd} working={working} onChanged={actions.onChanged} />
        )}
        {status === 'canceled' && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate('resources.billing.messages.subscriptionExpired')}{' '}
            {translate('resources.billing.subscription.endedText')}
          </Alert>
        )}
        {(status === 'none' || status === 'incomplete' || status === 'canceled') && (
          <Subscribe billing={billing} working={working} onSubscribe={onSubscribe} />
        )}
      </Box>
    </>
  );
}

function SubscriptionFacts({ billing }: { billing: BillingInfo }) {
  const translate = useTranslate();
  const date = subscriptionDateOf(billing.subscription);
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
        columnGap: 3,
        rowGap: 1.5,
        m: 0,
      }}
    >
      <Fact label={translate('resources.billing.subscription.seats')}>{billing.seatCount}</Fact>
      <Fact label={translate('resources.billing.subscription.pricePerSeat')}>
        {translate('resources.billing.subscription.perMonth', { amount: formatCents(billing.pricePerSeat) })}
      </Fact>
      <Fact label={translate('resources.billing.subscription.monthlyTotal')}>{formatCents(billing.monthlyAmount)}</Fact>
      {date && <Fact label={translate(`resources.billing.subscription.${date.label}`)}>{formatDay(date.instant)}</Fact>}
      <Fact label={translate('resources.billing.subscription.paymentMethod')}>
        {translate(`resources.billing.subscription.${billing.hasPaymentMethod ? 'cardOnFile' : 'noCard'}`)}
      </Fact>
    </Box>
  );
}

/** A term and its value: side by side on a phone, stacked in columns on wider screens. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: { xs: 'contents', sm: 'block' } }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: 600, fontSize: { sm: '1.15rem' }, textAlign: { xs: 'right', sm: 'left' } }}
      >
        {children}
      </Typography>
    </Box>
  );
}

interface ActiveSubscriptionProps {
  hasPaymentMethod: boolean;
  periodEnd: string | null;
  working: boolean;
  onAddCard: () => void;
  onChanged: () => void;
  onShowPaymentMethods: () => void;
}

function ActiveSubscription({
  hasPaymentMethod,
  periodEnd,
  working,
  onAddCard,
  onChanged,
  onShowPaymentMethods,
}: ActiveSubscriptionProps) {
  const translate = useTranslate();
  const [canceling, setCanceling] = useState(false);
  return (
    <>
      {!hasPaymentMethod && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" disabled={working} onClick={onAddCard}>
              {translate('resources.billing.paymentMethods.add')}
            </Button>
          }
        >
          {translate('resources.billing.subscription.noCardWarning')}
        </Alert>
      )}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.billing.subscription.activeText')}
      </Typography>
      <ManageSubscriptionMenu
        disabled={working}
        onShowPaymentMethods={onShowPaymentMethods}
        onCancel={() => setCanceling(true)}
      />
      {canceling && (
        <CancelSubscriptionDialog
          periodEnd={periodEnd}
          onClose={() => setCanceling(false)}
          onCanceled={() => {
            setCanceling(false);
            onChanged();
          }}
        />
      )}
    </>
  );
}

interface ManageSubscriptionMenuProps {
  disabled: boolean;
  onShowPaymentMethods: () => void;
  onCancel: () => void;
}

function ManageSubscriptionMenu({ disabled, onShowPaymentMethods, onCancel }: ManageSubscriptionMenuProps) {
  const translate = useTranslate();
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        endIcon={<ExpandMoreIcon />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate('resources.billing.subscription.manage')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem onClick={choose(onShowPaymentMethods)}>
          {translate('resources.billing.subscription.showPaymentMethods')}
        </MenuItem>
        <MenuItem onClick={choose(onCancel)} sx={{ color: 'error.main' }}>
          {translate('resources.billing.subscription.cancel')}
        </MenuItem>
      </Menu>
    </>
  );
}

interface CancelingSubscriptionProps {
  periodEnd: string | null;
  working: boolean;
  onChanged: () => void;
}

function CancelingSubscription({ periodEnd, working, onChanged }: CancelingSubscriptionProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [reactivating, setReactivating] = useState(false);

  async function reactivate() {
    setReactivating(true);
    try {
      const { data: reply } = await dataProvider.reactivateSubscription();
      notify(reply.message || translate('resources.billing.messages.reactivated'), { type: 'success' });
      onChanged();
    } catch (error) {
      notify(errorMessage(error, translate('resources.billing.messages.reactivateFailed')), { type: 'error' });
    } finally {
      setReactivating(false);
    }
  }

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
        <AlertTitle>{translate('resources.billing.messages.canceledAtPeriodEnd')}</AlertTitle>
        {periodEnd
          ? translate('resources.billing.subscription.accessUntilText', { date: formatDay(periodEnd) })
          : translate('resources.billing.subscription.reactivateHint')}
      </Alert>
      <Button variant="contained" loading={reactivating} disabled={working} onClick={() => void reactivate()}>
        {translate('resources.billing.subscription.reactivate')}
      </Button>
    </Stack>
  );
}

interface SubscribeProps {
  billing: BillingInfo;
  working: boolean;
  onSubscribe: () => void;
}

/** No running subscription: Subscribe Now for at least one seat, else the employees come first. */
function Subscribe({ billing, working, onSubscribe }: SubscribeProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  if (billing.seatCount === 0) {
    // While the first employee's checkout opens, they are about to become the first seat.
    if (working) return null;
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => navigate('/dashboard/employees')}>
            {translate('resources.billing.subscription.goToEmployees')}
          </Button>
        }
      >
        {translate('resources.billing.messages.addEmployeesFirst')}
      </Alert>
    );
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>
        {translate('resources.billing.subscription.subscribeText', {
          smart_count: billing.seatCount,
          price: formatCents(billing.pricePerSeat),
          total: formatCents(billing.monthlyAmount),
        })}
      </Typography>
      <Button variant="contained" disabled={working} onClick={onSubscribe}>
        {translate('resources.billing.subscription.subscribeNow')}
      </Button>
    </Stack>
  );
}
