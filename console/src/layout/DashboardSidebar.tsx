import { useEffect, useState } from 'react';
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

  // The shared sidebar state is 'open' on wide screens. Carried into the phone layout it would open
  // the modal drawer for a moment and leave the page hidden from screen readers, so an 'open' that
  // predates the narrow layout is ignored until the effect below has closed it.
  const [openFromWideLayout, setOpenFromWideLayout] = useState(() => isMobile && open);
  const [layoutWasMobile, setLayoutWasMobile] = useState(isMobile);
  if (layoutWasMobile !== isMobile) {
    setLayoutWasMobile(isMobile);
    setOpenFromWideLayout(isMobile && open);
  } else if (openFromWideLayout && !open) {
    setOpenFromWideLayout(false);
  }
  useEffect(() => {
    if (isMobile) setOpen(false);
  }, [isMobile, setOpen]);

  if (isMobile) {
    return (
      <Drawer
        variant="temporary"
        open={open && !openFromWideLayout}
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
