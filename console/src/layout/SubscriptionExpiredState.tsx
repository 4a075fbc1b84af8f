import LockClockOutlinedIcon from '@mui/icons-material/LockClockOutlined';
import { useTranslate } from 'react-admin';
import { EmptyState } from './EmptyState';

/** What a screen shows instead of data it cannot load once the subscription has ended; the banner says why. */
export function SubscriptionExpiredState() {
  const translate = useTranslate();
  return (
    <EmptyState
      icon={<LockClockOutlinedIcon />}
      title={translate('app.subscription.lockedTitle')}
      message={translate('app.subscription.lockedMessage')}
    />
  );
}
