import { useTranslate } from 'react-admin';
import { EmailVerificationBanner } from '../auth/EmailVerificationBanner';
import { useSession } from '../auth/SessionProvider';
import { Page } from '../layout/Page';
import { BalanceOverview } from './BalanceOverview';
import { RequestSummary } from './RequestSummary';
import { UpcomingEvents } from './UpcomingEvents';
import { useDashboardSummary, useUpcomingEvents } from './useOverviewData';

/**
 * /dashboard (spec section 2): the greeting and verification reminder, an employee's own balances,
 * the request counts of the user's scope, and the coming birthdays and work anniversaries.
 */
export function OverviewPage() {
  const { user } = useSession();
  const translate = useTranslate();
  const summary = useDashboardSummary();
  const upcomingEvents = useUpcomingEvents();
  if (!user) return null;
  const isAdmin = user.role === 'admin';

  return (
    <Page title={translate('app.overview.welcomeBack', { name: user.employeeName || user.email })}>
      <EmailVerificationBanner />
      {!isAdmin && <BalanceOverview user={user} />}
      <RequestSummary
        isAdmin={isAdmin}
        summary={summary.data}
        loading={summary.loading}
        onLeaveSubmitted={summary.reload}
      />
      <UpcomingEvents events={upcomingEvents.data ?? []} loading={upcomingEvents.loading} />
    </Page>
  );
}
