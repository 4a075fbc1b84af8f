import { Stack } from '@mui/material';
import { canAccess } from '@teamfolk/shared/rules';
import { useTranslate } from 'react-admin';
import { useSession } from '../auth/SessionProvider';
import { Page } from '../layout/Page';
import { DataExportCard } from '../privacy/DataExportCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { TwoFactorCard } from './TwoFactorCard';

/**
 * /dashboard/account: every signed-in user changes their password and downloads their data here; admins
 * also manage two-step sign-in and download the company's data.
 */
export function AccountSecurityPage() {
  const translate = useTranslate();
  const { user } = useSession();
  return (
    <Page title={translate('app.account.title')}>
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        <ChangePasswordCard />
        {canAccess(user, { resource: 'twoFactor', action: 'show' }) && <TwoFactorCard />}
        <DataExportCard />
      </Stack>
    </Page>
  );
}
