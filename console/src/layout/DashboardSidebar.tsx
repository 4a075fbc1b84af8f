import { useEffect } from 'react';
import { Box, Drawer, Typography } from '@mui/material';
import { LAYOUT } from '@teamfolk/shared/contracts';
import { useSidebarState, useTranslate, type SidebarProps } from 'react-admin';
import { useSession } from '../auth/SessionProvider';
import { APP_BAR_HEIGHT } from './DashboardAppBar';
import { useIsMobile } from './useIsMobile';

const width = LAYOUT.sidebarWidthPx;

/** Permanent beside the content on wide screens, a temporary drawer opened from the app bar on phones. */
export function DashboardSidebar({ children }: SidebarProps) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useSidebarState();
  const { user } = useSession();
  const translate = useTranslate();

  useEffect(() => {
    if (isMobile) setOpen(false);
  }, [isMobile, setOpen]);

  if (isMobile) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={() => setOpen(false)}
        ModalProps={{ keepMounted: true }}
        sx={{ '& .MuiDrawer-paper': { width, boxSizing: 'border-box' } }}
      >
        {user && (
          <Box sx={{ px: 2, py: 2, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {translate('app.layout.welcome', { name: user.employeeName || user.email })}
            </Typography>
          </Box>
        )}
        {children}
      </Drawer>
    );
  }

  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          position: 'sticky',
          top: APP_BAR_HEIGHT.sm,
          height: `calc(100vh - ${APP_BAR_HEIGHT.sm}px)`,
          bgcolor: 'background.paper',
        },
      }}
    >
      {children}
    </Drawer>
  );
}
