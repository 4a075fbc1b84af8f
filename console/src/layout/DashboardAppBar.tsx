import { AppBar, Button, Chip, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MenuIcon from '@mui/icons-material/Menu';
import { useSidebarState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { useIsMobile } from './useIsMobile';

/** The offset react-admin's Layout leaves above the content (spacing 7 on phones, 6 above). */
export const APP_BAR_HEIGHT = { xs: 56, sm: 48 } as const;

export function DashboardAppBar() {
  const { user, logout } = useSession();
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const isAdmin = user?.role === 'admin';
  const logoutLabel = translate('app.layout.logout');
  const accountLabel = translate('app.account.open');

  return (
    <AppBar position="fixed" elevation={1}>
      <Toolbar sx={{ minHeight: APP_BAR_HEIGHT, gap: { xs: 1, sm: 2 }, px: { xs: 1, sm: 2 } }}>
        {isMobile && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={translate('app.layout.openNavigation')}
            aria-expanded={sidebarOpen}
            onClick={() => setSidebarOpen(!sidebarOpen)}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          component="h1"
          variant="h6"
          noWrap
          sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
        >
          {translate(isAdmin ? 'app.layout.adminTitle' : 'app.layout.employeeTitle')}
        </Typography>
        {user && !isMobile && (
          <Typography variant="body2" noWrap sx={{ maxWidth: 260 }}>
            {translate('app.layout.welcome', { name: user.employeeName || user.email })}
          </Typography>
        )}
        <Chip
          label={translate(isAdmin ? 'app.layout.roleAdmin' : 'app.layout.roleEmployee')}
          size="small"
          variant="outlined"
          sx={{ color: 'inherit', borderColor: 'rgba(255, 255, 255, 0.7)', flexShrink: 0 }}
        />
        {user && (
          <Tooltip title={accountLabel}>
            <IconButton color="inherit" component={RouterLink} to="/dashboard/account" aria-label={accountLabel}>
              <ManageAccountsIcon />
            </IconButton>
          </Tooltip>
        )}
        {isMobile ? (
          <IconButton color="inherit" edge="end" aria-label={logoutLabel} onClick={logout}>
            <LogoutIcon />
          </IconButton>
        ) : (
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={logout} sx={{ flexShrink: 0 }}>
            {logoutLabel}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
