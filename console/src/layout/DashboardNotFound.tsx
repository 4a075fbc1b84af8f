import { Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { Page } from './Page';

/** Unknown /dashboard/* paths, inside the shell so the menu stays at hand. */
export function DashboardNotFound() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Page title={translate('app.errors.pageNotFoundTitle')}>
      <Typography sx={{ mb: 3 }}>{translate('app.errors.pageNotFoundMessage')}</Typography>
      <Button variant="contained" onClick={() => navigate('/dashboard')}>
        {translate('app.access.backToDashboard')}
      </Button>
    </Page>
  );
}
