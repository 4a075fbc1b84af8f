import { useCallback, useEffect, useRef } from 'react';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router';
import { useReturnToPage } from '../auth/returnToPage';
import { useSession } from '../auth/SessionProvider';
import { BILLING_PATH, subscriptionNoticeFor } from '../auth/subscriptionNotice';

/**
 * The one banner of an ended subscription, above every dashboard screen (spec section 4): admins get a
 * link to Billing, employees the note to ask an admin. While it stands, the user is re-read on each new
 * screen and when the tab comes back, so it goes away once the subscription is active again.
 */
export function SubscriptionExpiredBanner() {
  const { user, refresh } = useSession();
  const translate = useTranslate();
  const { pathname } = useLocation();
  const expired = user?.subscriptionExpired === true;
  const recheck = useCallback(() => void refresh({ background: true }), [refresh]);
  useReturnToPage(expired, recheck);

  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    if (expired) recheck();
  }, [expired, pathname, recheck]);

  const notice = subscriptionNoticeFor(user, pathname);
  if (!notice) return null;
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pt: { xs: 2, sm: 3 }, maxWidth: 1200, width: '100%' }}>
      <Alert severity="error">
        <AlertTitle>{translate('app.subscription.expired')}</AlertTitle>
        {notice.action === 'openBilling' ? (
          <>
            {translate('app.subscription.subscribeAgain')}
            <Box sx={{ mt: 1.5 }}>
              <Button component={RouterLink} to={BILLING_PATH} variant="outlined" color="inherit" size="small">
                {translate('app.subscription.openBilling')}
              </Button>
            </Box>
          </>
        ) : (
          translate('app.subscription.contactAdmin')
        )}
      </Alert>
    </Box>
  );
}
