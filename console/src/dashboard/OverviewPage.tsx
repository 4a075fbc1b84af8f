import { useTranslate } from 'react-admin';
import { EmailVerificationBanner } from '../auth/EmailVerificationBanner';
import { useSession } from '../auth/SessionProvider';
import { Page } from '../layout/Page';
import { BalanceOverview } from './BalanceOverview';

/** /dashboard: the greeting, the verification reminder and, for employees, their leave balances. */
export function OverviewPage() {
  const { user } = useSession();
  const translate = useTranslate();
  if (!user) return null;

  return (
    <Page title={translate('app.overview.welcomeBack', { name: user.employeeName || user.email })}>
      <EmailVerificationBanner />
      {user.role === 'employee' && <BalanceOverview user={user} />}
    </Page>
  );
}
