import { Stack } from '@mui/material';
import { canAccess } from '@teamfolk/shared/rules';
import { useTranslate } from 'react-admin';
import { useSession } from '../auth/SessionProvider';
import { Page } from '../layout/Page';
import { DataExportCard } from '../privacy/DataExportCard';
import { approvedTeamsOf } from '../teams/approver';
import { DecisionEmailsCard } from '../teams/DecisionEmailsCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { TwoFactorCard } from './TwoFactorCard';

/**
 * /dashboard/account: every signed-in user changes their password and downloads their data here; admins
 * also manage two-step sign-in and download the company's data; whoever decides requests chooses how
 * they hear of them.
 */
export function AccountSecurityPage() {
  const translate = useTranslate();
  const { user } = useSession();
  return (
    <Page title={translate('app.account.title')}>
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        <ChangePasswordCard />
        {canAccess(user, { resource: 'twoFactor', action: 'show' }) && <TwoFactorCard />}
        {(canAccess(user, { resource: 'leaves', action: 'approve' }) || approvedTeamsOf(user).length > 0) && (
          <DecisionEmailsCard />
        )}
        <DataExportCard />
      </Stack>
    </Page>
  );
}
