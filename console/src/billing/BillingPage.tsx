import PaymentsIcon from '@mui/icons-material/Payments';
import { useTranslate } from 'react-admin';
import { EmptyState } from '../layout/EmptyState';
import { Page } from '../layout/Page';

/** Placeholder until the billing screens are built. */
export function BillingPage() {
  const translate = useTranslate();
  return (
    <Page title={translate('resources.billing.name', { smart_count: 2 })}>
      <EmptyState
        icon={<PaymentsIcon />}
        title={translate('resources.billing.emptyTitle')}
        message={translate('resources.billing.emptyMessage')}
      />
    </Page>
  );
}
