import { useCallback, useId, useState } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { SEAT_PRICE_CENTS } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { FIRST_EMPLOYEE_SETUP } from '../employees/firstEmployeeCheckout';
import { formatCents } from '../format/amounts';
import { Page } from '../layout/Page';
import { useIsMobile } from '../layout/useIsMobile';
import { BillingHistoryTab } from './BillingHistoryTab';
import { CheckoutReportAlert } from './CheckoutReportAlert';
import { PaymentMethodsTab } from './PaymentMethodsTab';
import { SubscriptionTab } from './SubscriptionTab';
import { useBillingData } from './useBillingData';
import { useCheckoutReport } from './useCheckoutReport';
import { useCheckoutFlow, type FlowNotice } from './useCheckoutFlow';

const TABS = ['subscription', 'paymentMethods', 'history'] as const;
type BillingTab = (typeof TABS)[number];

/** /dashboard/billing (spec section 2), for admins: the subscription, the cards on file and what was billed. */
export function BillingPage() {
  const translate = useTranslate();
  const tabsId = useId();
  const isMobile = useIsMobile();
  const [tab, setTab] = useState<BillingTab>('subscription');
  const [refreshing, setRefreshing] = useState(false);
  const [searchParams] = useSearchParams();
  // Opening the first employee's checkout: the screen is left in a second, its data is not needed.
  const { info, paymentMethods, history, reload } = useBillingData({
    paused: searchParams.get('setup') === FIRST_EMPLOYEE_SETUP,
  });

  const reloadAfterChange = useCallback(() => void reload({ fresh: true }), [reload]);
  const showPaymentMethods = useCallback(() => setTab('paymentMethods'), []);
  const flow = useCheckoutFlow({ reload: reloadAfterChange, showPaymentMethods });
  // A paid checkout whose return page was lost; a return to this page reports its own checkout.
  const paid = useCheckoutReport(
    flow.arrivalKind === 'plain' ? info.data?.unreportedCheckout : null,
    reloadAfterChange,
  );

  const tabActions = {
    working: flow.working,
    onRetry: reloadAfterChange,
    onChanged: reloadAfterChange,
    onAddCard: flow.addCard,
  };

  async function refresh() {
    setRefreshing(true);
    await reload({ fresh: true });
    setRefreshing(false);
  }

  return (
    <Page title={translate('resources.billing.name')}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}
      >
        <Typography color="text.secondary" sx={{ flex: '1 1 320px' }}>
          {translate('resources.billing.intro', { price: formatCents(SEAT_PRICE_CENTS) })}
        </Typography>
        <Button variant="outlined" startIcon={<RefreshIcon />} loading={refreshing} onClick={() => void refresh()}>
          {translate('resources.billing.refresh')}
        </Button>
      </Box>
      {flow.notice && <FlowNoticeAlert notice={flow.notice} onClose={flow.dismissNotice} />}
      {paid.report && <CheckoutReportAlert report={paid.report} onClose={paid.dismiss} />}
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, value: BillingTab) => setTab(value)}
          variant={isMobile ? 'fullWidth' : 'standard'}
          aria-label={translate('resources.billing.tabs.label')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={translate(`resources.billing.tabs.${value}`)}
              wrapped={isMobile}
              id={`${tabsId}-${value}-tab`}
              // Only the selected tab's panel is rendered, so only it can be referenced.
              aria-controls={value === tab ? `${tabsId}-${value}-panel` : undefined}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`${tabsId}-${tab}-panel`}
          aria-labelledby={`${tabsId}-${tab}-tab`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          {tab === 'subscription' && (
            <SubscriptionTab
              info={info}
              {...tabActions}
              onSubscribe={flow.subscribe}
              onShowPaymentMethods={showPaymentMethods}
            />
          )}
          {tab === 'paymentMethods' && <PaymentMethodsTab paymentMethods={paymentMethods} {...tabActions} />}
          {tab === 'history' && <BillingHistoryTab history={history} onRetry={reloadAfterChange} />}
        </Box>
      </Paper>
    </Page>
  );
}

function FlowNoticeAlert({ notice, onClose }: { notice: FlowNotice; onClose: () => void }) {
  return (
    <Alert
      severity={notice.severity}
      icon={notice.working ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
      onClose={notice.working || notice.nextStep ? undefined : onClose}
      sx={{ mb: 2 }}
    >
      {notice.nextStep ? <AlertTitle>{notice.message}</AlertTitle> : notice.message}
      {notice.nextStep}
    </Alert>
  );
}
