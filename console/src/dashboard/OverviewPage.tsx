import { canAccess } from '@teamfolk/shared/rules';
import { useTranslate } from 'react-admin';
import { EmailVerificationBanner } from '../auth/EmailVerificationBanner';
import { useSession, useSubscriptionExpired } from '../auth/SessionProvider';
import { Page } from '../layout/Page';
import { SubscriptionExpiredState } from '../layout/SubscriptionExpiredState';
import { BalanceOverview } from './BalanceOverview';
import { RequestSummary } from './RequestSummary';
import { UpcomingEvents } from './UpcomingEvents';
import { useDashboardSummary, useUpcomingEvents } from './useOverviewData';

/**
 * /dashboard (spec section 2): the greeting and verification reminder, an employee's own balances,
 * the request counts of the user's scope, and the coming birthdays and work anniversaries (which an
 * ended subscription closes: the screen says so rather than showing empty counts and lists).
 */
export function OverviewPage() {
  const { user } = useSession();
  const subscriptionExpired = useSubscriptionExpired();
  const translate = useTranslate();
  const summary = useDashboardSummary({ enabled: !subscriptionExpired });
  const upcomingEvents = useUpcomingEvents({ enabled: !subscriptionExpired });
  if (!user) return null;

  return (
    <Page title={translate('app.overview.welcomeBack', { name: user.employeeName || user.email })}>
      <EmailVerificationBanner />
      {user.role === 'employee' && <BalanceOverview user={user} />}
      {subscriptionExpired ? (
        <SubscriptionExpiredState />
      ) : (
        <>
          <RequestSummary
            companyWide={canAccess(user, { resource: 'employees', action: 'list' })}
            summary={summary.data}
            loading={summary.loading}
            onLeaveSubmitted={summary.reload}
          />
          <UpcomingEvents events={upcomingEvents.data ?? []} loading={upcomingEvents.loading} />
        </>
      )}
    </Page>
  );
}
