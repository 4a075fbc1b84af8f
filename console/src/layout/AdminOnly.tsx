import type { ReactNode } from 'react';
import { Button, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { AccessRequest } from '@teamfolk/shared/rules';
import { CanAccess, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { Page } from './Page';

/** Renders an admin-only screen, or a short explanation for everybody else (spec section 6). */
export function AdminOnly({
  resource,
  action = 'list',
  loading,
  children,
}: {
  resource: AccessRequest['resource'];
  /** What the screen does: a list by default, or a setting's 'edit'. */
  action?: AccessRequest['action'];
  /** Shown while the permission is checked, instead of react-admin's default. */
  loading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <CanAccess resource={resource} action={action} accessDenied={<NotAllowed />} loading={loading}>
      {children}
    </CanAccess>
  );
}

function NotAllowed() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Page title={translate('app.access.notAllowedTitle')}>
      <LockOutlinedIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
      <Typography sx={{ mt: 1, mb: 3 }}>{translate('app.access.notAllowedMessage')}</Typography>
      <Button variant="contained" onClick={() => navigate('/dashboard')}>
        {translate('app.access.backToDashboard')}
      </Button>
    </Page>
  );
}
