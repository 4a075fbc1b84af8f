import type { ReactElement } from 'react';
import { List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventNoteIcon from '@mui/icons-material/EventNote';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import { useSidebarState, useTranslate } from 'react-admin';
import { NavLink } from 'react-router';
import { canAccess } from '../auth/canAccess';
import { useSession } from '../auth/SessionProvider';
import { useIsMobile } from './useIsMobile';

interface MenuEntry {
  resource: string;
  to: string;
  icon: ReactElement;
}

const menuEntries: readonly MenuEntry[] = [
  { resource: 'dashboard', to: '/dashboard', icon: <DashboardIcon /> },
  { resource: 'employees', to: '/dashboard/employees', icon: <PeopleIcon /> },
  { resource: 'leaves', to: '/dashboard/leaves', icon: <EventNoteIcon /> },
  { resource: 'calendar', to: '/dashboard/calendar', icon: <CalendarMonthIcon /> },
  { resource: 'billing', to: '/dashboard/billing', icon: <PaymentsIcon /> },
];

export function DashboardMenu() {
  const { user } = useSession();
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const [, setSidebarOpen] = useSidebarState();
  const entries = menuEntries.filter(({ resource }) => canAccess(user?.role, { resource, action: 'list' }));

  return (
    <List component="nav" aria-label={translate('app.layout.navigationLabel')} sx={{ px: 1 }}>
      {entries.map(({ resource, to, icon }) => (
        <ListItemButton
          key={resource}
          component={NavLink}
          to={to}
          end={resource === 'dashboard'}
          onClick={() => isMobile && setSidebarOpen(false)}
          sx={{
            borderRadius: 1,
            mb: 0.5,
            '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 600 },
            '&.active .MuiListItemIcon-root': { color: 'primary.main' },
          }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
          <ListItemText primary={translate(`resources.${resource}.name`, { smart_count: 2 })} />
        </ListItemButton>
      ))}
    </List>
  );
}
